/**
 * The site-relative URL of a passage's reading page (`GET /read/<source>/<ref>`), with the
 * reference URL-encoded (`/read/quran/2%3A255`, `/read/bible/John%203%3A16`). Pure.
 */
export function readingUrl(source: string, ref: string): string {
  return `/read/${encodeURIComponent(source)}/${encodeURIComponent(ref)}`;
}
