/**
 * `npm run bench [-- --quick] [-- --build] [-- --keep] [-- --only=pages,api,scale,costly,throughput]`
 *
 * Measures what users feel and what the server sustains, and writes
 * `bench-results/<date>.json` with every figure, then prints the Markdown tables:
 * - pages (bench/pages.mjs): weight and speed of `/`, `/knowledge`, `/contact`, `/chat` in
 *   headless Chromium, the federated build and a monolithic build of the same pages, each
 *   served by its own server once the monolith is built, their cold loads taken in turn;
 * - duplicates (bench/duplicates.mjs): packages loaded more than once, packages in several builds;
 * - api (bench/api.mjs): autocannon against search, ask and newsletter, and a bare Express ceiling;
 * - scale (bench/scale.mjs): search latency, ingest, size and memory at 100k and 400k passages,
 *   on PGlite and, when `DATABASE_URL` is given, on PostgreSQL;
 * - costly (bench/costly.mjs): the ten slowest bench queries, ten clients looping over them, and
 *   meanwhile `/healthz`, a static file and an eleventh client's plain searches (cache off);
 * - throughput (bench/throughput.mjs): search and ask at 10 connections with the cache off, and
 *   a mix of 80 % popular and 20 % unseen queries with it on.
 * costly and throughput run on the embedded database (PGlite) only.
 *
 * Every run works on a scratch database it creates (a new folder under the OS temp dir, or
 * under `BENCH_DATA_DIR`, which must be empty; a new schema when `DATABASE_URL` is set) and
 * removes it afterwards unless `--keep`. Rate limits are raised for the run and recorded.
 * `--quick` (under 2 minutes): one cold load per page on the loopback, no monolith, short API
 * runs, no scale. Benchmarks, not tests: nothing here asserts a time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureApi } from './api.mjs';
import { duplicatesInBuilds, duplicatesLoaded, serverLocator } from './duplicates.mjs';
import { buildMonolith, ensureBuilds, monolithWebRoot } from './lib/builds.mjs';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { BENCH_RATE_LIMITS, createScratch, startServer } from './lib/server.mjs';
import { log, repoRoot } from './lib/util.mjs';
import { chromiumPath, launchBrowser, measurePages } from './pages.mjs';
import { renderReport } from './report.mjs';
import { measureScale } from './scale.mjs';
import { measureCostly } from './costly.mjs';
import { measureCacheOff, measurePopularMix } from './throughput.mjs';

const USAGE = `Usage: npm run bench [-- --quick] [--build] [--keep] [--only=pages,api,scale,costly,throughput]

  --quick        under 2 minutes: one cold load per page on the loopback, no monolith, short
                 API runs, no scale
  --build        run the whole "npm run build" first (default: rebuild only stale workspaces)
  --keep         keep the scratch data (its folder is printed)
  --only=PARTS   run only these parts (comma-separated: pages, api, scale, costly, throughput);
                 --only=costly runs the costly set alone

Writes bench-results/<date>.json and prints the Markdown tables. BENCH_DATA_DIR: an empty
folder for the scratch data (default: under the OS temp dir); DATABASE_URL: also measure on
PostgreSQL, in a scratch schema.`;
const PARTS = ['pages', 'api', 'scale', 'costly', 'throughput'];
const { values: options } = readCommandLine({
  tool: 'bench',
  usage: USAGE,
  options: { quick: { type: 'boolean' }, keep: { type: 'boolean' }, build: { type: 'boolean' }, only: { type: 'string' } },
});
const quick = options.quick === true;
const keep = options.keep === true;
const buildAll = options.build === true;
const only = options.only === undefined ? null : new Set(options.only.split(','));
const unknownPart = [...(only ?? [])].find((part) => !PARTS.includes(part));
if (unknownPart !== undefined) usageError('bench', USAGE, `--only takes ${PARTS.join(', ')}; got "${unknownPart}"`);
const wants = (part) => !only || only.has(part);

/** What each mode runs. */
const PLAN = quick
  ? {
      runs: 1,
      profiles: ['local'],
      monolith: false,
      api: { durationS: 3, warmupS: 1, connections: 10, askRounds: 4 },
      scale: null,
      costly: { reps: 1, idleS: 5, durationS: 10 },
      throughput: { durationS: 3, warmupS: 1, connections: 10 },
    }
  : {
      runs: 3,
      profiles: ['local', 'slow-4g'],
      monolith: true,
      api: { durationS: 10, warmupS: 3, connections: 10, askRounds: 16 },
      scale: { steps: [100_000, 400_000], reps: 4 },
      costly: { reps: 3, idleS: 15, durationS: 30 },
      throughput: { durationS: 10, warmupS: 3, connections: 10 },
    };

