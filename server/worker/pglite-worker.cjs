'use strict';
/**
 * The embedded database's own thread: PGlite (PostgreSQL in WASM) runs here, so a costly query
 * never blocks the HTTP event loop. Plain JavaScript (CommonJS) because jest transforms
 * TypeScript only in its main thread, and `server/src/db/pglite-worker.ts` (jest) and
 * `server/dist/db/pglite-worker.js` (the build) both start this one file, two folders above them.
 *
 * `workerData`: `{ dataDir?: string, loadDataDir?: Uint8Array, loadDataDirFile?: string }` — the
 * data folder (absent = in memory) and an archive from `dumpDataDir` to unpack into an empty
 * folder: given as bytes (restore), or as a file read here (the prepared data folder of a first
 * start, read off the main thread, which warms up meanwhile).
 *
 * Protocol (every request carries a numeric `id`; the answer repeats it):
 * - from the worker, once: `{ type: 'ready' }` or `{ type: 'failed', error }`
 * - `{ id, op: 'query', sql, params, tx? }` → `{ id, ok: true, result: rows }`
 * - `{ id, op: 'exec', sql, tx? }` → `{ id, ok: true }`
 * - `{ id, op: 'begin', tx }` → answered once `BEGIN` ran; from then on the connection is the
 *   transaction's: statements without that `tx` wait (PGlite's own transaction lock) until
 * - `{ id, op: 'end', tx, commit }` → `COMMIT` (or `ROLLBACK` when `commit` is false)
 * - `{ id, op: 'dump', compression? }` → `{ id, ok: true, result: Uint8Array }` (a tar after a
 *   CHECKPOINT, gzipped unless `compression` is `'none'`)
 * - `{ id, op: 'close' }` → PGlite closed (a shutdown checkpoint), then the thread ends
 * A failure answers `{ id, ok: false, error }`, `error` holding the driver's fields (`code`…).
 */
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');
const { vector } = require('@electric-sql/pglite-pgvector');

/** The fields of a PostgreSQL error worth keeping across the thread boundary. */
const ERROR_FIELDS = ['code', 'detail', 'hint', 'position', 'severity', 'schema', 'table', 'column', 'constraint', 'where'];

function serializeError(error) {
  const out = { name: 'Error', message: String(error) };
  if (error && typeof error === 'object') {
    out.name = typeof error.name === 'string' ? error.name : 'Error';
    out.message = typeof error.message === 'string' ? error.message : String(error);
    if (typeof error.stack === 'string') out.stack = error.stack;
    for (const field of ERROR_FIELDS) {
      const value = error[field];
      if (typeof value === 'string' || typeof value === 'number') out[field] = value;
    }
  }
  return out;
}

async function open() {
  const extensions = { vector };
  const archive = workerData.loadDataDirFile ? fs.readFileSync(workerData.loadDataDirFile) : workerData.loadDataDir;
  // PGlite gunzips an archive whose type says gzip, and untars any other as it is.
  const type = archive && archive[0] === 0x1f && archive[1] === 0x8b ? 'application/x-gzip' : 'application/x-tar';
  const options = archive ? { extensions, loadDataDir: new Blob([archive], { type }) } : { extensions };
  const pg = workerData.dataDir === undefined ? new PGlite(options) : new PGlite(workerData.dataDir, options);
  await pg.waitReady;
  return pg;
}

/** Open transactions by the main thread's id: `{ handle, end(commit), done }`. */
const transactions = new Map();

function target(pg, tx) {
  if (tx === undefined) return pg;
  const entry = transactions.get(tx);
  if (!entry) throw new Error(`no open transaction ${tx}`);
  return entry.handle;
}

/** Starts transaction `tx`; resolves once BEGIN ran and its handle is registered. */
function begin(pg, tx) {
  return new Promise((started, failed) => {
    const entry = {};
    let begun = false;
    // PGlite holds its transaction lock until this callback returns: plain statements wait.
    entry.done = pg.transaction(async (handle) => {
      const commit = await new Promise((end) => {
        entry.handle = handle;
        entry.end = end;
        begun = true;
        transactions.set(tx, entry);
        started();
      });
      if (!commit) await handle.rollback();
    });
    // A failed BEGIN rejects here; a failed COMMIT is `end`'s to report.
    entry.done.catch((error) => {
      if (!begun) failed(error);
    });
  });
}

/** Ends transaction `tx` (COMMIT, or ROLLBACK when `commit` is false); rejects when COMMIT fails. */
async function end(tx, commit) {
  const entry = transactions.get(tx);
  if (!entry) throw new Error(`no open transaction ${tx}`);
  transactions.delete(tx);
  entry.end(commit);
  await entry.done;
}

async function handle(pg, message) {
  switch (message.op) {
    case 'query':
      return (await target(pg, message.tx).query(message.sql, message.params)).rows;
    case 'exec':
      await target(pg, message.tx).exec(message.sql);
      return undefined;
    case 'begin':
      await begin(pg, message.tx);
      return undefined;
    case 'end':
      await end(message.tx, message.commit);
      return undefined;
    case 'dump': {
      // A checkpoint first writes every committed page to the data files, so a restore starts
      // without replaying WAL; the dump runs under PGlite's lock (one consistent moment).
      await pg.exec('CHECKPOINT');
      const archive = await pg.dumpDataDir(message.compression === 'none' ? 'none' : 'gzip');
      return new Uint8Array(await archive.arrayBuffer());
    }
    case 'close':
      await pg.close();
      return undefined;
    default:
      throw new Error(`unknown operation ${String(message.op)}`);
  }
}

open().then(
  (pg) => {
    parentPort.on('message', (message) => {
      handle(pg, message).then(
        (result) => {
          const transfer = result instanceof Uint8Array ? [result.buffer] : [];
          parentPort.postMessage({ id: message.id, ok: true, result }, transfer);
          if (message.op === 'close') parentPort.close();
        },
        (error) => parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error) }),
      );
    });
    parentPort.postMessage({ type: 'ready' });
  },
  (error) => {
    parentPort.postMessage({ type: 'failed', error: serializeError(error) });
  },
);
