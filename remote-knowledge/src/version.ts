/** This build's release version (`data-remote-version` on the remote's root element); `dev` under jest. */
export const REMOTE_VERSION: string = typeof __REMOTE_VERSION__ === 'string' ? __REMOTE_VERSION__ : 'dev';

/**
 * An operator's label for this build (`REMOTE_BUILD_LABEL` at build time, e.g. a release
 * candidate's name), shown small under the page so two builds can be told apart; empty in a
 * normal build, which then shows nothing.
 */
export const REMOTE_BUILD_LABEL: string =
  typeof __REMOTE_BUILD_LABEL__ === 'string' ? __REMOTE_BUILD_LABEL__ : '';
