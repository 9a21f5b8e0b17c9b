import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError, type Database, type Queryable } from './database.js';

/**
 * The worker thread's entry, plain JavaScript two folders above both `src/db` (jest) and
 * `dist/db` (the build), so both start the same file and the build needs no copy step.
 */
export const PGLITE_WORKER_FILE = path.resolve(__dirname, '..', '..', 'worker', 'pglite-worker.cjs');

/** How often the worker may die within {@link PGliteWorkerOptions.deathWindowMs} before giving up (3). */
export const MAX_WORKER_DEATHS = 3;
/** The window in which {@link MAX_WORKER_DEATHS} deaths mean giving up (one minute). */
export const WORKER_DEATH_WINDOW_MS = 60_000;

/** Longest wait (ms) for the worker's clean close (a shutdown checkpoint) before it is ended. */
export const CLOSE_GRACE_MS = 15_000;

/** What the main thread hears about the worker's life. */
export interface WorkerEvents {
  /** The worker died (exit code, or the error it died of); a restart follows unless it gave up. */
  onDeath?: (info: { exitCode: number; error?: Error; deathsInWindow: number }) => void;
  /** A restarted worker serves again. */
  onRestart?: () => void;
  /** The worker died {@link MAX_WORKER_DEATHS} times within the window and is not restarted: every call fails from now on. */
  onGiveUp?: (error: Error) => void;
}

/** Options of {@link openPGliteWorker}. */
export interface PGliteWorkerOptions extends WorkerEvents {
  /** Called once after the database is closed (to release the folder's lock). */
  onClose?: () => void;
  /** A data-folder archive (from `dumpDataDir`) to unpack into the empty `dataDir` first (restore). */
  loadDataDir?: Uint8Array;
  /**
   * The same as a file, read by the worker thread (not the caller's): the data folder prepared
   * by the build (`corpus/prepared.ts`). Ignored when {@link loadDataDir} is given.
   */
  loadDataDirFile?: string;
  /** Deaths within {@link deathWindowMs} that stop the restarts (default {@link MAX_WORKER_DEATHS}). */
  maxDeaths?: number;
  /** Window of {@link maxDeaths} in ms (default {@link WORKER_DEATH_WINDOW_MS}). */
  deathWindowMs?: number;
}

/** The embedded database run by a worker thread, with test hooks on its life. */
export interface PGliteWorkerDatabase extends Database {
  /**
   * As {@link Database.dumpDataDir}, always there for the embedded database.
   * @param compression `gzip` (default) or `none`: a plain tar
   */
  dumpDataDir(compression?: 'gzip' | 'none'): Promise<Uint8Array>;
  /**
   * Test hook: ends the worker thread at once, as a crash would (statements in flight fail with
   * {@link DatabaseUnavailableError}; a restart follows). Resolves once the thread is gone.
   */
  killWorker(): Promise<void>;
  /** Resolves once the worker serves (at once, or when a restart finished); rejects after giving up or closing. */
  whenReady(): Promise<void>;
}

interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };
type Status = { type: 'ready' } | { type: 'failed'; error: SerializedError };
type Request =
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression?: 'gzip' | 'none' }
  | { op: 'close' };

