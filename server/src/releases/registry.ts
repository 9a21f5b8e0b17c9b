import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTES, type RemoteEntry, type RemoteName } from '@kb/contracts';
import type { Database, Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { currentBuild, isRemoteName, manifestUrl, REMOTE_WORKSPACES } from './service.js';
import { verifyRelease } from './verify.js';

/**
 * The release registry (ARCHITECTURE.md "Releases"): immutable, versioned builds of each
 * remote and which one is active. Release files live in `RELEASES_DIR/<name>/<version>/`
 * (or on another origin, `base_url`); records and active pointers live in the database
 * (`remote_releases`, `remote_activations`, migration 0200; `remote_canaries`, migration 0220),
 * so every server instance agrees. A remote may run one canary: a release served to a share of
 * visitors, chosen by the bucket their browser keeps ({@link isCanaryBucket}).
 * A release is verified ({@link verifyRelease}) before it can go live, and every change is
 * recorded in the audit log (`release_audit`, migration 0210) and the server log.
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
      | 'bad-base-url'
      | 'unverified'
      | 'bad-keep'
      | 'bad-percent'
      | 'no-active-release'
      | 'no-canary'
      | 'canary-running',
    message: string,
    /** For `unverified`: one sentence per problem found. */
    readonly problems: readonly string[] = [],
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
  /** The share of visitors (1–99 %) this release is served to as the remote's canary, else null. */
  canaryPercent: number | null;
}

/** What the registry changed, as the audit log records it. */
export type AuditAction =
  | 'publish'
  | 'activate'
  | 'rollback'
  | 'prune'
  | 'canary-start'
  | 'canary-replace'
  | 'promote'
  | 'canary-end';

/** One entry of the audit log. */
export interface AuditEvent {
  /** ISO 8601 time of the change. */
  at: string;
  /** OS user of the operator, `start` for `npm start`, `unknown` when not said. */
  actor: string;
  action: AuditAction;
  name: RemoteName;
  /**
   * Version before the change: the previously active one (activate, rollback, promote,
   * canary-start), the replaced canary (canary-replace), the ended canary (canary-end), the
   * removed one (prune), null for publish or a first activation.
   */
  from: string | null;
  /**
   * Version after the change: the published or now active one, the canary (canary-start,
   * canary-replace), the active one visitors all get again (canary-end); null for prune.
   */
  to: string | null;
  /** The canary's share of visitors (%) for canary-start and canary-replace, else null. */
  percent: number | null;
  /** True when `--force` let an unverified release through. */
  forced: boolean;
}

/** Who makes a change, and whether a failed verification is overridden. */
export interface ChangeOptions {
  /** Recorded in the audit log (default `unknown`). */
  actor?: string;
  /** Go ahead although verification failed (the problems come back as warnings). */
  force?: boolean;
}

/** A published release, with the verification problems `force` let through. */
export type PublishResult = Release & { warnings: string[] };

/** What `activate` did. */
export interface ActivationResult {
  name: RemoteName;
  /** The version active before (null: none), and the one active now. */
  from: string | null;
  to: string;
  /** False when `to` was already active (nothing recorded). */
  changed: boolean;
  /** Verification problems `force` let through. */
  warnings: string[];
}

/** What `activate … --percent N` did. */
export interface CanaryResult {
  name: RemoteName;
  /** The active release, which visitors outside the canary's buckets keep getting. */
  active: string;
  /** The canary replaced by this one (null: none ran), and the canary now. */
  replaced: { version: string; percent: number } | null;
  version: string;
  percent: number;
  /** False when exactly this canary already ran (nothing recorded). */
  changed: boolean;
  /** Verification problems `force` let through. */
  warnings: string[];
}

/** Number of visitor buckets: a browser keeps one of 0…BUCKETS-1. */
export const BUCKETS = 100;

/**
 * Whether a visitor in `bucket` (0–99) gets a canary served to `percent` % of visitors: the top
 * `percent` buckets (`bucket >= 100 - percent`), so at 50 % bucket 90 gets the canary and bucket
 * 10 the active release, and raising the percentage only adds buckets.
 */
export function isCanaryBucket(bucket: number, percent: number): boolean {
  return bucket >= BUCKETS - percent;
}

