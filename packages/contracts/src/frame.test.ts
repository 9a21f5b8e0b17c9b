import { isReadyMessage, isTrustedMessage, MAX_QUESTION_CHARS, parsePageToFrame } from './frame';

describe('parsePageToFrame', () => {
  it.each([
    [{ type: 'language', lang: 'tr' }, { type: 'language', lang: 'tr' }],
    [{ type: 'source', source: 'bible' }, { type: 'source', source: 'bible' }],
    [{ type: 'source', source: null }, { type: 'source', source: null }],
    [{ type: 'ask', query: '  What is patience?  ' }, { type: 'ask', query: 'What is patience?' }],
  ])('accepts %j', (input, expected) => {
    expect(parsePageToFrame(input)).toEqual(expected);
  });

  it.each([
    null,
    'ask',
    42,
    { type: 'language', lang: 'de' },
    { type: 'source', source: '<script>' },
    { type: 'source', source: 7 },
    { type: 'ask', query: '   ' },
    { type: 'ask', query: 12 },
    { type: 'ask', query: 'x'.repeat(MAX_QUESTION_CHARS + 1) },
    { type: 'ready' },
    { type: '__proto__' },
  ])('rejects %j', (input) => {
    expect(parsePageToFrame(input)).toBeUndefined();
  });
});

describe('isTrustedMessage', () => {
  const own = 'http://localhost:3000';
  it('accepts only the expected origin', () => {
    expect(isTrustedMessage({ origin: own, source: null }, own)).toBe(true);
    expect(isTrustedMessage({ origin: 'http://evil.example', source: null }, own)).toBe(false);
    expect(isTrustedMessage({ origin: 'null', source: null }, own)).toBe(false);
  });
  it('checks the sending window when one is expected', () => {
    const frame = {} as Window;
    expect(isTrustedMessage({ origin: own, source: frame }, own, frame)).toBe(true);
    expect(isTrustedMessage({ origin: own, source: {} as Window }, own, frame)).toBe(false);
  });
});

it('recognises the ready message', () => {
  expect(isReadyMessage({ type: 'ready' })).toBe(true);
  expect(isReadyMessage({ type: 'ask' })).toBe(false);
  expect(isReadyMessage('ready')).toBe(false);
});
