/**
 * The shell's client routes (SPEC.md §2). The server answers these with the shell's
 * `index.html` (status 200) and every other non-asset path with the same page at status 404,
 * where the shell renders its not-found screen.
 */
export const SHELL_ROUTES = [
  '/',
  '/project',
  '/about',
  '/contact',
  '/knowledge',
  '/search',
  '/chat',
  '/preview',
  '/open-data',
] as const;

/** True when `pathname` (no query string) is a shell route; a trailing slash is ignored. */
export function isShellRoute(pathname: string): boolean {
  const p = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return (SHELL_ROUTES as readonly string[]).includes(p);
}

const CHAPTER_VERSE = /(\d{1,4}):(\d{1,4})(?:-\d{1,4})?$/;

/**
 * The element id a verse carries on its reading page (`/read/<source>/<ref>`), and so the
 * fragment that scrolls to it: `v-<chapter>-<verse>`. For a range it is the range's first
 * verse (`2:153-155` → `v-2-153`); a Bible book name is not part of it (`John 3:16` →
 * `v-3-16`: a reading page shows one chapter). `undefined` for a reference without
 * `<chapter>:<verse>` at its end. Pure; the server's page and the assistant's links share it.
 */
export function verseAnchor(ref: string): string | undefined {
  const m = CHAPTER_VERSE.exec(ref.trim());
  return m ? `v-${Number(m[1])}-${Number(m[2])}` : undefined;
}
