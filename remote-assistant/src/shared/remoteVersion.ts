/**
 * This remote's release version (`<package version>-<8 hex>`), shown on the root element of
 * every exposed page as `data-remote-version`. `'dev'` when the build did not inject
 * `__REMOTE_VERSION__` (jest, a bare tsc run).
 */
export const REMOTE_VERSION: string =
  typeof __REMOTE_VERSION__ === 'string' ? __REMOTE_VERSION__ : 'dev';
