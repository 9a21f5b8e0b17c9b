import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTES, type ClientEvent, type RemoteEntry, type RemoteName, type RemotesManifest } from '@kb/contracts';
import { visitorBucket } from './bucket';
import { previewRelease, recordPreviewAnswer } from './releasePreview';
import { remotesJsonUrl } from './remotesUrl';
import { takeStartupRemoteList } from './startupRemoteList';

/**
 * How the shell finds and loads its remotes. Remote URLs are data: the server's
 * `/remotes.json` names each remote's active release, and this module registers them with
 * the federation runtime. Nothing here knows a URL at build time. This is the one place that
 * decides how a remote loads and how a failed load is retried.
 */

/** `<remote>/<exposed module>` ids the shell loads, e.g. `knowledge/KnowledgePage`. */
export type ExposedModuleId = {
  [R in RemoteName]: `${R}/${(typeof REMOTES)[R][number] extends `./${infer M}` ? M : never}`;
}[RemoteName];

/** What every exposed module default-exports (ARCHITECTURE.md "Module Federation"). */
export interface ExposedPageModule {
  default: ComponentType;
}

/** Delays between attempts to load a remote module (ms): three tries in all. */
export const RETRY_DELAYS_MS: readonly number[] = [300, 1200];

/** The registered remotes, by name (their active release). */
const registered = new Map<string, RemoteEntry>();

/** Versions of the registered remotes, by name, for diagnostics and tests. */
export function registeredVersions(): ReadonlyMap<string, string> {
  return new Map([...registered].map(([name, entry]) => [name, entry.version]));
}

/**
 * The `/remotes.json` URL this tab asks: with the visitor's bucket ({@link visitorBucket}) and
 * the release it previews, if any ({@link previewRelease}). Every request for the list goes
 * through here, so the reload check compares against the same list.
 */
export function remotesRequestUrl(): string {
  return remotesJsonUrl({ bucket: visitorBucket(), release: previewRelease() });
}

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.version === 'string' && typeof v.entry === 'string';
}

function register(entries: readonly RemoteEntry[]): void {
  // `force` also drops what the runtime cached for a remote (a failed manifest, a stale entry).
  registerRemotes(
    entries.map((r) => ({ name: r.name, entry: new URL(r.entry, window.location.href).href })),
    { force: true },
  );
  for (const r of entries) registered.set(r.name, r);
}

/**
 * Fetches `/remotes.json` ({@link remotesRequestUrl}: with the visitor's bucket, so a canary's
 * share of visitors gets the canary, and the tab's previewed release) and registers the listed
 * remotes (all, or only `only`) with the federation runtime; the server's word on the preview
 * goes to the preview bar.
 *
 * @param fetchImpl the fetch to use (tests pass their own)
 * @param only      register just this remote (a Retry must not disturb the others)
 * @returns the entries registered; an empty list when the manifest cannot be fetched or read,
 *          so the shell still renders and each remote region shows its fallback
 */
export async function registerRemotesFromManifest(
  fetchImpl: typeof fetch = fetch,
  only?: string,
): Promise<RemoteEntry[]> {
  let manifest: RemotesManifest;
  try {
    const url = remotesRequestUrl();
    // The entry script's request for the same list, when it made one (src/index.ts).
    const res = await (takeStartupRemoteList(url) ?? fetchImpl(url, { cache: 'no-store' }));
    if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
    manifest = (await res.json()) as RemotesManifest;
    recordPreviewAnswer(manifest.preview);
  } catch (error) {
    console.error('Could not read the remote list', error);
    return [];
  }
  const known = new Set<string>(Object.keys(REMOTES));
  const entries = (Array.isArray(manifest.remotes) ? manifest.remotes : []).filter(
    (r): r is RemoteEntry => isRemoteEntry(r) && known.has(r.name) && (only === undefined || r.name === only),
  );
  register(entries);
  return entries;
}

/** The start-up registration, while it runs (see {@link registerRemotesAtStartup}). */
let startup: Promise<unknown> | undefined;

/**
 * Registers the remotes named by `/remotes.json` at start-up, without holding up the first
 * render: the shell's own pages show at once, and a remote region that asks for its module
 * meanwhile ({@link loadExposedPage}) waits for this registration instead of fetching the list
 * again.
 *
 * @returns the entries registered (see {@link registerRemotesFromManifest}); never rejects
 */
export function registerRemotesAtStartup(): Promise<RemoteEntry[]> {
  const registration = registerRemotesFromManifest();
  startup = registration;
  void registration.finally(() => {
    if (startup === registration) startup = undefined;
  });
  return registration;
}

/** Where the shell reports what went wrong in the browser (ARCHITECTURE.md "Server"). */
export const CLIENT_EVENTS_URL = '/api/client-events';

/**
 * Tells the server that a remote could not be loaded (`POST /api/client-events`
 * `{ type: 'remote-load-failed', remote, version }`), so the failure shows in its metrics. Sent
 * with `keepalive`, so it still leaves when the visitor navigates away at once; fire and
 * forget: a report that cannot be sent changes nothing for the visitor. Nothing about the
 * visitor is sent. Not sent when the remote has no registered release (its version is
 * unknown: `/remotes.json` did not list it or could not be read).
 *
 * @param name remote whose load failed
 */
export function reportRemoteLoadFailure(name: RemoteName): void {
  const version = registered.get(name)?.version;
  if (version === undefined) return;
  const event: ClientEvent = { type: 'remote-load-failed', remote: name, version };
  try {
    fetch(CLIENT_EVENTS_URL, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    }).catch(() => undefined);
  } catch {
    // No fetch (an old browser, a test environment): nothing to report with.
  }
}

const isRemoteName = (value: string): value is RemoteName => Object.prototype.hasOwnProperty.call(REMOTES, value);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function loadOnce(id: ExposedModuleId): Promise<ExposedPageModule> {
  const mod = await loadRemote<ExposedPageModule>(id);
  if (!mod || typeof mod.default !== 'function') {
    throw new Error(`Remote module ${id} is unavailable`);
  }
  return mod;
}

/**
 * Loads one exposed module of a remote, retrying with back-off ({@link RETRY_DELAYS_MS}).
 * Before each retry the remote is registered again — from a fresh `/remotes.json` when it was
 * never registered — so the runtime requests its files anew instead of replaying a failure.
 *
 * @param refresh the visitor pressed Retry: first read the remote's active release from a fresh
 *   `/remotes.json` (it may have been fixed or rolled back) and register it anew, dropping a
 *   module the runtime had loaded but that failed while rendering
 * @throws the last error when every attempt failed; the surrounding `RemoteBoundary` shows its
 *   fallback, and the failure is reported to the server once ({@link reportRemoteLoadFailure})
 */
export async function loadExposedPage(id: ExposedModuleId, refresh = false): Promise<ExposedPageModule> {
  const name = id.slice(0, id.indexOf('/'));
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
    if (attempt > 0) {
      await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0);
      const entry = registered.get(name);
      if (entry) register([entry]);
      else await registerRemotesFromManifest(fetch, name);
    } else if (startup && !refresh) {
      await startup;
      if (!registered.has(name)) await registerRemotesFromManifest(fetch, name);
    } else if (refresh || !registered.has(name)) {
      await registerRemotesFromManifest(fetch, name);
    }
    try {
      return await loadOnce(id);
    } catch (error) {
      lastError = error;
    }
  }
  if (isRemoteName(name)) reportRemoteLoadFailure(name);
  throw lastError instanceof Error ? lastError : new Error(`Remote module ${id} could not be loaded`);
}
