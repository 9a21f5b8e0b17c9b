import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTES, type RemoteEntry, type RemoteName } from '@kb/contracts';
import type { Database, Queryable } from '../db/database.js';
import { currentBuild, isRemoteName, manifestUrl, REMOTE_WORKSPACES } from './service.js';

/**
 * The release registry (ARCHITECTURE.md "Releases"): immutable, versioned builds of each
 * remote and which one is active. Release files live in `RELEASES_DIR/<name>/<version>/`
 * (or on another origin, `base_url`); records and active pointers live in the database
 * (`remote_releases`, `remote_activations`, migration 0200), so every server instance agrees.
 */

/** Why a registry operation was refused; `code` is stable for callers and tests. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
  constructor(
    readonly code:
      | 'unknown-remote'
      | 'unknown-version'
      | 'already-published'
      | 'no-build'
      | 'nothing-to-roll-back'
      | 'bad-base-url',
    message: string,
  ) {
    super(message);
  }
}

/** One published release. */
export interface Release {
  name: RemoteName;
  version: string;
  /** Origin + path the release is served from when it is hosted elsewhere (a CDN), else null. */
  baseUrl: string | null;
  /** ISO 8601 time of publication. */
  publishedAt: string;
  active: boolean;
}

export interface ReleaseRegistry {
  /** Folder holding every release's files. */
  readonly releasesDir: string;
  /** Every release (of one remote, or all), newest first, with which is active. */
  list(name?: string): Promise<Release[]>;
  /**
   * Publishes the current build of `name` (`<WEB_ROOT>/<workspace>/dist`, version from its
   * `release.json`): copies it into `RELEASES_DIR/<name>/<version>/` — or, with `baseUrl`,
   * records a copy already uploaded there (the assistant's files are still copied, since its
   * frame app is always served from the site's origin) — and records it.
   * @throws ReleaseError `unknown-remote`, `no-build`, `already-published`, `bad-base-url`
   */
  publish(name: string, options?: { baseUrl?: string }): Promise<Release>;
  /**
   * Makes `version` the active release of `name` (a no-op when it already is).
   * @throws ReleaseError `unknown-remote`, `unknown-version`
   */
  activate(name: string, version: string): Promise<void>;
  /**
   * Goes back to the release that was active before the current one.
   * @returns the versions switched from and to
   * @throws ReleaseError `unknown-remote`, `nothing-to-roll-back`
   */
  rollback(name: string): Promise<{ from: string; to: string }>;
  /** `/remotes.json` entries: the active release of each remote that has one, in the contract's order. */
  activeEntries(): Promise<RemoteEntry[]>;
  /** The active version of one remote, if any. */
  activeVersion(name: RemoteName): Promise<string | undefined>;
  /** True when `name@version` is published with its files on this server (not only on a CDN). */
  isServedHere(name: RemoteName, version: string): Promise<boolean>;
  /** Folder of a release's files. */
  releaseDir(name: RemoteName, version: string): string;
  /**
   * Start-up rule: each current build whose version is not yet published is published and
   * activated (a new build is a deploy); one already published is left alone, so a rollback
   * survives a restart without a rebuild.
   * @returns the releases published now, as `name@version`
   */
  syncCurrentBuilds(): Promise<string[]>;
}

interface ReleaseRow {
  name: string;
  version: string;
  base_url: string | null;
  published_at: string | Date;
  active: boolean;
}

function remoteName(name: string): RemoteName {
  if (!isRemoteName(name)) {
    throw new ReleaseError(
      'unknown-remote',
      `Unknown remote "${name}": expected one of ${Object.keys(REMOTES).join(', ')}`,
    );
  }
  return name;
}

function checkBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ReleaseError('bad-base-url', `--base-url must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ReleaseError('bad-base-url', `--base-url must use http or https, got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Serializes registry changes of one remote across connections and server instances. */
async function lockRemote(tx: Queryable, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`kb-release:${name}`]);
}

