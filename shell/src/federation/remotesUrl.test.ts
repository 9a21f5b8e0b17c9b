import { remotesJsonUrl } from './remotesUrl';

describe('remotesJsonUrl', () => {
  it('is the bare list without a query', () => {
    expect(remotesJsonUrl()).toBe('/remotes.json');
    expect(remotesJsonUrl({ release: '' })).toBe('/remotes.json');
  });

  it('carries the previewed release, encoded', () => {
    expect(remotesJsonUrl({ release: 'assistant@0.1.0-1a2b3c4d' })).toBe('/remotes.json?release=assistant%400.1.0-1a2b3c4d');
    expect(remotesJsonUrl({ release: 'a&b=c' })).toBe('/remotes.json?release=a%26b%3Dc');
  });

  it('carries a whole bucket 0–99 and leaves anything else out', () => {
    expect(remotesJsonUrl({ bucket: 0, release: 'forms@0.1.0-1a2b3c4d' })).toBe('/remotes.json?bucket=0&release=forms%400.1.0-1a2b3c4d');
    expect(remotesJsonUrl({ bucket: 99 })).toBe('/remotes.json?bucket=99');
    expect(remotesJsonUrl({ bucket: 100 })).toBe('/remotes.json');
    expect(remotesJsonUrl({ bucket: 4.5 })).toBe('/remotes.json');
  });
});
