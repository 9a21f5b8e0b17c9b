import { visitorBucket } from './bucket';
import { remotesJsonUrl } from './remotesUrl';

/**
 * The page's first `/remotes.json` request, started by the entry script (src/index.ts) before
 * the shared modules (React, the router, …) are even downloaded, so the list arrives while they
 * load instead of after them. This module must import nothing shared: it runs before the
 * federation runtime has set up the share scope.
 */

/** sessionStorage key holding the tab's previewed release (see releasePreview.ts). */
export const PREVIEW_STORAGE_KEY = 'kb:preview-release';

let pending: { url: string; response: Promise<Response> } | undefined;

/**
 * True when this tab may be previewing a release (`?release=` in the URL or one kept in the
 * tab's sessionStorage). The preview's `release` parameter is checked by releasePreview.ts,
 * which needs `@kb/contracts`, so such a page makes its first request from there instead.
 */
function mayPreview(search: string): boolean {
  if (new URLSearchParams(search).has('release')) return true;
  try {
    return window.sessionStorage.getItem(PREVIEW_STORAGE_KEY) !== null;
  } catch {
    return false; // storage blocked: nothing can be kept there
  }
}

/**
 * Starts the first `/remotes.json` request (`/remotes.json?bucket=N`, with the visitor's
 * bucket). Does nothing on a page that may preview a release, or without `fetch`; a failed
 * request is left to the caller of {@link takeStartupRemoteList}, which then fetches again.
 *
 * @param search the page's query string (`window.location.search`)
 */
export function startRemoteListRequest(search: string = window.location.search): void {
  if (pending || typeof fetch !== 'function' || mayPreview(search)) return;
  const url = remotesJsonUrl({ bucket: visitorBucket(search) });
  const response = fetch(url, { cache: 'no-store' });
  // Read by takeStartupRemoteList; until then a failure must not be reported as unhandled.
  response.catch(() => undefined);
  pending = { url, response };
}

/**
 * The response of the request {@link startRemoteListRequest} started, once, when it was for
 * `url` (the URL the shell would ask now); otherwise undefined and the caller fetches itself.
 *
 * @param url the `/remotes.json` URL the caller is about to request
 */
export function takeStartupRemoteList(url: string): Promise<Response> | undefined {
  const taken = pending;
  pending = undefined;
  return taken && taken.url === url ? taken.response : undefined;
}