/** Why prune kept a release beyond the newest `keep`. */
export type KeptReason = 'active' | 'rollback target' | 'canary' | 'active in the last 24 h' | 'current build';

/** What `prune` did. */
export interface PruneResult {
  /** Releases removed (records, and their files on this server). */
  removed: { name: RemoteName; version: string; baseUrl: string | null }[];
  /** Releases older than the newest `keep` that were kept, and why. */
  protected: { name: RemoteName; version: string; reason: KeptReason }[];
}

/** What `syncCurrentBuilds` did. */
export interface SyncResult {
  /** Builds published and activated now, as `name@version`. */
  activated: string[];
  /** Builds published but not activated, because a canary of that remote runs, as `name@version`. */
  publishedOnly: string[];
  /** New builds that failed verification: neither published nor activated. */
  refused: { release: string; problems: readonly string[] }[];
}

/** How far back `prune` protects a release that was active (ms): 24 h. */
export const RECENTLY_ACTIVE_MS = 24 * 60 * 60 * 1000;

export interface ReleaseRegistry {
  /** Folder holding every release's files. */
  readonly releasesDir: string;
  /** Every release (of one remote, or all), newest first, with which is active. */
  list(name?: string): Promise<Release[]>;
  /**
   * Publishes the current build of `name` (`<WEB_ROOT>/<workspace>/dist`, version from its
   * `release.json`): copies it into `RELEASES_DIR/<name>/<version>/` — or, with `baseUrl`,
   * records a copy already uploaded there (the assistant's files are still copied, since its
   * frame app is always served from the site's origin) — and records it, in the audit log too.
   * The build (and, with `baseUrl`, the copy there) is verified first.
   * @throws ReleaseError `unknown-remote`, `no-build`, `already-published`, `bad-base-url`,
   *   `unverified` (without `force`)
   */
  publish(name: string, options?: { baseUrl?: string } & ChangeOptions): Promise<PublishResult>;
  /**
   * Makes `version` the active release of `name` (a no-op when it already is), after verifying
   * its files (on this server, or at its base URL), and records it in the audit log.
   * @throws ReleaseError `unknown-remote`, `unknown-version`, `unverified` (without `force`),
   *   `canary-running` (a canary runs: promote it or end it with rollback first)
   */
  activate(name: string, version: string, options?: ChangeOptions): Promise<ActivationResult>;
  /**
   * Starts the canary of `name`: `version` (published, verified like `activate`) is served to
   * `percent` % of visitors ({@link isCanaryBucket}), the active release to the others. A
   * running canary is replaced (another version or percentage). Audited as `canary-start` or
   * `canary-replace`.
   * @param percent whole number 1–99
   * @throws ReleaseError `unknown-remote`, `unknown-version`, `bad-percent`, `unverified`
   *   (without `force`), `no-active-release` (nothing to serve the other visitors; also when
   *   `version` is the active release itself)
   */
  startCanary(name: string, version: string, percent: number, options?: ChangeOptions): Promise<CanaryResult>;
  /**
   * Makes the running canary of `name` the active release for every visitor (audited as
   * `promote`, from the previously active version); a rollback then returns to that one.
   * @throws ReleaseError `unknown-remote`, `no-canary`
   */
  promote(name: string, options?: Pick<ChangeOptions, 'actor'>): Promise<{ from: string; to: string }>;
  /**
   * Ends the running canary of `name` if there is one (every visitor gets the active release
   * again; audited as `canary-end`, from the canary to the active version); otherwise goes back
   * to the release that was active before the current one (audited as `rollback`).
   * @returns the versions switched from and to, and whether it was a canary that ended
   * @throws ReleaseError `unknown-remote`, `nothing-to-roll-back`
   */
  rollback(name: string, options?: Pick<ChangeOptions, 'actor'>): Promise<{ from: string; to: string; canaryEnded: boolean }>;
  /**
   * The audit log (of one remote, or all): the latest `limit` entries (default 100), oldest first.
   * @throws ReleaseError `unknown-remote`
   */
  history(name?: string, limit?: number): Promise<AuditEvent[]>;
  /**
   * Removes old releases of each remote (or of one): keeps the newest `keep` by publication,
   * and beyond them the active release, the canary, the rollback target, any release active in the last
   * 24 h ({@link RECENTLY_ACTIVE_MS}) and the current build in `dist/` (`npm start` would publish
   * it again). A removed release loses its record, its activations and its files in
   * `RELEASES_DIR`; files at a `--base-url` are left alone. Each removal is audited.
   * @throws ReleaseError `unknown-remote`, `bad-keep` (not a whole number ≥ 0)
   */
  prune(options: { keep: number; name?: string } & Pick<ChangeOptions, 'actor'>): Promise<PruneResult>;
  /**
   * `/remotes.json` entries, in the contract's order: for each remote that has an active release,
   * its canary when `bucket` (0–99) is one of the canary's ({@link isCanaryBucket}), else the
   * active release. Without a bucket: the active releases only.
   */
  activeEntries(bucket?: number): Promise<RemoteEntry[]>;
  /** The active version of one remote, if any. */
  activeVersion(name: RemoteName): Promise<string | undefined>;
  /** True when `name@version` is published with its files on this server (not only on a CDN). */
  isServedHere(name: RemoteName, version: string): Promise<boolean>;
  /** Folder of a release's files. */
  releaseDir(name: RemoteName, version: string): string;
  /**
   * Start-up rule: each current build whose version is not yet published is published and
   * activated (a new build is a deploy; actor `start`); one already published is left alone,
   * so a rollback survives a restart without a rebuild. A build that fails verification is
   * neither published nor activated; while a canary of the remote runs, a new build is
   * published but not activated (the operator decides with promote or rollback).
   */
  syncCurrentBuilds(): Promise<SyncResult>;
}

