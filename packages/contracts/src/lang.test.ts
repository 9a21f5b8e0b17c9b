import { initialLanguage } from './lang';
import { defineMessages, format } from './i18n';
import { isShellRoute, verseAnchor } from './routes';

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

describe('verseAnchor', () => {
  it.each([
    ['2:153', 'v-2-153'],
    ['2:153-155', 'v-2-153'],
    ['John 3:16', 'v-3-16'],
    ['1 John 3:16-18', 'v-3-16'],
    ['Genesis 1:1', 'v-1-1'],
  ])('%j → %s', (ref, id) => {
    expect(verseAnchor(ref)).toBe(id);
  });

  it.each(['Preface', '', '2:', ':5', '2:153-'])('%j has no verse to land on', (ref) => {
    expect(verseAnchor(ref)).toBeUndefined();
  });
});