/** The busiest other processes on the machine (the benchmark shares it), from ps. */
function otherProcesses() {
  try {
    const out = execFileSync('ps', ['-eo', 'pid,pcpu,rss,args', '--sort=-pcpu'], { encoding: 'utf8' });
    return out
      .split('\n')
      .slice(1, 9)
      .map((l) => l.trim().replace(/\s+/g, ' ').slice(0, 140))
      .filter((l) => l && !l.startsWith(`${process.pid} `) && !l.includes(' ps -eo '));
  } catch {
    return [];
  }
}

function gitState() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return null;
  }
}

async function main() {
  const started = performance.now();
  const date = new Date().toISOString();
  const result = {
    date,
    mode: quick ? 'quick' : 'full',
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryBytes: os.totalmem(),
      node: process.version,
      loadAverage: { start: os.loadavg().map((n) => Math.round(n * 100) / 100), end: null },
      otherProcessesAtStart: otherProcesses(),
    },
    git: gitState(),
    settings: { rateLimits: BENCH_RATE_LIMITS, plan: PLAN, chromium: chromiumPath() ?? 'Playwright default', databaseUrl: process.env.DATABASE_URL ? 'given' : 'not given' },
    builds: null,
    pages: null,
    duplicates: null,
    api: null,
    scale: null,
    costly: null,
    throughput: null,
    skipped: [],
    durationS: null,
  };
  if (quick) result.skipped.push('monolithic build and slow-4g profile (quick run)', 'scale (quick run)');
  const rateLimits = Object.entries(BENCH_RATE_LIMITS)
    .map(([k, v]) => `${k.replace('RATE_LIMIT_', '').replace('_PER_MINUTE', '').toLowerCase()} ${v}/min`)
    .join(', ');

  result.builds = await ensureBuilds({ all: buildAll });
  const scratch = await createScratch({ label: 'pglite', keep });
  const disposers = [scratch.dispose];
  const cleanup = async () => {
    for (const dispose of disposers.reverse()) await dispose().catch((e) => log(`cleanup failed: ${e.message}`));
  };
  let browser;
  let server;
  try {
    const monolithOut = path.join(scratch.dir, 'monolith');
    const monolithBuild = wants('pages') && PLAN.monolith ? buildMonolith(monolithOut) : null;
    // Keep a failed build from becoming an unhandled rejection while the server starts.
    monolithBuild?.catch(() => undefined);
    server = await startServer(scratch, { name: 'site' });
    result.corpus = { firstStartMs: server.startMs, note: 'first start of a new database: migrations, the whole shipped corpus, warm-up' };
    const releasesDir = path.join(scratch.dataDir, 'releases');

    if (wants('pages')) {
      // The monolith is built and served before any page is loaded, and its loads alternate
      // with the federated build's: a build running beside one build's loads, or a quieter
      // machine for the other's, would bias the ratio.
      /** The monolith's build time, web root, server and release folder, when this run has one. */
      let monolith = null;
      if (monolithBuild) {
        const buildMs = await monolithBuild;
        const webRoot = monolithWebRoot(monolithOut);
        const monolithScratch = await createScratch({ label: 'pglite-monolith', keep });
        disposers.push(monolithScratch.dispose);
        const monolithServer = await startServer(monolithScratch, { name: 'monolith', webRoot });
        disposers.push(() => monolithServer.stop());
        monolith = { buildMs, webRoot, server: monolithServer, releasesDir: path.join(monolithScratch.dataDir, 'releases') };
      }
      browser = await launchBrowser();
      const measured = await measurePages(browser, { federated: server.url, ...(monolith ? { monolith: monolith.server.url } : {}) }, { runs: PLAN.runs, profiles: PLAN.profiles });
      result.pages = { runs: PLAN.runs, ...(monolith ? { monolithBuildMs: monolith.buildMs } : {}), ...measured };
      result.duplicates = { inBuilds: duplicatesInBuilds(), loaded: { federated: {} } };
      const locate = serverLocator({ webRoot: repoRoot, releasesDir });
      for (const [pagePath, p] of Object.entries(measured.federated.local)) {
        result.duplicates.loaded.federated[pagePath] = duplicatesLoaded(p.scripts, locate);
      }
      if (monolith) {
        const locateMonolith = serverLocator({ webRoot: monolith.webRoot, releasesDir: monolith.releasesDir });
        result.duplicates.loaded.monolith = {};
        for (const [pagePath, p] of Object.entries(measured.monolith.local)) {
          result.duplicates.loaded.monolith[pagePath] = duplicatesLoaded(p.scripts, locateMonolith);
        }
        await monolith.server.stop();
      }
    }
    if (wants('api')) {
      result.api = { pglite: { ...(await measureApi(server.url, PLAN.api)), rateLimits } };
      result.api.pglite.rssBytesAfter = server.memory().rss;
    }
    await server.stop();
    server = undefined;

    await browser?.close();
    browser = undefined;

    if (wants('costly')) {
      server = await startServer(scratch, { name: 'costly', env: { SEARCH_CACHE: 'off' } });
      result.costly = { pglite: await measureCostly(server.url, PLAN.costly) };
      await server.stop();
      server = undefined;
    }
    if (wants('throughput')) {
      server = await startServer(scratch, { name: 'throughput-cache-off', env: { SEARCH_CACHE: 'off' } });
      const cacheOff = await measureCacheOff(server.url, PLAN.throughput);
      await server.stop();
      server = await startServer(scratch, { name: 'throughput-cache-on' });
      result.throughput = { pglite: { cacheOff, popularMix: await measurePopularMix(server.url, PLAN.throughput) } };
      await server.stop();
      server = undefined;
    }

    if (PLAN.scale && wants('scale')) {
      result.scale = { pglite: await measureScale(scratch, PLAN.scale) };
    }

    if (process.env.DATABASE_URL && (wants('api') || (PLAN.scale && wants('scale')))) {
      const pg = await createScratch({ label: 'postgres', databaseUrl: process.env.DATABASE_URL, keep });
      disposers.push(pg.dispose);
      server = await startServer(pg, { name: 'site-postgres' });
      result.corpus.postgresFirstStartMs = server.startMs;
      if (wants('api')) {
        result.api.postgres = { ...(await measureApi(server.url, PLAN.api)), rateLimits };
        result.api.postgres.rssBytesAfter = server.memory().rss;
      }
      await server.stop();
      server = undefined;
      if (PLAN.scale && wants('scale')) result.scale = { ...result.scale, postgres: await measureScale(pg, PLAN.scale) };
    } else if (!process.env.DATABASE_URL) {
      result.skipped.push('PostgreSQL (DATABASE_URL not given)');
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    if (keep) log(`scratch data kept in ${scratch.dir}`);
    await cleanup();
  }

  result.machine.loadAverage.end = os.loadavg().map((n) => Math.round(n * 100) / 100);
  result.machine.otherProcessesAtEnd = otherProcesses();
  result.durationS = Math.round((performance.now() - started) / 1000);
  const dir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(renderReport(result));
  log(`wrote ${path.relative(repoRoot, file)} in ${result.durationS} s`);
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
