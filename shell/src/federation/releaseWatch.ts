import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemotesManifest } from '@kb/contracts';
import { registeredVersions, remotesRequestUrl } from './remotes';

/**
 * Telling an open tab that a release changed (ARCHITECTURE.md "Releases"): the shell remembers
 * the version of each remote it registered; on each in-app navigation it reads `/remotes.json`
 * again (small, never cached) and, when a registered remote's version differs, offers a reload.
 * It never swaps code itself: a visitor's page keeps running the code it loaded until they
 * choose to reload.
 */

let changed = false;
const listeners = new Set<() => void>();

/**
 * Reads `/remotes.json` (as this tab asks for it, preview included) and compares it with the
 * registered versions. Once a change was seen the reload offer stays; a list that cannot be
 * read changes nothing.
 *
 * @param fetchImpl the fetch to use (tests pass their own); default the global one
 * @returns true when a registered remote's release has changed (now or earlier)
 */
export async function checkForChangedRelease(fetchImpl?: typeof fetch): Promise<boolean> {
  if (changed) return true;
  let manifest: RemotesManifest;
  try {
    // Resolved here, not as a default parameter: a page without fetch just never offers a reload.
    const res = await (fetchImpl ?? fetch)(remotesRequestUrl(), { cache: 'no-store' });
    if (!res.ok) return false;
    manifest = (await res.json()) as RemotesManifest;
  } catch {
    return false; // offline or a server restart: the next navigation looks again
  }
  const loaded = registeredVersions();
  const now = Array.isArray(manifest.remotes) ? manifest.remotes : [];
  const differs = now.some((r) => {
    const version = typeof r?.name === 'string' ? loaded.get(r.name) : undefined;
    return version !== undefined && typeof r.version === 'string' && r.version !== version;
  });
  if (differs) {
    changed = true;
    for (const listener of listeners) listener();
  }
  return changed;
}

/** True once a registered remote's release was seen to change; re-renders when it becomes true. */
export function useReleaseChanged(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => changed,
  );
}

/**
 * React hook: checks for a changed release ({@link checkForChangedRelease}) after each in-app
 * navigation — not on the first render, whose list was just read at start-up.
 *
 * @param fetchImpl the fetch to use (tests pass their own)
 */
export function useReleaseWatch(fetchImpl?: typeof fetch): void {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key === first.current) return;
    void checkForChangedRelease(fetchImpl);
  }, [key, fetchImpl]);
}

/** Forgets a seen change (tests only: a page load starts without one). */
export function resetReleaseWatch(): void {
  changed = false;
}
