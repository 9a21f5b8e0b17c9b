import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { acquireDataDirLock } from './lock.js';
import { openPGlite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** Folder of the embedded database's files inside `DATA_DIR`. */
export const PGLITE_SUBDIR = 'pgdata';

/**
 * Opens the configured database: PostgreSQL when `DATABASE_URL` is set, otherwise the
 * embedded PGlite in `DATA_DIR/pgdata` under the folder's exclusive lock (released on close).
 *
 * @throws DataDirLockedError when another live process holds `DATA_DIR`
 * @throws the driver's error when the database cannot be opened
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
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
    return await openPGlite(path.join(config.dataDir, PGLITE_SUBDIR), () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
