import { visitorBucket } from './bucket';
import { remotesJsonUrl } from './remotesUrl';

/**
 * The page's first `/remotes.json` request and what follows from it, started by the shell's
 * start-up script (src/startup.ts, its own small webpack build placed before `main.js`), so
 * the list and the first screen's manifests download beside the shell's own scripts, and that
 * screen's remote files right after them, while the shell evaluates, instead of after its
 * start-up. This module must import nothing shared: it runs before the federation runtime
 * exists.
 *
 * The start-up script and the main bundle are two builds, each with its own copy of this
 * module: the requests started by the one are handed to the other through one object on
 * `window` ({@link STARTUP_GLOBAL}). Without the start-up script (it failed to load), the main
 * bundle finds nothing there and fetches everything itself.
 */

/** sessionStorage key holding the tab's previewed release (see releasePreview.ts). */
export const PREVIEW_STORAGE_KEY = 'kb:preview-release';

/** The `window` property holding the start-up requests ({@link StartupRequests}). */
export const STARTUP_GLOBAL = '__kbStartupRequests';

/** What the start-up script started, for the main bundle to take once. */
interface StartupRequests {
  /** The `/remotes.json` request: its URL and response. */
  remoteList?: { url: string; response: Promise<Response> };
  /** Manifest requests, by absolute URL, and what to call when the runtime takes one ({@link takeStartupManifest}). */
  manifests: Map<string, { response: Promise<Response>; taken: () => void }>;
}

function startupRequests(): StartupRequests {
  const holder = window as unknown as Record<string, StartupRequests | undefined>;
  return (holder[STARTUP_GLOBAL] ??= { manifests: new Map() });
}

/** A remote's exposed module, as the first screen shows it: `forms/NewsletterForm` → `{ remote: 'forms', module: 'NewsletterForm' }`. */
export interface ShownModule {
  remote: string;
  module: string;
}

/**
 * The exposed modules the first screen of `path` shows (App.tsx's routes): the assistant's
 * page on `/chat`, `/search` and `/preview`, the knowledge screen on `/knowledge`, the contact
 * form on `/contact`, and the footer's newsletter form on every page with a footer.
 *
 * @param path the page's path (`window.location.pathname`)
 */
export function modulesShownAt(path: string): ShownModule[] {
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const newsletter = { remote: 'forms', module: 'NewsletterForm' };
  if (page === '/chat') return [{ remote: 'assistant', module: 'ChatPage' }];
  if (page === '/search') return [{ remote: 'assistant', module: 'SearchPage' }];
  if (page === '/preview') return [{ remote: 'assistant', module: 'PreviewPage' }];
  if (page === '/knowledge') return [{ remote: 'knowledge', module: 'KnowledgePage' }, newsletter];
  if (page === '/contact') return [{ remote: 'forms', module: 'ContactPage' }, newsletter];
  return [newsletter];
}

/**
 * The remotes whose regions the first screen of `path` shows ({@link modulesShownAt}), each once.
 *
 * @param path the page's path (`window.location.pathname`)
 */
export function remotesShownAt(path: string): string[] {
  return [...new Set(modulesShownAt(path).map((m) => m.remote))];
}

/** The parts of a remote's `mf-manifest.json` the start-up reads (written by the federation build). */
interface RemoteManifest {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown; type?: unknown } };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown } } }[];
}

/**
 * The script URLs the federation runtime will ask for to show `modules` of the remote whose
 * manifest is at `manifestUrl`: its `remoteEntry.js`, then each module's synchronous chunks
 * (the manifest's `exposes[].assets.js.sync`), each once, absolute. Empty when the manifest is
 * not one this start-up understands (a `publicPath` other than `auto`, an entry that is not a
 * classic script, another origin), so nothing is fetched that the runtime would not consume.
 *
 * @param manifestUrl absolute URL of the manifest
 * @param manifest its parsed body
 * @param modules the exposed module names shown (e.g. `['NewsletterForm']`)
 */
