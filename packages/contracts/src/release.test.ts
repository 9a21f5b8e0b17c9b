import { parseReleaseRef } from './release';

describe('parseReleaseRef', () => {
  it('reads <name>@<version> of a known remote', () => {
    expect(parseReleaseRef('assistant@0.1.0-1a2b3c4d')).toEqual({ name: 'assistant', version: '0.1.0-1a2b3c4d' });
    expect(parseReleaseRef('forms@1.2.3-rc.1-00000000')).toEqual({ name: 'forms', version: '1.2.3-rc.1-00000000' });
  });

  it.each([
    ['an unknown remote', 'shell@0.1.0-1a2b3c4d'],
    ['an inherited property name', 'toString@0.1.0-1a2b3c4d'],
    ['no version', 'assistant@'],
    ['no name', '@0.1.0-1a2b3c4d'],
    ['no hash', 'assistant@0.1.0'],
    ['an upper-case hash', 'assistant@0.1.0-1A2B3C4D'],
    ['a path', 'assistant@../0.1.0-1a2b3c4d'],
    ['two releases', 'assistant@0.1.0-1a2b3c4d,forms@0.1.0-1a2b3c4d'],
    ['a number', 42],
    ['a list', ['assistant@0.1.0-1a2b3c4d']],
  ])('refuses %s', (_what, value) => {
    expect(parseReleaseRef(value)).toBeUndefined();
  });
});
