import { contextHref } from './links';

const base = 'https://kb.example.org';

describe('contextHref', () => {
  it('opens the reading page in the visitor language at the cited verse', () => {
    expect(contextHref('/read/quran/2%3A153', '2:153', 'tr', base)).toBe('/read/quran/2%3A153?lang=tr#v-2-153');
    expect(contextHref('/read/quran/2%3A153-155', '2:153-155', 'en', base)).toBe(
      '/read/quran/2%3A153-155?lang=en#v-2-153',
    );
    expect(contextHref('/read/bible/John%203%3A16', 'John 3:16', 'en', base)).toBe(
      '/read/bible/John%203%3A16?lang=en#v-3-16',
    );
  });

  it('keeps a language and a fragment the server already chose', () => {
    expect(contextHref('/read/quran/2%3A45?lang=en#v-2-44', '2:45', 'tr', base)).toBe('/read/quran/2%3A45?lang=en#v-2-44');
  });

  it('adds no fragment to a passage without chapter and verse', () => {
    expect(contextHref('/read/other/Preface', 'Preface', 'en', base)).toBe('/read/other/Preface?lang=en');
  });

  it('refuses an address that is not http(s)', () => {
    expect(contextHref('javascript:alert(1)', '2:45', 'en', base)).toBeUndefined();
  });
});
