import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { acquireDataDirLock } from './lock.js';
import { openPGliteWorker, type WorkerEvents } from './pglite-worker.js';
import { openPostgres } from './postgres.js';
import { keepDataDirPrivate } from './private-files.js';

/** Folder of the embedded database's files inside `DATA_DIR`. */
export const PGLITE_SUBDIR = 'pgdata';

/**
 * Opens the configured database: PostgreSQL when `DATABASE_URL` is set, otherwise the
 * embedded PGlite in `DATA_DIR/pgdata` under the folder's exclusive lock (released on close),
 * run by a worker thread (`pglite-worker.ts`) so its queries never block the event loop.
 * Either way `DATA_DIR` is first made private to the server's user ({@link keepDataDirPrivate}:
 * umask 077, so folders are 0700, and the modes of files already there fixed to 0600). PGlite
 * itself makes each file it creates 0666, unreachable for others inside the 0700 folders;
 * closing the database sets them to 0600 again.
 *
 * @param options what to do when the embedded database's worker dies, is restarted or given up on
 * @throws DataDirLockedError when another live process holds `DATA_DIR`
 * @throws the file system's error when a mode in `DATA_DIR` cannot be changed
 * @throws the driver's error when the database cannot be opened
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: WorkerEvents = {},
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
    const onClose = (): void => {
      try {
        // PGlite chmods each file it creates to 0666 (the umask cannot stop a chmod): the
        // folders keep others out while it runs, and the files are made 0600 again here.
        keepDataDirPrivate(dataDir);
      } finally {
        lock.release();
      }
    };
    return await openPGliteWorker(dataDir, { ...options, onClose });
  } catch (error) {
    lock.release();
    throw error;
  }
}
