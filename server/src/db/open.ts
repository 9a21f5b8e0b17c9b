import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { acquireDataDirLock } from './lock.js';
import { openPGlite, type PGliteOptions } from './pglite.js';
import { openPostgres } from './postgres.js';

/** Folder of the embedded database's files inside `DATA_DIR`. */
export const PGLITE_SUBDIR = 'pgdata';

/**
 * Opens the configured database: PostgreSQL when `DATABASE_URL` is set, otherwise the
 * embedded PGlite in `DATA_DIR/pgdata` under the folder's exclusive lock (released on close).
 *
 * @param options `PGlite`: the class to use for the embedded database (tests; see `pglite.ts`)
 * @throws DataDirLockedError when another live process holds `DATA_DIR`
 * @throws the driver's error when the database cannot be opened
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: Pick<PGliteOptions, 'PGlite'> = {},
): Promise<Database> {
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
    return await openPGlite(path.join(config.dataDir, PGLITE_SUBDIR), { ...options, onClose: () => lock.release() });
  } catch (error) {
    lock.release();
    throw error;
  }
}
