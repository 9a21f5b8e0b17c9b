/**
 * The site's real server (server/dist/main.js) as a child process on a free port, over a
 * scratch database the benchmark creates (tooling/scratch.mjs): a fresh `DATA_DIR` for PGlite,
 * and, when `DATABASE_URL` is given, a fresh schema `kb_bench_<hex>` in that PostgreSQL
 * database. A folder or schema that already holds data is refused, never reused.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import * as scratchData from '../../tooling/scratch.mjs';
import { log, processMemory, repoRoot } from './util.mjs';

/** Per-minute rate limits the benchmark sets for its runs (recorded with the results). */
export const BENCH_RATE_LIMITS = {
  RATE_LIMIT_FORMS_PER_MINUTE: '1000000',
  RATE_LIMIT_ASK_PER_MINUTE: '1000000',
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
};

/**
 * Creates the run's scratch database: a folder under the OS temp dir (or
 * `BENCH_DATA_DIR/<label>`, which must be empty) for PGlite, or a new schema `kb_bench_<hex>`
 * in `databaseUrl`.
 *
 * @param {{ label: string, databaseUrl?: string, keep?: boolean }} options
 * @returns {Promise<import('../../tooling/scratch.mjs').Scratch>}
 * @throws when the folder or schema already holds data
 */
export function createScratch({ label, databaseUrl, keep = false }) {
  return scratchData.createScratch({
    prefix: `kb-bench-${label}`,
    dir: process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR, label) : undefined,
    keep,
    postgres: databaseUrl ? { url: databaseUrl, isolate: 'schema', schemaPrefix: 'kb_bench' } : undefined,
  });
}

/**
 * @typedef {import('../../tooling/scratch.mjs').RunningServer & {
 *   startMs: number,
 *   memory: () => { rss: number | null, peak: number | null },
 * }} BenchServer `startMs` = `readyMs`; `memory()` = resident set size now and at its peak (bytes)
 */

/**
 * Starts server/dist/main.js on a free port over `scratch`, serving `webRoot`, with the
 * benchmark's rate limits ({@link BENCH_RATE_LIMITS}) and `LOG_LEVEL=warn`, and waits until
 * /readyz answers 200.
 *
 * @param {import('../../tooling/scratch.mjs').Scratch} scratch
 * @param {{ webRoot?: string, env?: Record<string, string>, name: string }} options
 * @returns {Promise<BenchServer>}
 * @throws when the server exits or is not ready within 10 minutes
 */
export async function startServer(scratch, { webRoot = repoRoot, env = {}, name }) {
  const server = await scratchData.startServer(scratch, {
    name,
    env: { WEB_ROOT: webRoot, LOG_LEVEL: 'warn', ...BENCH_RATE_LIMITS, ...env },
  });
  log(`server "${name}" ready on ${server.url} in ${(server.readyMs / 1000).toFixed(1)} s (${scratch.kind})`);
  return { ...server, startMs: server.readyMs, memory: () => processMemory(server.pid) };
}

/**
 * Starts one build of the server (`<dist>/main.js`, e.g. server/dist or a copy of an earlier
 * build inside server/) over an already loaded `DATA_DIR`, on a free port, with the bench's
 * rate limits; for the A/B scripts (bench/costly-ab.mjs, bench/throughput-ab.mjs). Waits up to
 * 300 s for `/readyz`.
 *
 * @param {string} dist the build's folder
 * @param {{ dataDir: string, cache: boolean }} options `cache` false sets `SEARCH_CACHE=off`
 * @returns {Promise<{ url: string, stop: () => Promise<unknown> }>}
 */
export async function startBuildOverData(dist, { dataDir, cache }) {
  const port = await scratchData.freePort();
  const env = { ...process.env, ...BENCH_RATE_LIMITS, PORT: String(port), KNOWLEDGE_PORT: '0', DATA_DIR: path.resolve(dataDir), LOG_LEVEL: 'warn', WEB_ROOT: repoRoot };
  if (!cache) env.SEARCH_CACHE = 'off';
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], { cwd: repoRoot, env, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    await scratchData.sleep(500);
  }
  return { url, stop: async () => (child.kill('SIGTERM'), await exited) };
}
