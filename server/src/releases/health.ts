import fs from 'node:fs/promises';
import path from 'node:path';
import { Router } from 'express';
import type { Logger } from '../logger.js';
import { remoteReleaseUp } from '../metrics/metrics.js';
import type { Release, ReleaseRegistry } from './registry.js';

/**
 * Health of the live releases (`GET /healthz/remotes`): are the files a browser needs to load
 * each active release and each canary still there? Checked in the background — at start, within
 * {@link ACTIVATION_WATCH_MS} of an activation or rollback (made through this server, another
 * one on the same database or the CLI) and every {@link CHECK_INTERVAL_MS} — never per request,
 * so the route only reads the last result.
 *
 * The check is deliberately small (files exist / the CDN answers); `publish` and `activate`
 * verify a release in depth (manifest parses, exposes the contract's modules) before it can go
 * live. A later change should make {@link checkRelease} reuse that verifier.
 */

/** How often every live release is checked again (ms). */
export const CHECK_INTERVAL_MS = 60_000;
/** How often the set of live releases is compared with the one last checked (ms); a change is checked at once. */
export const ACTIVATION_WATCH_MS = 5_000;
/** Longest wait for a CDN's answer per file (ms). */
export const CDN_TIMEOUT_MS = 5_000;

/** The files a browser fetches first from every release; without them the remote cannot load. */
const ENTRY_FILES = ['mf-manifest.json', 'remoteEntry.js'] as const;

/** Which pointer makes a release live: the active release, or the remote's canary. */
export type LiveRole = 'active' | 'canary';

/** The last check of one live release. */
export interface ReleaseHealth {
  name: Release['name'];
  version: string;
  role: LiveRole;
  /** `ok`: every file answered; `failing`: see `problem`. */
  state: 'ok' | 'failing';
  /** What failed, in English, for the operator (e.g. `remoteEntry.js is missing`). */
  problem?: string;
  /** ISO 8601 time of this check. */
  checkedAt: string;
}

/** `GET /healthz/remotes` body. */
export interface RemoteHealthReport {
  /** `ok` when every live release is `ok` (also when none is live); `unchecked` before the first check. */
  status: 'ok' | 'failing' | 'unchecked';
  /** ISO 8601 time of the last completed check, or null. */
  checkedAt: string | null;
  /** Each live release, in the registry's order (by remote name). */
  releases: ReleaseHealth[];
}

/** Runs and keeps the checks; see the module comment. */
export interface RemoteHealthChecker {
  /** The last completed check (`unchecked` before the first); never touches the files or the database. */
  report(): RemoteHealthReport;
  /**
   * Checks every live release now (calls are serialized: each one runs after the previous
   * finished). Tests use it instead of waiting for a timer.
   * @returns the new report
   * @throws never for a failing release (that is a `failing` state); the database's error
   *   when the live releases cannot be read (the previous report is kept)
   */
  checkNow(): Promise<RemoteHealthReport>;
  /**
   * The activation watch's step (run every {@link ACTIVATION_WATCH_MS} once started): reads
   * which releases are live and checks them when that differs from the last check (an
   * activation or rollback) or when nothing was checked yet.
   * @returns the new report when a check ran, else undefined
   * @throws the database's error when the live releases cannot be read
   */
  checkIfChanged(): Promise<RemoteHealthReport | undefined>;
  /** Starts the periodic check and the activation watch (timers `unref`'d). Idempotent. */
  start(): void;
  /** Stops the timers. */
  stop(): void;
}

/** What a check needs of the registry. */
export type HealthRegistry = Pick<ReleaseRegistry, 'list' | 'releaseDir'>;

async function fileProblem(file: string, label: string): Promise<string | undefined> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return `${label} is not a file`;
    if (stat.size === 0) return `${label} is empty`;
    return undefined;
  } catch {
    return `${label} is missing`;
  }
}

async function urlProblem(url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<string | undefined> {
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow', cache: 'no-store' });
    await res.body?.cancel(); // only the status matters
    return res.ok ? undefined : `${url} answered ${res.status}`;
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'unreachable';
    return `${url} is ${reason}`;
  }
}

/**
 * Checks one release's entry files: `mf-manifest.json` and `remoteEntry.js` in
 * `RELEASES_DIR/<name>/<version>/`, or at its `baseUrl` (a CDN: a 2xx answer to GET within
 * {@link CDN_TIMEOUT_MS}); for the assistant also its frame page `assistant/index.html`,
 * always served from this server.
 *
 * @returns the first problem found, or undefined when every file is there
 */
