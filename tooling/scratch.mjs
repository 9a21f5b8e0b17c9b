/**
 * What the benchmarks (bench/), the soak (soak/) and the server's scripts (server/scripts/)
 * share to run the real server against data of their own: a scratch database (a new folder
 * for PGlite and, with a PostgreSQL URL, a new schema or database), a free port, and
 * server/dist/main.js started on it, ready when /readyz answers 200, stopped with SIGTERM.
 * A folder, schema or database that already exists is refused, never reused.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The built server's entry point (`npm run build -w server` writes it). */
export const SERVER_MAIN = path.join(repoRoot, 'server', 'dist', 'main.js');

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A TCP port that was free on 127.0.0.1 a moment ago (the OS picks it; never a fixed number).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * `dir`, created when absent.
 * @param {string} dir
 * @throws when it exists and holds anything
 */
function emptyFolder(dir) {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`refusing to use ${dir}: it already holds data (a scratch folder must be empty)`);
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

/** Runs `fn` with a client connected to `url`, closing it afterwards. */
async function withClient(url, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A new schema `<prefix>_<10 hex>` in the database of `url`.
 * @returns {Promise<{ databaseUrl: string, name: string, drop: () => Promise<void> }>}
 */
async function createSchema(url, prefix) {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  await withClient(url, async (client) => {
    const existing = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [name]);
    if (existing.rowCount) throw new Error(`refusing to use schema ${name}: it already exists`);
    await client.query(`CREATE SCHEMA ${name}`);
  });
  return { databaseUrl: withSearchPath(url, name), name, drop: () => withClient(url, (c) => c.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`)) };
}

/**
 * The database named in `url`, created on its server (through the `postgres` database).
 * @returns {Promise<{ databaseUrl: string, name: string, drop: () => Promise<void> }>}
 * @throws when the name is not a plain identifier, names a system database, or exists already
 */
async function createNamedDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`the PostgreSQL URL must name the scratch database to create (lowercase letters, digits, _), got "${name}"`);
  }
  if (['postgres', 'template0', 'template1'].includes(name)) throw new Error(`refusing to use the "${name}" database: name a new scratch database`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  await withClient(maintenance.toString(), async (client) => {
    // An existing database, even an empty one, may be someone's; only one created here is used.
    const exists = (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
    if (exists) throw new Error(`refusing database "${name}": it already exists (the scratch database is created here and dropped afterwards; name a new one)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  return { databaseUrl: url, name, drop: () => withClient(maintenance.toString(), (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

/**
 * @typedef {object} Scratch
 * @property {'pglite' | 'postgres'} kind
 * @property {string} dir        the run's folder (server logs, builds); DATA_DIR is `dir/data`
 * @property {string} dataDir    DATA_DIR given to the server
 * @property {string | undefined} databaseUrl DATABASE_URL given to the server
 * @property {string | undefined} schema      the scratch schema (`isolate: 'schema'`)
 * @property {string | undefined} database    the scratch database (`isolate: 'database'`)
 * @property {() => Promise<void>} dispose    drops the schema or database and removes the folder (unless `keep`)
 */

/**
 * Creates a run's scratch data: a new folder under the OS temp dir (`<prefix>-XXXXXX`), or
 * `dir`, which must be absent or empty; with `postgres`, also a new schema `<schemaPrefix>_<hex>`
 * in that database (`isolate: 'schema'`) or the database the URL names, created on its server
 * (`isolate: 'database'`).
 *
 * @param {{ prefix: string, dir?: string, keep?: boolean,
 *   postgres?: { url: string, isolate: 'schema' | 'database', schemaPrefix?: string } }} options
 * @returns {Promise<Scratch>}
 * @throws when the folder holds data, the schema or database exists, or PostgreSQL refuses
 */
export async function createScratch({ prefix, dir, keep = false, postgres }) {
  const root = dir ? emptyFolder(path.resolve(dir)) : fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const dataDir = emptyFolder(path.join(root, 'data'));
  const removeFolder = () => fs.rmSync(root, { recursive: true, force: true });
  if (!postgres) {
    return {
      kind: 'pglite',
      dir: root,
      dataDir,
      databaseUrl: undefined,
      schema: undefined,
      database: undefined,
      dispose: async () => {
        if (!keep) removeFolder();
      },
    };
  }
  let created;
  try {
    created = postgres.isolate === 'schema' ? await createSchema(postgres.url, postgres.schemaPrefix ?? 'kb_scratch') : await createNamedDatabase(postgres.url);
  } catch (error) {
    removeFolder();
    throw error;
  }
  return {
    kind: 'postgres',
    dir: root,
    dataDir,
    databaseUrl: created.databaseUrl,
    schema: postgres.isolate === 'schema' ? created.name : undefined,
    database: postgres.isolate === 'database' ? created.name : undefined,
    dispose: async () => {
      if (keep) return;
      await created.drop();
      removeFolder();
    },
  };
}

/**
 * The environment of a server (or an operator CLI) on `scratch` at `port`: this process's
 * environment with PORT, KNOWLEDGE_PORT=0, PUBLIC_ORIGIN, DATA_DIR and the scratch's
 * DATABASE_URL (an inherited one removed), then `env` on top.
 *
 * @param {Scratch} scratch
 * @param {number} port
 * @param {Record<string, string>} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv(scratch, port, env = {}) {
  const childEnv = {
    ...process.env,
    PORT: String(port),
    KNOWLEDGE_PORT: '0',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: scratch.dataDir,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (scratch.databaseUrl) childEnv.DATABASE_URL = scratch.databaseUrl;
  return childEnv;
}

/** The last lines of a log file, for error messages. @param {string} file */
export function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * @typedef {object} RunningServer
 * @property {string} url       `http://127.0.0.1:<port>`
 * @property {number} port
 * @property {number} pid
 * @property {number} readyMs   from spawn to the first 200 from /readyz (ms)
 * @property {string} logFile   the server's stdout and stderr (`<scratch.dir>/<name>.log`)
 * @property {NodeJS.ProcessEnv} env its environment (for operator CLIs on the same data)
 * @property {Promise<{ code: number | null, signal: string | null }>} exited settles when the process exits
 * @property {() => Promise<{ code: number | null, signal: string | null }>} stop SIGTERM, SIGKILL after 20 s; resolves on exit
 */

/**
 * Starts server/dist/main.js over `scratch` on `port` (default: a free one) with
 * {@link serverEnv} plus `env`, and waits until /readyz answers 200.
 *
 * @param {Scratch} scratch
 * @param {{ name: string, port?: number, env?: Record<string, string>, readyTimeoutMs?: number, pollMs?: number }} options
 *   `name` names the log file; `readyTimeoutMs` defaults to 10 minutes (a first start loads the whole corpus)
 * @returns {Promise<RunningServer>}
 * @throws when server/dist/main.js is missing, or the server exits or is not ready in time (killed then)
 */
export async function startServer(scratch, { name, port, env = {}, readyTimeoutMs = 10 * 60_000, pollMs = 250 }) {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error('server/dist/main.js is missing: run `npm run build` first');
  const serverPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${serverPort}`;
  const childEnv = serverEnv(scratch, serverPort, env);
  const logFile = path.join(scratch.dir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_MAIN], { cwd: repoRoot, env: childEnv, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let done = null;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((done = { code, signal }))));
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (done) throw new Error(`server "${name}" exited (${done.code ?? done.signal}) before it was ready; see ${logFile}:\n${tail(logFile)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server "${name}" was not ready within ${Math.round(readyTimeoutMs / 1000)} s; see ${logFile}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(pollMs);
  }
  return {
    url,
    port: serverPort,
    pid: child.pid ?? 0,
    readyMs: Math.round(performance.now() - started),
    logFile,
    env: childEnv,
    exited,
    async stop() {
      if (done) return done;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
}
