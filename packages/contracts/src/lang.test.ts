import { initialLanguage } from './lang';
import { defineMessages, format } from './i18n';
import { isShellRoute } from './routes';

describe('initialLanguage', () => {
  it.each([
    ['?lang=tr', 'en', ['en-US'], 'tr'],
    ['?lang=en', 'tr', ['tr-TR'], 'en'],
    ['?lang=de', 'tr', ['en-US'], 'tr'],
    ['', 'tr', ['en-US'], 'tr'],
    ['', null, ['tr-TR', 'en'], 'tr'],
    ['', null, ['TR'], 'tr'],
    ['', 'garbage', ['de-DE', 'tr'], 'en'],
    ['', null, [], 'en'],
  ])('search %j, stored %j, preferred %j → %s', (search, stored, preferred, expected) => {
    expect(initialLanguage(search, stored, preferred)).toBe(expected);
  });
});

describe('messages', () => {
  it('keeps both languages and fills placeholders', () => {
    const m = defineMessages({ hello: 'Hello {name}' }, { hello: 'Merhaba {name}' });
    expect(format(m.tr.hello, { name: 'Ayşe' })).toBe('Merhaba Ayşe');
    expect(format(m.en.hello, {})).toBe('Hello {name}');
  });
});

describe('isShellRoute', () => {
  it.each([
    ['/', true],
    ['/chat', true],
    ['/open-data/', true],
    ['/nope', false],
    ['/chat/extra', false],
  ])('%s → %s', (path, expected) => {
    expect(isShellRoute(path)).toBe(expected);
  });
});
