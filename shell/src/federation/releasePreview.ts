import { useSyncExternalStore } from 'react';
import { parseReleaseRef, type RemotesPreview } from '@kb/contracts';
import { PREVIEW_STORAGE_KEY } from './startupRemoteList';

/**
 * Looking at a release before it goes live (ARCHITECTURE.md "Releases"): `/?release=<name>@<version>`
 * on any page starts a preview for this browser tab; the choice is kept in sessionStorage, so it
 * lasts across the tab's navigations and reloads, and ends with the tab or "Leave preview". The
 * shell sends it with every `/remotes.json` request, and the server answers whether the release
 * is available (published and verified).
 */

/** sessionStorage key holding the tab's previewed release, `<name>@<version>`. */
export { PREVIEW_STORAGE_KEY };

/** The tab's preview as the bar shows it. */
export interface PreviewState {
  /** The release asked for, `<name>@<version>` (or the malformed text from the link). */
  release: string;
  /** `pending`: the server has not answered yet; `unavailable`: not published, unverified or malformed. */
  status: 'pending' | 'available' | 'unavailable';
}

let state: PreviewState | undefined;
const listeners = new Set<() => void>();

function set(next: PreviewState | undefined): void {
  state = next;
  for (const listener of listeners) listener();
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage blocked by the browser: the preview lasts for this page only
  }
}

/**
 * Starts the tab's preview, if any: a `release` query parameter of `search` replaces the stored
 * choice (a malformed one is shown as not available and not stored); without one, the stored
 * choice continues. Call once at start-up, before the first `/remotes.json` request.
 *
 * @param search the page's query string (`window.location.search`)
 */
export function startReleasePreview(search: string = window.location.search): void {
  const storage = session();
  const asked = new URLSearchParams(search).get('release');
  if (asked !== null) {
    if (parseReleaseRef(asked)) {
      try {
        storage?.setItem(PREVIEW_STORAGE_KEY, asked);
      } catch {
        // Quota or privacy mode: the preview still applies to this page.
      }
      set({ release: asked, status: 'pending' });
    } else {
      set({ release: asked.slice(0, 100), status: 'unavailable' });
    }
    return;
  }
  const stored = storage?.getItem(PREVIEW_STORAGE_KEY) ?? null;
  set(stored !== null && parseReleaseRef(stored) ? { release: stored, status: 'pending' } : undefined);
}

/** The release this tab previews, to send as `/remotes.json?release=` (only a well-formed one), else undefined. */
export function previewRelease(): string | undefined {
  return state && state.status !== 'unavailable' && parseReleaseRef(state.release) ? state.release : undefined;
}

/**
 * Records the server's answer about the preview (`preview` of `/remotes.json`).
 *
 * @param answer the answer's `preview`; missing while a preview runs means the server did not
 *   look at it, which the bar shows as not available
 */
export function recordPreviewAnswer(answer: RemotesPreview | undefined): void {
  if (!state || state.status === 'unavailable') return;
  set({ release: state.release, status: answer?.release === state.release && answer.available ? 'available' : 'unavailable' });
}

/**
 * Ends the preview: forgets it for the tab and reloads the page without `release` in its URL, so
 * every remote comes back to the live release.
 *
 * @param navigate how to load the page (tests pass their own)
 */
export function leavePreview(navigate: (url: string) => void = (url) => window.location.replace(url)): void {
  try {
    session()?.removeItem(PREVIEW_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  const url = new URL(window.location.href);
  url.searchParams.delete('release');
  set(undefined);
  navigate(url.pathname + url.search + url.hash);
}

/** React hook: the tab's preview (undefined: none); re-renders when it changes. */
export function usePreviewState(): PreviewState | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
