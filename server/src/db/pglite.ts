import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.js';

interface PGliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function queryable(target: PGliteLike): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

/**
 * Opens an embedded PGlite database.
 *
 * PGlite is single-process: the caller must hold the data folder's lock (see `lock.ts`)
 * before opening a folder; `onClose` runs after the database is closed (to release it).
 *
 * @param dataDir folder of the database files, created when missing; `undefined` = in memory
 * @param onClose called once after closing
 */
export async function openPGlite(dataDir: string | undefined, onClose: () => void = () => undefined): Promise<Database> {
  const pg = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await pg.waitReady;
  let closed = false;
  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pg.transaction((tx) => fn(queryable(tx)));
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        onClose();
      }
    },
  };
}
