import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { REMOTES, type RemoteEntry, type RemoteName, type RemotesManifest } from '@kb/contracts';

/**
 * How the shell finds and loads its remotes. Remote URLs are data: the server's
 * `/remotes.json` names each remote's active release, and this module registers them with
 * the federation runtime at start-up. Nothing here knows a URL at build time.
 */

/** `<remote>/<exposed module>` ids the shell loads, e.g. `knowledge/KnowledgePage`. */
export type ExposedModuleId = {
  [R in RemoteName]: `${R}/${(typeof REMOTES)[R][number] extends `./${infer M}` ? M : never}`;
}[RemoteName];

/** What every exposed module default-exports (ARCHITECTURE.md "Module Federation"). */
export interface ExposedPageModule {
  default: ComponentType;
}

/** Versions of the registered remotes, by name, for diagnostics and tests. */
export const registeredVersions = new Map<string, string>();

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.version === 'string' && typeof v.entry === 'string';
}

/**
 * Fetches `/remotes.json` and registers every listed remote with the federation runtime.
 *
 * @param fetchImpl the fetch to use (tests pass their own)
 * @returns the entries registered; an empty list when the manifest cannot be fetched or read,
 *          so the shell still renders and each remote region shows its fallback
 */
export async function registerRemotesFromManifest(
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteEntry[]> {
  let manifest: RemotesManifest;
  try {
    const res = await fetchImpl('/remotes.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
    manifest = (await res.json()) as RemotesManifest;
  } catch (error) {
    console.error('Could not read the remote list', error);
    return [];
  }
  const known = new Set<string>(Object.keys(REMOTES));
  const entries = (Array.isArray(manifest.remotes) ? manifest.remotes : []).filter(
    (r): r is RemoteEntry => isRemoteEntry(r) && known.has(r.name),
  );
  registerRemotes(
    entries.map((r) => ({ name: r.name, entry: new URL(r.entry, window.location.href).href })),
    { force: true },
  );
  for (const r of entries) registeredVersions.set(r.name, r.version);
  return entries;
}

/**
 * Loads one exposed module of a remote.
 *
 * @throws Error when the remote is not registered, unreachable, or its module has no default
 *         export; the surrounding `RemoteBoundary` shows its fallback.
 */
export async function loadExposedPage(id: ExposedModuleId): Promise<ExposedPageModule> {
  const mod = await loadRemote<ExposedPageModule>(id);
  if (!mod || typeof mod.default !== 'function') {
    throw new Error(`Remote module ${id} is unavailable`);
  }
  return mod;
}
