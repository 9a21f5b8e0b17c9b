/**
 * The two interface languages of the site. The shell owns the current one; remotes read it
 * from the language bus (see `languageBus.ts`).
 */
export type Lang = 'en' | 'tr';

/** Every interface language, in the order the switch shows them. */
export const LANGS: readonly Lang[] = ['en', 'tr'];

/** True when `value` is one of the interface languages. Never throws. */
export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'tr';
}

/**
 * Chooses the language a visit starts in.
 *
 * Order (ARCHITECTURE.md "Language bus"): `?lang=` in the URL, else the last choice stored by
 * the shell, else `tr` when the browser prefers Turkish, else `en`.
 *
 * @param search   the URL's query string (`location.search`, with or without `?`)
 * @param stored   the stored last choice (any string, or null when there is none)
 * @param preferred the browser's preferred languages, most preferred first (`navigator.languages`)
 */
export function initialLanguage(
  search: string,
  stored: string | null,
  preferred: readonly string[],
): Lang {
  const fromUrl = new URLSearchParams(search).get('lang');
  if (isLang(fromUrl)) return fromUrl;
  if (isLang(stored)) return stored;
  const first = preferred[0];
  if (first !== undefined && first.toLowerCase().startsWith('tr')) return 'tr';
  return 'en';
}

/** Key under which the shell stores the visitor's last language choice in localStorage. */
export const LANGUAGE_STORAGE_KEY = 'kb:language';
