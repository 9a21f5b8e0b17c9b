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

/** Manifest requests started from the start-up list, by absolute URL (see {@link takeStartupManifest}). */
const manifests = new Map<string, Promise<Response>>();

/**
 * The remotes whose regions the first screen of `path` shows (App.tsx's routes): the assistant
 * on its full-screen routes and /chat, the knowledge screen on /knowledge, and the forms remote
 * everywhere else (the contact screen, and the footer's newsletter form on every page with it).
 */
export function remotesShownAt(path: string): string[] {
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (page === '/chat' || page === '/search' || page === '/preview') return ['assistant'];
  if (page === '/knowledge') return ['knowledge', 'forms'];
  return ['forms'];
}

/**
 * Once the list has arrived, asks for the manifests of the remotes the first screen shows, so
 * the federation runtime finds them on its first request ({@link takeStartupManifest}) instead
 * of fetching them after the shell's start-up.
 */
async function prefetchManifests(response: Promise<Response>, path: string): Promise<void> {
  const res = await response;
  if (!res.ok) return;
  const body: unknown = await res.clone().json();
  const remotes = typeof body === 'object' && body !== null ? (body as { remotes?: unknown }).remotes : undefined;
  if (!Array.isArray(remotes)) return;
  const wanted = new Set(remotesShownAt(path));
  for (const remote of remotes as { name?: unknown; entry?: unknown }[]) {
    if (typeof remote?.name !== 'string' || typeof remote.entry !== 'string' || !wanted.has(remote.name)) continue;
    const url = new URL(remote.entry, window.location.href).href;
    const manifest = fetch(url, {});
    manifest.catch(() => undefined); // the runtime's own request reports a failure
    manifests.set(url, manifest);
  }
}

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
 * bucket) and, when it answers, the manifest requests of the remotes `path` shows. Does nothing
 * on a page that may preview a release, or without `fetch`; a failed request is left to the
 * caller of {@link takeStartupRemoteList}, which then fetches again.
 *
 * @param search the page's query string (`window.location.search`)
 * @param path the page's path (`window.location.pathname`)
 */
export function startRemoteListRequest(
  search: string = window.location.search,
  path: string = window.location.pathname,
): void {
  if (pending || typeof fetch !== 'function' || mayPreview(search)) return;
  const url = remotesJsonUrl({ bucket: visitorBucket(search) });
  const response = fetch(url, { cache: 'no-store' });
  // Read by takeStartupRemoteList; until then a failure must not be reported as unhandled.
  response.catch(() => undefined);
  pending = { url, response };
  prefetchManifests(response, path).catch(() => undefined);
}

/**
 * The response of a manifest request started from the start-up list, once, for the federation
 * runtime's `fetch` hook (startupManifestPlugin.ts); otherwise undefined and the runtime
 * fetches it itself.
 *
 * @param url the manifest's absolute URL, as the runtime asks for it
 */
export function takeStartupManifest(url: string): Promise<Response> | undefined {
  const manifest = manifests.get(url);
  manifests.delete(url);
  return manifest;
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