export async function checkRelease(
  registry: Pick<ReleaseRegistry, 'releaseDir'>,
  release: Pick<Release, 'name' | 'version' | 'baseUrl'>,
  options: { fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<string | undefined> {
  const dir = registry.releaseDir(release.name, release.version);
  for (const file of ENTRY_FILES) {
    const problem = release.baseUrl
      ? await urlProblem(`${release.baseUrl}/${file}`, options.fetchImpl ?? fetch, options.timeoutMs ?? CDN_TIMEOUT_MS)
      : await fileProblem(path.join(dir, file), file);
    if (problem) return problem;
  }
  if (release.name === 'assistant') return fileProblem(path.join(dir, 'assistant', 'index.html'), 'assistant/index.html');
  return undefined;
}

const liveKey = (releases: readonly Pick<ReleaseHealth, 'name' | 'version' | 'role'>[]): string =>
  releases.map((r) => `${r.role}:${r.name}@${r.version}`).join(',');

/**
 * Creates the checker over the registry. Nothing runs until {@link RemoteHealthChecker.checkNow}
 * or {@link RemoteHealthChecker.start}.
 *
 * @param logger a release turning `failing` is logged at `warn`, turning `ok` again at `info`
 * @param fetchImpl for CDN releases (tests pass their own)
 */
export function createRemoteHealth({
  registry,
  logger,
  fetchImpl,
  intervalMs = CHECK_INTERVAL_MS,
  watchMs = ACTIVATION_WATCH_MS,
}: {
  registry: HealthRegistry;
  logger: Logger;
  fetchImpl?: typeof fetch;
  intervalMs?: number;
  watchMs?: number;
}): RemoteHealthChecker {
  let current: RemoteHealthReport = { status: 'unchecked', checkedAt: null, releases: [] };
  let queue: Promise<unknown> = Promise.resolve();
  let timers: NodeJS.Timeout[] = [];

  const liveReleases = async (): Promise<(Release & { role: LiveRole })[]> =>
    (await registry.list())
      .filter((r) => r.active || r.canaryPercent !== null)
      .map((r) => ({ ...r, role: r.active ? ('active' as const) : ('canary' as const) }));

  const runCheck = async (): Promise<RemoteHealthReport> => {
    const live = await liveReleases();
    const previous = new Map(current.releases.map((r) => [`${r.role}:${r.name}@${r.version}`, r.state]));
    const releases: ReleaseHealth[] = [];
    for (const release of live) {
      const problem = await checkRelease(registry, release, { fetchImpl });
      const health: ReleaseHealth = {
        name: release.name,
        version: release.version,
        role: release.role,
        state: problem ? 'failing' : 'ok',
        ...(problem ? { problem } : {}),
        checkedAt: new Date().toISOString(),
      };
      releases.push(health);
      const was = previous.get(`${release.role}:${release.name}@${release.version}`);
      const fields = { remote: release.name, version: release.version, role: release.role };
      if (problem && was !== 'failing') logger.warn({ ...fields, problem }, 'live remote release failing its health check');
      if (!problem && was === 'failing') logger.info(fields, 'live remote release healthy again');
    }
    remoteReleaseUp.reset();
    for (const r of releases) remoteReleaseUp.set({ remote: r.name, version: r.version, role: r.role }, r.state === 'ok' ? 1 : 0);
    current = {
      status: releases.some((r) => r.state === 'failing') ? 'failing' : 'ok',
      checkedAt: new Date().toISOString(),
      releases,
    };
    return current;
  };

  const checkNow = (): Promise<RemoteHealthReport> => {
    const next = queue.then(runCheck, runCheck);
    queue = next.catch(() => undefined);
    return next;
  };

  const background = (): void => {
    checkNow().catch((error: unknown) => logger.warn({ err: error }, 'remote health check could not read the live releases'));
  };

  const checkIfChanged = async (): Promise<RemoteHealthReport | undefined> => {
    const live = await liveReleases();
    if (current.status !== 'unchecked' && liveKey(live) === liveKey(current.releases)) return undefined;
    return checkNow();
  };

  const watch = (): void => {
    checkIfChanged().catch((error: unknown) => logger.debug({ err: error }, 'remote health watch could not read the live releases'));
  };

  return {
    report: () => current,
    checkNow,
    checkIfChanged,
    start() {
      if (timers.length > 0) return;
      timers = [setInterval(background, intervalMs), setInterval(watch, watchMs)];
      for (const t of timers) t.unref();
    },
    stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
    },
  };
}

/**
 * `GET /healthz/remotes` → 200 when every live release passed its last check, else 503 (a
 * release failing, or no check yet), with the {@link RemoteHealthReport} as the body
 * (`Cache-Control: no-store`). Reads the checker's last result only.
 */
export function remoteHealthRouter(checker: Pick<RemoteHealthChecker, 'report'>): Router {
  const router = Router();
  router.get('/healthz/remotes', (_req, res) => {
    const report = checker.report();
    res
      .status(report.status === 'ok' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(report);
  });
  return router;
}