export function firstScreenScripts(manifestUrl: string, manifest: unknown, modules: readonly string[]): string[] {
  const m = (typeof manifest === 'object' && manifest !== null ? manifest : {}) as RemoteManifest;
  const entry = m.metaData?.remoteEntry;
  // A publicPath of `auto` resolves every file beside the manifest, as the runtime does.
  if (m.metaData?.publicPath !== 'auto' || typeof entry?.name !== 'string' || (entry.type !== undefined && entry.type !== 'global')) return [];
  const base = new URL('.', manifestUrl);
  if (base.origin !== window.location.origin) return [];
  const dir = typeof entry.path === 'string' && entry.path !== '' ? `${entry.path.replace(/\/+$/, '')}/` : '';
  const urls = [new URL(`${dir}${entry.name}`, base).href];
  for (const expose of Array.isArray(m.exposes) ? m.exposes : []) {
    if (typeof expose?.name !== 'string' || !modules.includes(expose.name)) continue;
    const sync = expose.assets?.js?.sync;
    for (const file of Array.isArray(sync) ? sync : []) {
      if (typeof file === 'string') urls.push(new URL(file, base).href);
    }
  }
  return [...new Set(urls)];
}

/**
 * Adds `<link rel="preload" as="script">` for `urls`, unless the page already preloads or runs
 * them: the runtime's own `<script>` for the same URL (same origin, no `crossorigin`) then
 * takes the preloaded response instead of fetching again.
 *
 * @returns resolves when every preload added has loaded or failed
 */
function preloadScripts(urls: readonly string[]): Promise<void> {
  const present = new Set([
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.href),
    ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
  ]);
  const loaded: Promise<void>[] = [];
  for (const url of urls) {
    if (present.has(url)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = url;
    loaded.push(
      new Promise((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      }),
    );
    document.head.appendChild(link);
  }
  return Promise.all(loaded).then(() => undefined);
}

/**
 * Resolves once every script the page's `index.html` preloads or runs has downloaded (its
 * `load` or `error` event, or a resource timing entry for one that finished before this ran),
 * or at the window's `load` event at the latest. On a slow link the remote's files then
 * download after the shell's own scripts, while the shell evaluates, instead of sharing the
 * bandwidth with them (docs/performance.md, "Front-end speed (issue 21)").
 */
function shellScriptsLoaded(): Promise<void> {
  return new Promise((resolve) => {
    const elements = [
      ...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]'),
      ...document.querySelectorAll<HTMLScriptElement>('script[src]'),
    ];
    let waiting = 0;
    const done = (): void => {
      waiting -= 1;
      if (waiting === 0) resolve();
    };
    for (const element of elements) {
      const url = element instanceof HTMLLinkElement ? element.href : element.src;
      if (typeof performance?.getEntriesByName === 'function' && performance.getEntriesByName(url, 'resource').length > 0) continue;
      waiting += 1;
      element.addEventListener('load', done, { once: true });
      element.addEventListener('error', done, { once: true });
    }
    if (waiting === 0) resolve();
    window.addEventListener('load', () => resolve(), { once: true });
  });
}

/**
 * Asks for one first-screen manifest and, when it answers, preloads the remote's entry and
 * the shown modules' chunks ({@link firstScreenScripts}) once `ready` resolves or the runtime
 * takes the manifest over (it is about to ask for those files itself), whichever is first.
 * The response goes to the runtime ({@link takeStartupManifest}); a failure is left to the
 * runtime's own request.
 *
 * @returns resolves when those files have downloaded, or nothing was preloaded; never rejects
 */
function prefetchManifest(url: string, modules: readonly string[], ready: Promise<void>): Promise<void> {
  const manifest = fetch(url, {});
  manifest.catch(() => undefined); // the runtime's own request reports a failure
  let taken: () => void = () => undefined;
  const takenOver = new Promise<void>((resolve) => (taken = resolve));
  startupRequests().manifests.set(url, { response: manifest, taken });
  return manifest
    .then(async (res) => {
      if (!res.ok) return;
      const scripts = firstScreenScripts(url, await res.clone().json(), modules);
      await Promise.race([ready, takenOver]);
      await preloadScripts(scripts);
    })
    .catch(() => undefined); // an unreadable manifest: the runtime reports it
}

/** Pages whose first screen is the assistant's chat frame (`ChatPage` embeds it). */
const FRAME_PAGES = new Set(['/chat']);

/**
 * The assistant frame's own scripts, fetched into the browser's HTTP cache once `ready`
 * resolves, on a page whose first screen shows the frame: the frame is its own document
 * (`/assistant/<version>/index.html`, ARCHITECTURE.md), created only after the shell and the
 * assistant's module have rendered, so its script (the largest file of `/chat`) would
 * otherwise start downloading last. The frame's page is read for its same-origin
 * `<script src>` (the hashed names are known only there); those files are served immutable,
 * so the frame's own request finds them in the cache. Failures are ignored: the frame then
 * fetches its script itself.
 *
 * @param version the assistant release the list named (the frame of that release is shown)
 */
