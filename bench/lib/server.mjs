/**
 * The site's real server (server/dist/main.js) as a child process on a free port, over a
 * scratch database the benchmark creates: a fresh `DATA_DIR` for PGlite, and, when
 * `DATABASE_URL` is given, a fresh schema in that PostgreSQL database. A folder or schema that
 * already holds data is refused, never reused.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, log, processMemory, repoRoot, sleep } from './util.mjs';

/** Per-minute rate limits the benchmark sets for its runs (recorded with the results). */
export const BENCH_RATE_LIMITS = {
  RATE_LIMIT_FORMS_PER_MINUTE: '1000000',
  RATE_LIMIT_ASK_PER_MINUTE: '1000000',
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
};

/** Longest wait for a server to answer /readyz (ms): a first start loads the whole corpus. */
const READY_TIMEOUT_MS = 10 * 60_000;

/**
 * @typedef {object} Scratch
 * @property {'pglite' | 'postgres'} kind
 * @property {string} dir        scratch folder of this run (DATA_DIR for PGlite, logs, builds)
 * @property {string} dataDir    DATA_DIR given to the server
 * @property {string | undefined} databaseUrl DATABASE_URL given to the server (with its scratch schema)
 * @property {string | undefined} schema      the scratch schema (PostgreSQL)
 * @property {() => Promise<void>} dispose    drops the schema / removes the folder
 */

/**
 * A folder that is absent or empty, created if absent.
 * @param {string} dir
 * @throws when it holds anything
 */
function emptyFolder(dir) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`refusing to use ${dir}: it already holds data (benchmarks need a scratch folder of their own)`);
  }
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A connection string whose sessions use `schema` first (`options=-c search_path=…`).
 * @param {string} url
 * @param {string} schema
 */
function withSearchPath(url, schema) {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * Creates the run's scratch database: a folder under the OS temp dir (or `BENCH_DATA_DIR`,
 * which must be empty) for PGlite, or a new schema `kb_bench_<hex>` in `databaseUrl`.
 *
 * @param {{ label: string, databaseUrl?: string, keep?: boolean }} options
 * @returns {Promise<Scratch>}
 * @throws when the folder or schema already holds data
 */
export async function createScratch({ label, databaseUrl, keep = false }) {
  const root = process.env.BENCH_DATA_DIR
    ? emptyFolder(path.resolve(process.env.BENCH_DATA_DIR, label))
    : fs.mkdtempSync(path.join(os.tmpdir(), `kb-bench-${label}-`));
  const dataDir = emptyFolder(path.join(root, 'data'));
  if (!databaseUrl) {
    return {
      kind: 'pglite',
      dir: root,
      dataDir,
      databaseUrl: undefined,
      schema: undefined,
      dispose: async () => {
        if (!keep) fs.rmSync(root, { recursive: true, force: true });
      },
    };
  }
  const { default: pg } = await import('pg');
  const schema = `kb_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const existing = await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (existing.rowCount) throw new Error(`refusing to use schema ${schema}: it already exists`);
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  return {
    kind: 'postgres',
    dir: root,
    dataDir,
    databaseUrl: withSearchPath(databaseUrl, schema),
    schema,
    dispose: async () => {
      if (keep) return;
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await cleanup.end();
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * @typedef {object} RunningServer
 * @property {string} url           `http://127.0.0.1:<port>`
 * @property {number} pid
 * @property {number} startMs       from spawn to the first 200 from /readyz (ms)
 * @property {() => { rss: number | null, peak: number | null }} memory resident set size now and at its peak (bytes)
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 20 s
 */

/**
 * Starts server/dist/main.js on a free port over `scratch`, with the benchmark's rate limits
 * ({@link BENCH_RATE_LIMITS}), and waits until /readyz answers 200.
 *
 * @param {Scratch} scratch
 * @param {{ webRoot?: string, env?: Record<string, string>, name: string }} options
 * @returns {Promise<RunningServer>}
 * @throws when the server exits or is not ready within 10 minutes
 */
export async function startServer(scratch, { webRoot = repoRoot, env = {}, name }) {
  const main = path.join(repoRoot, 'server', 'dist', 'main.js');
  if (!fs.existsSync(main)) throw new Error('server/dist/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(scratch.dir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const childEnv = {
    ...process.env,
    PORT: String(port),
    KNOWLEDGE_PORT: '0',
    PUBLIC_ORIGIN: url,
    DATA_DIR: scratch.dataDir,
    WEB_ROOT: webRoot,
    LOG_LEVEL: 'warn',
    ...BENCH_RATE_LIMITS,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (scratch.databaseUrl) childEnv.DATABASE_URL = scratch.databaseUrl;
  const started = performance.now();
  const child = spawn(process.execPath, [main], { cwd: repoRoot, env: childEnv, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = code ?? signal))));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited !== null) {
      throw new Error(`server "${name}" exited (${exited}) before it was ready; see ${logFile}:\n${tail(logFile)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server "${name}" was not ready within ${READY_TIMEOUT_MS / 1000} s; see ${logFile}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const startMs = Math.round(performance.now() - started);
  log(`server "${name}" ready on ${url} in ${(startMs / 1000).toFixed(1)} s (${scratch.kind})`);
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    startMs,
    memory: () => processMemory(pid),
    async stop() {
      if (exited !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** The last lines of a log file, for error messages. @param {string} file */
function tail(file) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');
  } catch {
    return '';
  }
}
