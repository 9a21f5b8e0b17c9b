import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { findPreparedData, type PreparedDataKey, type PreparedDataLookup } from '../corpus/prepared.js';
import { bumpCorpusVersion } from '../passages/version.js';
import type { Database } from './database.js';
import { acquireDataDirLock } from './lock.js';
import { openPGliteWorker, type PGliteWorkerDatabase, type WorkerEvents } from './pglite-worker.js';
import { openPostgres } from './postgres.js';
import { keepDataDirPrivate } from './private-files.js';

/** Folder of the embedded database's files inside `DATA_DIR`. */
export const PGLITE_SUBDIR = 'pgdata';

/**
 * A file beside `pgdata` while a prepared data folder is being unpacked into it: found at a
 * start, it means the unpacking was cut short (the folder is removed and the start is a first start).
 */
export const UNPACKING_MARKER = 'pgdata.unpacking';

/** How a first start of the embedded database went (see {@link OpenOptions.preparedData}). */
export type FirstStart =
  | { prepared: true; archive: string; builtAt: string; ms: number }
  | { prepared: false; reason: Exclude<PreparedDataLookup, { usable: true }>['reason'] | 'failed'; detail: string };

/** Options of {@link openDatabase}. */
export interface OpenOptions extends WorkerEvents {
  /**
   * A folder holding a prepared data folder (`corpus/prepared.ts`; the server passes the build's,
   * `PREPARED_DATA_DIR`) to unpack when `DATA_DIR/pgdata` is empty or absent, instead of
   * creating an empty database; `expected`: the key it must match (default: the shipped
   * corpus's). Absent: never (the operator commands, tests). Ignored for PostgreSQL.
   */
  preparedData?: { dir: string; expected?: () => PreparedDataKey };
  /** Told, on a first start with {@link preparedData}, whether the prepared folder was used and why not. */
  onFirstStart?: (outcome: FirstStart) => void;
}

/** True when `dir` is absent or holds nothing. */
function isEmptyFolder(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Opens the configured database: PostgreSQL when `DATABASE_URL` is set, otherwise the
 * embedded PGlite in `DATA_DIR/pgdata` under the folder's exclusive lock (released on close),
 * run by a worker thread (`pglite-worker.ts`) so its queries never block the event loop.
 * Either way `DATA_DIR` is first made private to the server's user ({@link keepDataDirPrivate}:
 * umask 077, so folders are 0700, and the modes of files already there fixed to 0600). PGlite
 * itself makes each file it creates 0666, unreachable for others inside the 0700 folders;
 * closing the database sets them to 0600 again.
 *
 * With `options.preparedData` and an empty or absent `DATA_DIR/pgdata`, a usable prepared data
 * folder is unpacked into it by the worker (the shipped corpus loaded, without initdb or the
 * load), and the corpus version is raised once, so nothing cached under the archive's number
 * outlives this database. A missing, damaged or stale one, or one that fails to open (the half
 * folder is removed), gives the ordinary empty database; `options.onFirstStart` is told which.
 *
 * @param options what to do when the embedded database's worker dies, is restarted or given up
 *   on; the prepared data folder of a first start
 * @throws DataDirLockedError when another live process holds `DATA_DIR`
 * @throws the file system's error when a mode in `DATA_DIR` cannot be changed
 * @throws the driver's error when the database cannot be opened
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<Database> {
  // On the caller's (main) thread, before any database file is written (the worker cannot).
  keepDataDirPrivate(config.dataDir);
  if (config.databaseUrl) {
    const db = openPostgres({ connectionString: config.databaseUrl });
    try {
      await db.query('SELECT 1');
    } catch (error) {
      await db.close();
      throw error;
    }
    return db;
  }
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const dataDir = path.join(config.dataDir, PGLITE_SUBDIR);
    const marker = path.join(config.dataDir, UNPACKING_MARKER);
    if (fs.existsSync(marker)) {
      // A first start cut short while unpacking: what is in pgdata is half a database.
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(marker, { force: true });
    }
    /** Set while a failed prepared open is closed: the lock stays, the ordinary open follows. */
    let keepLock = false;
    const onClose = (): void => {
      if (keepLock) return;
      try {
        // PGlite chmods each file it creates to 0666 (the umask cannot stop a chmod): the
        // folders keep others out while it runs, and the files are made 0600 again here.
        keepDataDirPrivate(dataDir);
      } finally {
        lock.release();
      }
    };
    const { preparedData, onFirstStart, ...events } = options;
    if (preparedData && isEmptyFolder(dataDir)) {
      const found = findPreparedData(preparedData.dir, preparedData.expected);
      if (!found.usable) {
        onFirstStart?.({ prepared: false, reason: found.reason, detail: found.detail });
      } else {
        const started = performance.now();
        fs.writeFileSync(marker, '');
        let db: PGliteWorkerDatabase | undefined;
        try {
          keepLock = true;
          db = await openPGliteWorker(dataDir, { ...events, loadDataDirFile: found.archive, onClose });
          keepLock = false;
          // Caches and ETags keyed by the archive's corpus version must not outlive this database.
          await bumpCorpusVersion(db);
          fs.rmSync(marker, { force: true });
          onFirstStart?.({ prepared: true, archive: found.archive, builtAt: found.manifest.builtAt, ms: Math.round(performance.now() - started) });
          return db;
        } catch (error) {
          keepLock = true;
          await db?.close().catch(() => undefined);
          keepLock = false;
          fs.rmSync(dataDir, { recursive: true, force: true });
          fs.rmSync(marker, { force: true });
          onFirstStart?.({ prepared: false, reason: 'failed', detail: `${found.archive} did not open: ${(error as Error).message}` });
        }
      }
    }
    return await openPGliteWorker(dataDir, { ...events, onClose });
  } catch (error) {
    lock.release();
    throw error;
  }
}
