import { verseAnchor, type Lang } from '@kb/contracts';

/**
 * A citation's reading-page URL made safe to put in an `href`: only `http:`/`https:` (or a
 * site-relative path) is kept, and `?lang=` is added when the URL has none, so the page
 * opens in the visitor's language. Returns `undefined` for anything else.
 *
 * @param url the citation's `url` as the server sent it
 * @param lang the visitor's language
 * @param base the origin relative URLs are resolved against (`window.location.origin`)
 */
export function readingHref(url: string, lang: Lang, base: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (!parsed.searchParams.has('lang')) parsed.searchParams.set('lang', lang);
  return parsed.origin === new URL(base).origin
    ? `${parsed.pathname}${parsed.search}${parsed.hash}`
    : parsed.href;
}

/**
 * Where a citation's "Read in context" opens: its reading page in the visitor's language,
 * scrolled to the cited verse, `/read/<source>/<ref>?lang=<lang>#v-<chapter>-<verse>` (the
 * page gives each verse that id, see `verseAnchor`). A URL that already has a fragment keeps
 * it; a reference without `<chapter>:<verse>` gets none. `undefined` when the citation's `url`
 * is not a safe reading-page URL (see {@link readingHref}).
 *
 * @param url the citation's `url` as the server sent it (`/read/quran/2%3A45`)
 * @param ref the citation's reference (`2:45`, `2:153-155`, `John 3:16`)
 * @param lang the visitor's language
 * @param base the site's origin (`window.location.origin`)
 */
export function contextHref(url: string, ref: string, lang: Lang, base: string): string | undefined {
  const reading = readingHref(url, lang, base);
  if (reading === undefined || reading.includes('#')) return reading;
  const anchor = verseAnchor(ref);
  return anchor === undefined ? reading : `${reading}#${anchor}`;
}
