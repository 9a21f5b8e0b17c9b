import type { ReleaseRef, RemoteEntry, RemotesManifest } from '@kb/contracts';
import type { ReleaseRegistry } from './registry.js';
import { manifestUrl } from './service.js';
import { verifyRelease } from './verify.js';

/**
 * Previewing a release before it goes live (ARCHITECTURE.md "Releases"): `/remotes.json?release=
 * <name>@<version>` lists any published release that passes verification in place of that
 * remote's active one, for the one browser tab that asked (the shell keeps the choice in
 * sessionStorage). The site has no sign-in, so a preview shows nothing that is not already
 * served: every published release's files are public under `/remotes/<name>/<version>/`.
 */

/** Finds a release for a preview; see {@link createReleasePreview}. */
export interface ReleasePreview {
  /**
   * The `/remotes.json` entry of `ref` when it is published and verified, else undefined
   * (not published, pruned, or its files fail {@link verifyRelease}).
   */
  entry(ref: ReleaseRef): Promise<RemoteEntry | undefined>;
  /**
   * `manifest` with `ref` in place of its remote's active release (appended when that remote has
   * none), and `preview` saying whether it was found.
   */
  apply(manifest: RemotesManifest, ref: ReleaseRef): Promise<RemotesManifest>;
}

/**
 * Creates the preview lookup over the registry's records (the database).
 *
 * A release's files never change, so a passed verification is remembered (until the release is
 * pruned: the record check comes first); a failed one is checked again on the next request, so
 * fixing a release needs no restart. Concurrent requests for one release share one check.
 *
 * @param fetchImpl how a release at a base URL (a CDN) is fetched for verification
 */
export function createReleasePreview(registry: ReleaseRegistry, fetchImpl: typeof fetch = fetch): ReleasePreview {
  const verified = new Map<string, Promise<boolean>>();

  const passes = (key: string, check: () => Promise<boolean>): Promise<boolean> => {
    let pending = verified.get(key);
    if (!pending) {
      pending = check().catch(() => false);
      verified.set(key, pending);
      void pending.then((ok) => {
        if (!ok) verified.delete(key);
      });
    }
    return pending;
  };

  const entry: ReleasePreview['entry'] = async ({ name, version }) => {
    const release = (await registry.list(name)).find((r) => r.version === version);
    if (!release) return undefined;
    const baseUrl = release.baseUrl;
    // As `activate` checks it: the copy on this server (always, for the assistant's frame app), and the one at its base URL.
    const ok = await passes(`${name}@${version}@${baseUrl ?? ''}`, async () => {
      const local = baseUrl === null || name === 'assistant' ? registry.releaseDir(name, version) : null;
      if (local !== null && (await verifyRelease(name, { dir: local })).problems.length > 0) return false;
      if (baseUrl !== null && (await verifyRelease(name, { baseUrl }, fetchImpl)).problems.length > 0) return false;
      return true;
    });
    if (!ok) return undefined;
    return { name, version, entry: baseUrl ? `${baseUrl}/mf-manifest.json` : manifestUrl({ name, version }) };
  };

  const apply: ReleasePreview['apply'] = async (manifest, ref) => {
    const release = `${ref.name}@${ref.version}`;
    const found = await entry(ref);
    if (!found) return { ...manifest, preview: { release, available: false } };
    const listed = manifest.remotes.some((r) => r.name === ref.name);
    const remotes = listed ? manifest.remotes.map((r) => (r.name === ref.name ? found : r)) : [...manifest.remotes, found];
    return { ...manifest, remotes, preview: { release, available: true } };
  };

  return { entry, apply };
}