/** The driver's error as thrown in the worker: message, SQLSTATE `code` and the other fields kept. */
function revive(serialized: SerializedError): Error {
  const { name, message, stack, ...fields } = serialized;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Opens the embedded PGlite database in a worker thread of this process, so that its queries
 * (CPU-bound WASM) never block the event loop that serves HTTP, static files, health checks and
 * the admin socket. Statements are sent to the worker and run there one at a time; a
 * transaction holds the worker's connection from `BEGIN` to `COMMIT`/`ROLLBACK`, other callers'
 * statements waiting meanwhile.
 *
 * When the worker dies, every statement in flight or waiting, and every statement arriving
 * before the restarted worker is ready, rejects at once with {@link DatabaseUnavailableError};
 * the worker is started again on the same folder (an in-memory database comes back empty).
 * After `maxDeaths` deaths within `deathWindowMs` it is not restarted and `onGiveUp` is called
 * (the server exits then).
 *
 * The lock on the folder, the umask and the file modes are the caller's, on the main thread
 * (`process.umask` throws in a worker): see `open.ts`.
 *
 * @param dataDir folder of the database files, created when missing; `undefined` = in memory
 * @throws the driver's error when the database cannot be opened (the worker is ended then)
 */
export async function openPGliteWorker(dataDir: string | undefined, options: PGliteWorkerOptions = {}): Promise<PGliteWorkerDatabase> {
  const maxDeaths = options.maxDeaths ?? MAX_WORKER_DEATHS;
  const windowMs = options.deathWindowMs ?? WORKER_DEATH_WINDOW_MS;
  let worker: Worker;
  let state: 'starting' | 'ready' | 'closing' | 'closed' | 'gave-up' = 'starting';
  /** Bumped by every start: a transaction begun in an earlier worker is gone. */
  let generation = 0;
  let nextId = 0;
  let nextTx = 0;
  const pending = new Map<number, Pending>();
  const deaths: number[] = [];
  let giveUpError: Error | undefined;
  let waiters: Pending[] = [];
  let exited: Promise<void> = Promise.resolve();
  /** Set once the first start succeeded: later exits are deaths to recover from. */
  let opened = false;

  const settleWaiters = (error?: Error): void => {
    const waiting = waiters;
    waiters = [];
    for (const w of waiting) {
      if (error) w.reject(error);
      else w.resolve(undefined);
    }
  };

  const failAll = (error: Error): void => {
    const inFlight = [...pending.values()];
    pending.clear();
    for (const p of inFlight) p.reject(error);
  };

  /** Starts a worker; resolves when it is ready, rejects with the error it failed with. */
  const spawn = (archive: { loadDataDir?: Uint8Array; loadDataDirFile?: string } = {}): Promise<void> =>
    new Promise((resolve, reject) => {
      generation += 1;
      state = 'starting';
      const loadDataDirFile = archive.loadDataDir ? undefined : archive.loadDataDirFile;
      const started = new Worker(PGLITE_WORKER_FILE, { workerData: { dataDir, loadDataDir: archive.loadDataDir, loadDataDirFile } });
      worker = started;
      let ready = false;
      let failure: Error | undefined;
      let exit!: () => void;
      exited = new Promise((r) => (exit = r));
      started.on('message', (message: Answer | Status) => {
        if ('type' in message) {
          if (message.type === 'ready') {
            ready = true;
            state = 'ready';
            resolve();
            settleWaiters();
          } else {
            // PGlite could not open the folder: end the thread, whose 'exit' reports it.
            failure = revive(message.error);
            void started.terminate();
          }
          return;
        }
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if (message.ok) waiting.resolve(message.result);
        else waiting.reject(revive(message.error));
      });
      // An uncaught error in the worker ends it; 'exit' follows and handles the death.
      started.on('error', (error) => (failure = error));
      started.on('exit', (exitCode) => {
        exit();
        if (state === 'closing' || state === 'closed') {
          failAll(new Error('the database is closed'));
          return;
        }
        const error = failure ?? new Error(`the database worker exited with code ${exitCode}`);
        if (!ready) reject(error);
        if (!opened) {
          // The first start failed: that is the caller's error, not a death to recover from.
          state = 'closed';
          return;
        }
        died(exitCode, error);
      });
    });

  const died = (exitCode: number, error: Error): void => {
    failAll(new DatabaseUnavailableError());
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && (deaths[0] ?? now) <= now - windowMs) deaths.shift();
    options.onDeath?.({ exitCode, error, deathsInWindow: deaths.length });
    if (deaths.length >= maxDeaths) {
      state = 'gave-up';
      giveUpError = new Error(`the database worker died ${deaths.length} times within ${windowMs} ms`);
      settleWaiters(giveUpError);
      options.onGiveUp?.(giveUpError);
      return;
    }
    spawn().then(
      () => options.onRestart?.(),
      () => undefined, // its exit already counted as a death
    );
  };

  /** Sends one request; `gen` = the generation the request belongs to (a transaction's). */
  const call = (request: Request, gen?: number): Promise<unknown> => {
    if (state !== 'ready' || (gen !== undefined && gen !== generation)) {
      const closed = state === 'closing' || state === 'closed';
      return Promise.reject(closed ? new Error('the database is closed') : new DatabaseUnavailableError());
    }
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ id, ...request });
      } catch (error) {
        // A parameter that cannot be cloned (a function, a symbol).
        pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };

  const queryable = (tx?: number, gen?: number): Queryable => ({
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      return (await call({ op: 'query', sql, params: [...params], tx }, gen)) as T[];
    },
    async exec(sql: string): Promise<void> {
      await call({ op: 'exec', sql, tx }, gen);
    },
  });

  try {
    await spawn({ loadDataDir: options.loadDataDir, loadDataDirFile: options.loadDataDirFile });
    opened = true;
  } catch (error) {
    options.onClose?.();
    throw error;
  }

  return {
    kind: 'pglite',
    ...queryable(),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = ++nextTx;
      const gen = generation;
      await call({ op: 'begin', tx }, gen);
      let result: T;
      try {
        result = await fn(queryable(tx, gen));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }, gen).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true }, gen);
      return result;
    },
    async dumpDataDir(compression?: 'gzip' | 'none'): Promise<Uint8Array> {
      return (await call({ op: 'dump', compression })) as Uint8Array;
    },
    async close(): Promise<void> {
      if (state === 'closing' || state === 'closed') return;
      const wasReady = state === 'ready';
      try {
        if (wasReady) {
          // A shutdown checkpoint in the worker, so the next start needs no recovery. PGlite
          // closes only once the open transaction ended: one that never ends (a caller stuck
          // inside it) would hold the close forever, so the thread is ended after a while.
          const closing = call({ op: 'close' });
          state = 'closing';
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS)));
          const outcome = await Promise.race([closing.then(() => 'closed' as const), late]);
          clearTimeout(timer);
          if (outcome === 'late') await worker.terminate();
        } else {
          state = 'closing';
          await worker.terminate();
        }
        await exited;
      } finally {
        state = 'closed';
        settleWaiters(new Error('the database is closed'));
        options.onClose?.();
      }
    },
    async killWorker(): Promise<void> {
      const gone = exited;
      await worker.terminate();
      await gone;
    },
    whenReady(): Promise<void> {
      if (state === 'ready') return Promise.resolve();
      if (state === 'gave-up') return Promise.reject(giveUpError);
      if (state === 'closing' || state === 'closed') return Promise.reject(new Error('the database is closed'));
      return new Promise((resolve, reject) => waiters.push({ resolve: () => resolve(), reject }));
    },
  };
}
