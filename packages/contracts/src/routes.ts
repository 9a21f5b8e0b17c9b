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
