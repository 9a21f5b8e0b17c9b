import { remotesJsonUrl } from './remotesUrl';

describe('remotesJsonUrl', () => {
  it('adds the bucket, and nothing when there is none', () => {
    expect(remotesJsonUrl({ bucket: 42 })).toBe('/remotes.json?bucket=42');
    expect(remotesJsonUrl({ bucket: 0 })).toBe('/remotes.json?bucket=0');
    expect(remotesJsonUrl({})).toBe('/remotes.json');
    expect(remotesJsonUrl()).toBe('/remotes.json');
  });

  it('leaves out a bucket the server would refuse', () => {
    expect(remotesJsonUrl({ bucket: 100 })).toBe('/remotes.json');
    expect(remotesJsonUrl({ bucket: -1 })).toBe('/remotes.json');
    expect(remotesJsonUrl({ bucket: 4.5 })).toBe('/remotes.json');
  });
});
