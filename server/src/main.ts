import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SingleBar } from 'cli-progress';
import { startOperations, type Operations } from './operations.js';
import { createApp } from './app.js';
import { loadConfigOrExit } from './cli/args.js';
import type { Config } from './config.js';
import { loadCorpus } from './corpus/service.js';
import { passageCounts } from './passages/catalog.js';
import type { Database } from './db/database.js';
import { DataDirLockedError } from './db/lock.js';
import { migrate } from './db/migrate.js';
import { openDatabase, type FirstStart } from './db/open.js';
import { PREPARED_DATA_DIR } from './corpus/prepared.js';
import { createHttpServer } from './http/server.js';
import { createLogger, type Logger } from './logger.js';
import { warmUpSearch, warmUpSearchTables } from './search/service.js';
import { createReleaseRegistry } from './releases/registry.js';
import { createRemoteHealth, type RemoteHealthChecker } from './releases/health.js';
import { withQueryMetrics } from './metrics/database.js';
import { startMetricsServer, type MetricsServer } from './metrics/server.js';
import { rateLimitCountsFor } from './http/rate-limit-counts.js';

/** Longest wait for open requests to finish on shutdown (ms). */
const SHUTDOWN_GRACE_MS = 10_000;

function progressBar(): { update: (done: number, total: number) => void; stop: () => void } {
  let bar: SingleBar | undefined;
  return {
    update(done, total) {
      if (total === 0) return;
      if (!bar) {
        bar = new SingleBar({
          format: 'Loading corpus [{bar}] {percentage}% | {value}/{total} passages | {duration}s',
          stream: process.stderr,
          noTTYOutput: true,
          notTTYSchedule: 2000,
          hideCursor: true,
        });
        bar.start(total, done);
      } else bar.update(done);
    },
    stop() {
      bar?.stop();
    },
  };
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Stops `server` accepting connections and resolves once every open connection has ended: idle
 * keep-alive connections are closed at once, and each busy one as soon as its response is sent
 * (checked every 100 ms), so a client holding a connection open cannot delay the exit.
 */
function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Set once a shutdown signal arrived; start-up failures after it are part of the shutdown. */
let stopping = false;

/** The log line of a first start: the prepared data folder used, or why the corpus is loaded instead. */
function logFirstStart(logger: Logger, outcome: FirstStart): void {
  if (outcome.prepared) {
    logger.info({ archive: outcome.archive, builtAt: outcome.builtAt, ms: outcome.ms }, 'first start: the prepared data folder was unpacked');
  } else if (outcome.reason === 'missing') {
    logger.info({ detail: outcome.detail }, 'first start: no prepared data folder (npm run build writes it); loading the corpus');
  } else {
    logger.warn({ reason: outcome.reason, detail: outcome.detail }, `first start: the prepared data folder is ${outcome.reason} and not used; loading the corpus`);
  }
}

async function start(config: Config, logger: Logger): Promise<void> {
  // The embedded database's worker thread: a death fails what was in flight (503) and restarts
  // it; three deaths within a minute end the server with an error (a supervisor restarts it).
  // An empty DATA_DIR gets the build's prepared data folder.
  const opening = openDatabase(config, {
    onDeath: ({ exitCode, error, deathsInWindow }) =>
      logger.error({ err: error, exitCode, deathsInWindow }, 'the database worker died; restarting it'),
    onRestart: () => logger.info('the database worker was restarted and answers again'),
    onGiveUp: (error) => {
      logger.fatal({ err: error }, 'the database worker keeps dying; exiting');
      process.exit(1);
    },
    preparedData: { dir: PREPARED_DATA_DIR },
    onFirstStart: (outcome) => logFirstStart(logger, outcome),
  });
  // The worker thread is opening (or unpacking) the database now: the main thread meanwhile
  // builds what search reads from the shipped files, which needs no database.
  try {
    warmUpSearchTables();
  } catch (error) {
    await opening.then((db) => db.close()).catch(() => undefined); // releases DATA_DIR's lock
    throw error;
  }
  // Timed at the interface, whatever runs behind it (kb_db_query_duration_seconds).
  const db: Database = withQueryMetrics(await opening);
  let servers: http.Server[] = [];
  let operations: Operations | undefined;
  let remoteHealth: RemoteHealthChecker | undefined;
  let metrics: MetricsServer | undefined;
  // Reads' and questions' rate-limit counts, written in batches (http/rate-limit-counts.ts).
  const rateLimitCounts =
    rateLimitCountsFor({ db, flushMs: config.rateLimits.flushMs, logger });
  /**
   * SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish (at most
   * SHUTDOWN_GRACE_MS, then their connections are cut), write the rate-limit counts not yet
   * written, stop the admin socket and timers, close
   * the database (PGlite writes a shutdown checkpoint, so the next start needs no recovery) —
   * which releases DATA_DIR's lock — and exit 0. A second signal while stopping is ignored.
   */
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) {
      logger.warn({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    logger.info({ signal, graceMs: SHUTDOWN_GRACE_MS }, 'shutting down: no new connections, waiting for requests in flight');
    const force = setTimeout(() => {
      logger.warn('requests still open after the grace period; closing their connections');
      for (const s of servers) s.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Last resort if closing hangs (a database that does not answer): exit with an error.
    setTimeout(() => {
      logger.error('shutdown did not finish in time; exiting without a clean database close');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 20_000).unref();
    await Promise.all(servers.map(close));
    clearTimeout(force);
    // The requests' counts not yet written, so that the other servers still see them.
    await rateLimitCounts?.close();
    remoteHealth?.stop();
    await metrics?.close();
    try {
      await operations?.stop();
      await db.close(); // also releases the embedded database's lock
    } catch (error) {
      logger.error({ err: error }, 'closing the database failed');
      process.exit(1);
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const applied = await migrate(db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    operations = await startOperations({ config, db, logger });
    const bar = progressBar();
    const loaded = await loadCorpus(db, { onProgress: bar.update });
    bar.stop();
    if (loaded.loaded.length > 0) logger.info({ imports: loaded.loaded, counts: await passageCounts(db) }, 'corpus loaded');
    await warmUpSearch(db);
    // A new build is a deploy; an already published one is left as it is (rollbacks survive restarts).
    // A build that fails verification is neither published nor activated: the site keeps its release.
    const synced = await createReleaseRegistry({
      db,
      webRoot: config.webRoot,
      releasesDir: config.releasesDir,
      logger,
    }).syncCurrentBuilds();
    if (synced.activated.length > 0) logger.info({ published: synced.activated }, 'new remote builds published and activated');
    if (synced.publishedOnly.length > 0) {
      logger.info({ published: synced.publishedOnly }, 'new remote builds published but not activated: a canary of that remote runs');
    }
    for (const refused of synced.refused) {
      logger.warn(refused, `new build ${refused.release} failed verification; not published, the active release stays`);
    }
    const registry = createReleaseRegistry({ db, webRoot: config.webRoot, releasesDir: config.releasesDir });
    remoteHealth = createRemoteHealth({ registry, logger });
    const health = await remoteHealth.checkNow();
    if (health.status !== 'ok') logger.warn({ releases: health.releases }, 'a live remote release is failing its health check');
    remoteHealth.start();
    if (config.metricsPort !== undefined) {
      metrics = await startMetricsServer({ port: config.metricsPort, logger });
      logger.info({ url: `http://127.0.0.1:${metrics.port}/metrics` }, 'Prometheus metrics served');
    }
  } catch (error) {
    remoteHealth?.stop();
    await metrics?.close();
    await operations?.stop();
    await db.close();
    throw error;
  }
  if (stopping) return;

  const app = createApp({ config, db, logger, alerts: operations.alerts, remoteHealth, rateLimitCounts });
  const ports = config.knowledgePort === 0 ? [config.port] : [config.port, config.knowledgePort];
  servers = ports.map(() => createHttpServer(app, config.httpTimeouts));
  let bound: number[];
  try {
    bound = await Promise.all(servers.map((s, i) => listen(s, ports[i] ?? 0)));
  } catch (error) {
    await Promise.all(servers.filter((s) => s.listening).map(close));
    remoteHealth?.stop();
    await metrics?.close();
    await operations.stop();
    await db.close();
    throw error;
  }
  const urls = bound.map((port) => `http://localhost:${port}`);
  logger.info(
    {
      urls,
      publicOrigin: config.publicOrigin,
      database: db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
      coldStartMs: Math.round(process.uptime() * 1000),
    },
    `listening on ${urls.join(' and ')}`,
  );
}

/** Entry point: config → lock + database → migrations → corpus → warm-up → listen. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  try {
    await start(config, logger);
  } catch (error) {
    // A signal during start-up closes the database under the loading code; shutdown exits 0.
    if (stopping) return;
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      logger.fatal({ err: error }, 'start-up failed');
    }
    process.exit(1);
  }
}

void main();