async function liveActivations(tx: Queryable, name: string, limit: number): Promise<{ id: string; version: string }[]> {
  return tx.query<{ id: string; version: string }>(
    // Order by the bigint column, not the text alias (ORDER BY prefers output names: '9' > '10').
    `SELECT a.id::text AS id, a.version FROM remote_activations a
      WHERE a.name = $1 AND a.rolled_back_at IS NULL ORDER BY a.id DESC LIMIT ${limit}`,
    [name],
  );
}

/**
 * Creates the registry over `db`.
 *
 * @param webRoot     folder holding the `remote-*` workspaces and their `dist/` builds
 * @param releasesDir folder for release files (`RELEASES_DIR`, default `DATA_DIR/releases`)
 */
export function createReleaseRegistry({
  db,
  webRoot,
  releasesDir,
}: {
  db: Database;
  webRoot: string;
  releasesDir: string;
}): ReleaseRegistry {
  const servedHere = new Set<string>(); // releases never change or disappear: a positive cache is safe

  const releaseDir = (name: RemoteName, version: string): string => path.join(releasesDir, name, version);

  const list: ReleaseRegistry['list'] = async (name) => {
    if (name !== undefined) remoteName(name);
    const rows = await db.query<ReleaseRow>(
      `SELECT r.name, r.version, r.base_url, r.published_at,
              (r.version = (SELECT a.version FROM remote_activations a
                             WHERE a.name = r.name AND a.rolled_back_at IS NULL
                             ORDER BY a.id DESC LIMIT 1)) IS TRUE AS active
         FROM remote_releases r
        WHERE $1::text IS NULL OR r.name = $1
        ORDER BY r.name, r.published_at DESC, r.version DESC`,
      [name ?? null],
    );
    return rows.map((r) => ({
      name: remoteName(r.name),
      version: r.version,
      baseUrl: r.base_url,
      publishedAt: new Date(r.published_at).toISOString(),
      active: r.active,
    }));
  };

  const publish: ReleaseRegistry['publish'] = async (rawName, options = {}) => {
    const name = remoteName(rawName);
    const baseUrl = options.baseUrl === undefined ? null : checkBaseUrl(options.baseUrl);
    const build = await currentBuild(webRoot, name);
    if (!build) {
      throw new ReleaseError(
        'no-build',
        `No build of remote "${name}" to publish: run \`npm run build -w ${REMOTE_WORKSPACES[name]}\` first (expected ${path.join(webRoot, REMOTE_WORKSPACES[name], 'dist', 'release.json')})`,
      );
    }
    const existing = await db.query('SELECT 1 FROM remote_releases WHERE name = $1 AND version = $2', [name, build.version]);
    if (existing.length > 0) {
      throw new ReleaseError('already-published', `${name}@${build.version} is already published; releases are immutable`);
    }
    const copyFiles = baseUrl === null || name === 'assistant';
    const target = releaseDir(name, build.version);
    if (copyFiles) {
      // Copy beside the target and rename: a release folder is either complete or absent.
      const staging = `${target}.staging-${process.pid}-${Date.now()}`;
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.cp(build.dir, staging, { recursive: true });
      await fs.rm(target, { recursive: true, force: true }); // a folder left without a record is not a release
      await fs.rename(staging, target);
    }
    try {
      await db.query('INSERT INTO remote_releases (name, version, base_url) VALUES ($1, $2, $3)', [
        name,
        build.version,
        baseUrl,
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new ReleaseError('already-published', `${name}@${build.version} is already published; releases are immutable`);
      }
      throw error;
    }
    const [release] = await list(name).then((all) => all.filter((r) => r.version === build.version));
    if (!release) throw new Error(`${name}@${build.version} vanished right after publishing`);
    return release;
  };

  const activate: ReleaseRegistry['activate'] = async (rawName, version) => {
    const name = remoteName(rawName);
    await db.transaction(async (tx) => {
      await lockRemote(tx, name);
      const known = await tx.query('SELECT 1 FROM remote_releases WHERE name = $1 AND version = $2', [name, version]);
      if (known.length === 0) {
        throw new ReleaseError('unknown-version', `${name}@${version} is not published (see \`npm run remotes -- list\`)`);
      }
      const [top] = await liveActivations(tx, name, 1);
      if (top?.version === version) return;
      await tx.query('INSERT INTO remote_activations (name, version) VALUES ($1, $2)', [name, version]);
    });
  };

  const rollback: ReleaseRegistry['rollback'] = async (rawName) => {
    const name = remoteName(rawName);
    return db.transaction(async (tx) => {
      await lockRemote(tx, name);
      const [top, previous] = await liveActivations(tx, name, 2);
      if (!top || !previous) {
        throw new ReleaseError(
          'nothing-to-roll-back',
          top
            ? `${name} has no earlier release to roll back to (only ${top.version} was ever active)`
            : `${name} has no active release`,
        );
      }
      await tx.query('UPDATE remote_activations SET rolled_back_at = now() WHERE id = $1::bigint', [top.id]);
      return { from: top.version, to: previous.version };
    });
  };

  const activeRows = (): Promise<{ name: string; version: string; base_url: string | null }[]> =>
    db.query(
      `SELECT DISTINCT ON (a.name) a.name, a.version, r.base_url
         FROM remote_activations a JOIN remote_releases r ON r.name = a.name AND r.version = a.version
        WHERE a.rolled_back_at IS NULL
        ORDER BY a.name, a.id DESC`,
    );

  const activeEntries: ReleaseRegistry['activeEntries'] = async () => {
    const rows = await activeRows();
    const byName = new Map(rows.map((r) => [r.name, r]));
    const entries: RemoteEntry[] = [];
    for (const name of Object.keys(REMOTES)) {
      const row = byName.get(name);
      if (!row || !isRemoteName(name)) continue;
      entries.push({
        name,
        version: row.version,
        entry: row.base_url ? `${row.base_url}/mf-manifest.json` : manifestUrl({ name, version: row.version }),
      });
    }
    return entries;
  };

  const activeVersion: ReleaseRegistry['activeVersion'] = async (name) => {
    const rows = await db.query<{ version: string }>(
      `SELECT version FROM remote_activations WHERE name = $1 AND rolled_back_at IS NULL ORDER BY id DESC LIMIT 1`,
      [name],
    );
    return rows[0]?.version;
  };

  const isServedHere: ReleaseRegistry['isServedHere'] = async (name, version) => {
    const key = `${name}@${version}`;
    if (servedHere.has(key)) return true;
    const rows = await db.query<{ base_url: string | null }>(
      'SELECT base_url FROM remote_releases WHERE name = $1 AND version = $2',
      [name, version],
    );
    const row = rows[0];
    if (!row || row.base_url !== null) return false;
    servedHere.add(key);
    return true;
  };

  const syncCurrentBuilds: ReleaseRegistry['syncCurrentBuilds'] = async () => {
    const published: string[] = [];
    for (const name of Object.keys(REMOTES)) {
      if (!isRemoteName(name)) continue;
      const build = await currentBuild(webRoot, name);
      if (!build) continue;
      const known = await db.query('SELECT 1 FROM remote_releases WHERE name = $1 AND version = $2', [name, build.version]);
      if (known.length > 0) continue;
      try {
        await publish(name);
      } catch (error) {
        // Another server instance published it in the meantime: that is the same release.
        if (!(error instanceof ReleaseError && error.code === 'already-published')) throw error;
      }
      await activate(name, build.version);
      published.push(`${name}@${build.version}`);
    }
    return published;
  };

  return {
    releasesDir,
    list,
    publish,
    activate,
    rollback,
    activeEntries,
    activeVersion,
    isServedHere,
    releaseDir,
    syncCurrentBuilds,
  };
}