interface ReleaseRow {
  name: string;
  version: string;
  base_url: string | null;
  published_at: string | Date;
  active: boolean;
  canary_percent: number | null;
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

interface AuditRow {
  at: string | Date;
  actor: string;
  action: AuditAction;
  name: string;
  from_version: string | null;
  to_version: string | null;
  forced: boolean;
  percent: number | null;
}

interface ActivationRow {
  id: string;
  version: string;
  activated_at: string | Date;
  rolled_back_at: string | Date | null;
}

/**
 * Versions that were active at some moment in `[since, now]`: the top of the activation stack
 * at `since` and after each push or pop until `now` (the top only changes at those moments).
 */
function activeSince(rows: readonly ActivationRow[], since: number, now: number): Set<string> {
  const time = (v: string | Date): number => new Date(v).getTime();
  const moments = [since, now];
  for (const r of rows) {
    for (const t of [r.activated_at, r.rolled_back_at]) {
      if (t !== null && time(t) > since && time(t) <= now) moments.push(time(t));
    }
  }
  const versions = new Set<string>();
  for (const t of moments) {
    let top: ActivationRow | undefined;
    for (const r of rows) {
      const live = time(r.activated_at) <= t && (r.rolled_back_at === null || time(r.rolled_back_at) > t);
      if (live && (!top || BigInt(r.id) > BigInt(top.id))) top = r;
    }
    if (top) versions.add(top.version);
  }
  return versions;
}

/** Records one change in the audit log (inside the change's transaction). */
async function recordAudit(tx: Queryable, event: AuditInput): Promise<void> {
  await tx.query(
    'INSERT INTO release_audit (actor, action, name, from_version, to_version, forced, percent) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [event.actor, event.action, event.name, event.from, event.to, event.forced, event.percent ?? null],
  );
}

/** An audit event to record; `percent` only for canary starts and replacements. */
type AuditInput = Omit<AuditEvent, 'at' | 'percent'> & { percent?: number | null };

/** The running canary of a remote, read inside its transaction. */
async function canaryOf(tx: Queryable, name: string): Promise<{ version: string; percent: number } | undefined> {
  const [row] = await tx.query<{ version: string; percent: number }>(
    'SELECT version, percent FROM remote_canaries WHERE name = $1',
    [name],
  );
  return row;
}

/**
 * Creates the registry over `db`.
 *
 * @param webRoot     folder holding the `remote-*` workspaces and their `dist/` builds
 * @param releasesDir folder for release files (`RELEASES_DIR`, default `DATA_DIR/releases`)
 * @param logger      where each audited change is also logged (the server's log)
 * @param fetch       how a release at a base URL is fetched for verification (tests pass a fake)
 */
export function createReleaseRegistry({
  db,
  webRoot,
  releasesDir,
  logger,
  fetch: fetchImpl = fetch,
}: {
  db: Database;
  webRoot: string;
  releasesDir: string;
  logger?: Pick<Logger, 'info' | 'warn'>;
  fetch?: typeof fetch;
}): ReleaseRegistry {
  const servedHere = new Set<string>(); // a release's files never change; only prune removes them (and this entry)

  const releaseDir = (name: RemoteName, version: string): string => path.join(releasesDir, name, version);

  /** Writes an audited change to the server log, once its transaction committed. */
  const logAudit = (event: AuditInput): void => {
    const change = event.from && event.to ? `${event.from} → ${event.to}` : (event.to ?? event.from ?? '');
    const share = event.percent ? ` at ${event.percent} %` : '';
    const message = `release ${event.action}: ${event.name} ${change}${share} by ${event.actor}${event.forced ? ' (forced past failed verification)' : ''}`;
    if (event.forced) logger?.warn({ release: event }, message);
    else logger?.info({ release: event }, message);
  };

  /** Verification problems of a release's files: on this server and/or at its base URL. */
  const problemsOf = async (name: RemoteName, local: string | null, baseUrl: string | null): Promise<string[]> => {
    const problems: string[] = [];
    if (local !== null) problems.push(...(await verifyRelease(name, { dir: local })).problems);
    if (baseUrl !== null) problems.push(...(await verifyRelease(name, { baseUrl }, fetchImpl)).problems);
    return problems;
  };

  /** Refuses (`unverified`) unless forced; returns the problems let through as warnings. */
  const gate = (release: string, problems: string[], force: boolean | undefined, what: string): string[] => {
    if (problems.length === 0 || force) return problems;
    throw new ReleaseError(
      'unverified',
      `${release} failed verification, so it was not ${what}: ${problems.join('; ')}. Fix the release, or pass --force to go ahead anyway.`,
      problems,
    );
  };

  const list: ReleaseRegistry['list'] = async (name) => {
    if (name !== undefined) remoteName(name);
    const rows = await db.query<ReleaseRow>(
      `SELECT r.name, r.version, r.base_url, r.published_at,
              (r.version = (SELECT a.version FROM remote_activations a
                             WHERE a.name = r.name AND a.rolled_back_at IS NULL
                             ORDER BY a.id DESC LIMIT 1)) IS TRUE AS active,
              c.percent AS canary_percent
         FROM remote_releases r
         LEFT JOIN remote_canaries c ON c.name = r.name AND c.version = r.version
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
      canaryPercent: r.canary_percent,
    }));
  };

  const publish: ReleaseRegistry['publish'] = async (rawName, options = {}) => {
    const actor = options.actor ?? 'unknown';
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
    const warnings = gate(
      `${name}@${build.version}`,
      await problemsOf(name, copyFiles ? build.dir : null, baseUrl),
      options.force,
      'published',
    );
    const target = releaseDir(name, build.version);
    if (copyFiles) {
      // Copy beside the target and rename: a release folder is either complete or absent.
      const staging = `${target}.staging-${process.pid}-${Date.now()}`;
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.cp(build.dir, staging, { recursive: true });
      await fs.rm(target, { recursive: true, force: true }); // a folder left without a record is not a release
      await fs.rename(staging, target);
    }
    const event = { actor, action: 'publish', name, from: null, to: build.version, forced: warnings.length > 0 } as const;
    try {
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO remote_releases (name, version, base_url) VALUES ($1, $2, $3)', [name, build.version, baseUrl]);
        await recordAudit(tx, event);
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new ReleaseError('already-published', `${name}@${build.version} is already published; releases are immutable`);
      }
      throw error;
    }
    logAudit(event);
    const [release] = await list(name).then((all) => all.filter((r) => r.version === build.version));
    if (!release) throw new Error(`${name}@${build.version} vanished right after publishing`);
    return { ...release, warnings };
  };

  const unpublished = (name: RemoteName, version: string): ReleaseError =>
    new ReleaseError('unknown-version', `${name}@${version} is not published (see \`npm run remotes -- list\`)`);

  /**
   * Verifies a published release before it goes live (outside any transaction: fetching from a
   * CDN must not hold the remote's lock); returns the problems `force` let through.
   */
  const verifyForLive = async (name: RemoteName, version: string, force: boolean | undefined, what: string): Promise<string[]> => {
    const [row] = await db.query<{ base_url: string | null }>(
      'SELECT base_url FROM remote_releases WHERE name = $1 AND version = $2',
      [name, version],
    );
    if (!row) throw unpublished(name, version);
    const local = row.base_url === null || name === 'assistant' ? releaseDir(name, version) : null;
    return gate(`${name}@${version}`, await problemsOf(name, local, row.base_url), force, what);
  };

  /** Still published, inside the change's transaction (prune takes the same lock). */
  const stillPublished = async (tx: Queryable, name: RemoteName, version: string): Promise<void> => {
    const [still] = await tx.query('SELECT 1 FROM remote_releases WHERE name = $1 AND version = $2', [name, version]);
    if (!still) throw unpublished(name, version);
  };

  const activate: ReleaseRegistry['activate'] = async (rawName, version, options = {}) => {
    const name = remoteName(rawName);
    const actor = options.actor ?? 'unknown';
    const warnings = await verifyForLive(name, version, options.force, 'activated');
    const result = await db.transaction(async (tx) => {
      await lockRemote(tx, name);
      const canary = await canaryOf(tx, name);
      if (canary) {
        throw new ReleaseError(
          'canary-running',
          `${name}@${canary.version} runs as a canary (${canary.percent} %): promote it (\`npm run remotes -- promote ${name}\`) or end it (\`npm run remotes -- rollback ${name}\`) before activating another release`,
        );
      }
      const [top] = await liveActivations(tx, name, 1);
      const from = top?.version ?? null;
      if (from === version) return { name, from, to: version, changed: false, warnings };
      await stillPublished(tx, name, version);
      await tx.query('INSERT INTO remote_activations (name, version) VALUES ($1, $2)', [name, version]);
      await recordAudit(tx, { actor, action: 'activate', name, from, to: version, forced: warnings.length > 0 });
      return { name, from, to: version, changed: true, warnings };
    });
    if (result.changed) logAudit({ actor, action: 'activate', name, from: result.from, to: version, forced: warnings.length > 0 });
    return result;
  };

  const startCanary: ReleaseRegistry['startCanary'] = async (rawName, version, percent, options = {}) => {
    const name = remoteName(rawName);
    const actor = options.actor ?? 'unknown';
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
      throw new ReleaseError(
        'bad-percent',
        `--percent must be a whole number from 1 to 99, got ${String(percent)} (for everyone: activate without --percent, or promote)`,
      );
    }
    const warnings = await verifyForLive(name, version, options.force, 'started as a canary');
    const result = await db.transaction(async (tx) => {
      await lockRemote(tx, name);
      const [top] = await liveActivations(tx, name, 1);
      if (!top) {
        throw new ReleaseError(
          'no-active-release',
          `${name} has no active release for the visitors outside the canary: activate one first (without --percent)`,
        );
      }
      if (top.version === version) {
        throw new ReleaseError('no-active-release', `${name}@${version} is already the active release, served to every visitor`);
      }
      const replaced = (await canaryOf(tx, name)) ?? null;
      const base = { name, active: top.version, replaced, version, percent, warnings };
      if (replaced?.version === version && replaced.percent === percent) return { ...base, changed: false };
      await stillPublished(tx, name, version);
      await tx.query(
        `INSERT INTO remote_canaries (name, version, percent) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, percent = EXCLUDED.percent, started_at = now()`,
        [name, version, percent],
      );
      const event: AuditInput = replaced
        ? { actor, action: 'canary-replace', name, from: replaced.version, to: version, forced: warnings.length > 0, percent }
        : { actor, action: 'canary-start', name, from: top.version, to: version, forced: warnings.length > 0, percent };
      await recordAudit(tx, event);
      return { ...base, changed: true, event };
    });
    if ('event' in result) {
      const { event, ...done } = result;
      logAudit(event);
      return done;
    }
    return result;
  };

  const promote: ReleaseRegistry['promote'] = async (rawName, options = {}) => {
    const name = remoteName(rawName);
    const actor = options.actor ?? 'unknown';
    const switched = await db.transaction(async (tx) => {
      await lockRemote(tx, name);
      const canary = await canaryOf(tx, name);
      if (!canary) throw new ReleaseError('no-canary', `${name} runs no canary to promote (start one with activate … --percent N)`);
      const [top] = await liveActivations(tx, name, 1);
      await tx.query('DELETE FROM remote_canaries WHERE name = $1', [name]);
      await tx.query('INSERT INTO remote_activations (name, version) VALUES ($1, $2)', [name, canary.version]);
      const from = top?.version ?? '';
      await recordAudit(tx, { actor, action: 'promote', name, from: top?.version ?? null, to: canary.version, forced: false });
      return { from, to: canary.version };
    });
    logAudit({ actor, action: 'promote', name, ...switched, forced: false });
    return switched;
  };

  const rollback: ReleaseRegistry['rollback'] = async (rawName, options = {}) => {
    const name = remoteName(rawName);
    const actor = options.actor ?? 'unknown';
    const switched = await db.transaction(async (tx) => {
      await lockRemote(tx, name);
      const canary = await canaryOf(tx, name);
      if (canary) {
        // A running canary is what an operator backs out of first; the active release stays.
        const [active] = await liveActivations(tx, name, 1);
        await tx.query('DELETE FROM remote_canaries WHERE name = $1', [name]);
        const to = active?.version ?? '';
        await recordAudit(tx, { actor, action: 'canary-end', name, from: canary.version, to: active?.version ?? null, forced: false });
        return { from: canary.version, to, canaryEnded: true, action: 'canary-end' as const };
      }
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
      await recordAudit(tx, { actor, action: 'rollback', name, from: top.version, to: previous.version, forced: false });
      return { from: top.version, to: previous.version, canaryEnded: false, action: 'rollback' as const };
    });
    const { action, ...done } = switched;
    logAudit({ actor, action, name, from: done.from, to: done.to, forced: false });
    return done;
  };

  const history: ReleaseRegistry['history'] = async (name, limit = 100) => {
    if (name !== undefined) remoteName(name);
    const rows = await db.query<AuditRow>(
      `SELECT at, actor, action, name, from_version, to_version, forced, percent FROM (
         SELECT * FROM release_audit WHERE $1::text IS NULL OR name = $1 ORDER BY id DESC LIMIT ${Math.max(1, Math.floor(limit))}
       ) latest ORDER BY id`,
      [name ?? null],
    );
    return rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      name: remoteName(r.name),
      from: r.from_version,
      to: r.to_version,
      forced: r.forced,
      percent: r.percent,
    }));
  };

  const pruneOne = async (name: RemoteName, keep: number, actor: string): Promise<PruneResult> => {
    const build = await currentBuild(webRoot, name);
    const result = await db.transaction(async (tx) => {
      await lockRemote(tx, name);
      const [clock] = await tx.query<{ now: string | Date }>('SELECT now() AS now');
      const now = new Date(clock?.now ?? Date.now()).getTime();
      const releases = await tx.query<{ version: string; base_url: string | null }>(
        'SELECT version, base_url FROM remote_releases WHERE name = $1 ORDER BY published_at DESC, version DESC',
        [name],
      );
      const activations = await tx.query<ActivationRow>(
        'SELECT id::text AS id, version, activated_at, rolled_back_at FROM remote_activations WHERE name = $1 ORDER BY id',
        [name],
      );
      const [active, target] = [...activations].filter((a) => a.rolled_back_at === null).reverse();
      const recent = activeSince(activations, now - RECENTLY_ACTIVE_MS, now);
      const canary = await canaryOf(tx, name);
      const reasonFor = (version: string): KeptReason | undefined => {
        if (version === active?.version) return 'active';
        if (version === canary?.version) return 'canary';
        if (version === target?.version) return 'rollback target';
        if (recent.has(version)) return 'active in the last 24 h';
        if (version === build?.version) return 'current build';
        return undefined;
      };
      const done: PruneResult = { removed: [], protected: [] };
      for (const [i, release] of releases.entries()) {
        if (i < keep) continue;
        const reason = reasonFor(release.version);
        if (reason) {
          done.protected.push({ name, version: release.version, reason });
          continue;
        }
        await tx.query('DELETE FROM remote_activations WHERE name = $1 AND version = $2', [name, release.version]);
        await tx.query('DELETE FROM remote_releases WHERE name = $1 AND version = $2', [name, release.version]);
        await recordAudit(tx, { actor, action: 'prune', name, from: release.version, to: null, forced: false });
        done.removed.push({ name, version: release.version, baseUrl: release.base_url });
      }
      return done;
    });
    for (const r of result.removed) {
      servedHere.delete(`${name}@${r.version}`);
      logAudit({ actor, action: 'prune', name, from: r.version, to: null, forced: false });
      // The record is gone, so the files are no longer served; a CDN's copy is not ours to delete.
      await fs.rm(releaseDir(name, r.version), { recursive: true, force: true });
    }
    return result;
  };

  const prune: ReleaseRegistry['prune'] = async ({ keep, name, actor = 'unknown' }) => {
    if (!Number.isInteger(keep) || keep < 0) {
      throw new ReleaseError('bad-keep', `--keep must be a whole number of releases (0 or more), got ${String(keep)}`);
    }
    const names = name === undefined ? Object.keys(REMOTES).filter(isRemoteName) : [remoteName(name)];
    const all: PruneResult = { removed: [], protected: [] };
    for (const n of names) {
      const one = await pruneOne(n, keep, actor);
      all.removed.push(...one.removed);
      all.protected.push(...one.protected);
    }
    return all;
  };

  const activeRows = (): Promise<{ name: string; version: string; base_url: string | null }[]> =>
    db.query(
      `SELECT DISTINCT ON (a.name) a.name, a.version, r.base_url
         FROM remote_activations a JOIN remote_releases r ON r.name = a.name AND r.version = a.version
        WHERE a.rolled_back_at IS NULL
        ORDER BY a.name, a.id DESC`,
    );

  const canaryRows = (): Promise<{ name: string; version: string; base_url: string | null; percent: number }[]> =>
    db.query(
      `SELECT c.name, c.version, r.base_url, c.percent
         FROM remote_canaries c JOIN remote_releases r ON r.name = c.name AND r.version = c.version`,
    );

  /** Each remote's release served to `bucket`: its canary for the canary's buckets, else the active one. */
  const servedRows = async (bucket: number | undefined): Promise<Map<string, { version: string; base_url: string | null }>> => {
    const byName = new Map<string, { version: string; base_url: string | null }>((await activeRows()).map((r) => [r.name, r]));
    if (bucket === undefined) return byName;
    for (const c of await canaryRows()) {
      // A canary only splits the visitors of a remote that has an active release.
      if (byName.has(c.name) && isCanaryBucket(bucket, c.percent)) byName.set(c.name, c);
    }
    return byName;
  };

  const activeEntries: ReleaseRegistry['activeEntries'] = async (bucket) => {
    const byName = await servedRows(bucket);
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
    const done: SyncResult = { activated: [], publishedOnly: [], refused: [] };
    for (const name of Object.keys(REMOTES)) {
      if (!isRemoteName(name)) continue;
      const build = await currentBuild(webRoot, name);
      if (!build) continue;
      const known = await db.query('SELECT 1 FROM remote_releases WHERE name = $1 AND version = $2', [name, build.version]);
      if (known.length > 0) continue;
      try {
        await publish(name, { actor: 'start' });
      } catch (error) {
        if (error instanceof ReleaseError && error.code === 'unverified') {
          done.refused.push({ release: `${name}@${build.version}`, problems: error.problems });
          continue;
        }
        // Another server instance published it in the meantime: that is the same release.
        if (!(error instanceof ReleaseError && error.code === 'already-published')) throw error;
      }
      try {
        await activate(name, build.version, { actor: 'start' });
      } catch (error) {
        if (error instanceof ReleaseError && error.code === 'canary-running') {
          done.publishedOnly.push(`${name}@${build.version}`);
          continue;
        }
        // Its copy in RELEASES_DIR fails although the build passed: never activated either.
        if (!(error instanceof ReleaseError && error.code === 'unverified')) throw error;
        done.refused.push({ release: `${name}@${build.version}`, problems: error.problems });
        continue;
      }
      done.activated.push(`${name}@${build.version}`);
    }
    return done;
  };

  return {
    releasesDir,
    list,
    publish,
    activate,
    startCanary,
    promote,
    rollback,
    history,
    prune,
    activeEntries,
    activeVersion,
    isServedHere,
    releaseDir,
    syncCurrentBuilds,
  };
}