async function prefetchFrameScripts(version: string, ready: Promise<void>): Promise<void> {
  await ready;
  const page = new URL(`/assistant/${encodeURIComponent(version)}/index.html`, window.location.href);
  const res = await fetch(page.href, {});
  if (!res.ok) return;
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  for (const script of doc.querySelectorAll('script[src]')) {
    const url = new URL(script.getAttribute('src') ?? '', page);
    if (url.origin !== window.location.origin || !url.pathname.startsWith(`/assistant/${encodeURIComponent(version)}/`)) continue;
    fetch(url.href, {})
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  }
}

/**
 * Once the list has arrived, asks for the manifests of the remotes the first screen shows, so
 * the federation runtime finds them on its first request ({@link takeStartupManifest}) instead
 * of fetching them after the shell's start-up, and from each the files of the modules shown.
 */
async function prefetchManifests(response: Promise<Response>, path: string, ready: Promise<void>): Promise<void> {
  const res = await response;
  if (!res.ok) return;
  const body: unknown = await res.clone().json();
  const remotes = typeof body === 'object' && body !== null ? (body as { remotes?: unknown }).remotes : undefined;
  if (!Array.isArray(remotes)) return;
  const shown = modulesShownAt(path);
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const listed = remotes as { name?: unknown; entry?: unknown; version?: unknown }[];
  // The page's own remote first; another one (the footer's forms on /knowledge) only once its
  // files are in, so on a slow link they do not share the bandwidth with the page's content.
  let after = ready;
  for (const name of remotesShownAt(path)) {
    const remote = listed.find((r) => r?.name === name);
    if (typeof remote?.entry !== 'string') continue;
    if (name === 'assistant' && FRAME_PAGES.has(page) && typeof remote.version === 'string') {
      prefetchFrameScripts(remote.version, ready).catch(() => undefined);
    }
    const modules = shown.filter((m) => m.remote === name).map((m) => m.module);
    after = prefetchManifest(new URL(remote.entry, window.location.href).href, modules, after);
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
 * bucket) and, when it answers, the manifest requests of the remotes `path` shows; once the
 * page's own scripts have downloaded, the preloads of those remotes' first-screen files (and,
 * on `/chat`, the assistant frame's script). Does nothing on a page that may preview a
 * release, without `fetch`, or when it already ran on this page; a failed request is left to
 * the caller of {@link takeStartupRemoteList}, which then fetches again.
 *
 * @param search the page's query string (`window.location.search`)
 * @param path the page's path (`window.location.pathname`)
 */
export function startRemoteListRequest(
  search: string = window.location.search,
  path: string = window.location.pathname,
): void {
  const requests = startupRequests();
  if (requests.remoteList || typeof fetch !== 'function' || mayPreview(search)) return;
  const url = remotesJsonUrl({ bucket: visitorBucket(search) });
  const response = fetch(url, { cache: 'no-store' });
  // Read by takeStartupRemoteList; until then a failure must not be reported as unhandled.
  response.catch(() => undefined);
  requests.remoteList = { url, response };
  prefetchManifests(response, path, shellScriptsLoaded()).catch(() => undefined);
}

/**
 * The response of a manifest request started from the start-up list, once, for the federation
 * runtime's `fetch` hook (startupManifestPlugin.ts); otherwise undefined and the runtime
 * fetches it itself.
 *
 * @param url the manifest's absolute URL, as the runtime asks for it
 */
export function takeStartupManifest(url: string): Promise<Response> | undefined {
  const { manifests } = startupRequests();
  const manifest = manifests.get(url);
  manifests.delete(url);
  manifest?.taken();
  return manifest?.response;
}

/**
 * The response of the request {@link startRemoteListRequest} started, once, when it was for
 * `url` (the URL the shell would ask now); otherwise undefined and the caller fetches itself.
 *
 * @param url the `/remotes.json` URL the caller is about to request
 */
export function takeStartupRemoteList(url: string): Promise<Response> | undefined {
  const requests = startupRequests();
  const taken = requests.remoteList;
  requests.remoteList = undefined;
  return taken && taken.url === url ? taken.response : undefined;
}
