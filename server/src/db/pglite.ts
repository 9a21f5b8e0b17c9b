import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
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

/** Options of {@link openPGlite}. */
export interface PGliteOptions {
  /** Called once after the database is closed (to release the folder's lock). */
  onClose?: () => void;
  /**
   * The PGlite class to use (default: the package's). Tests pass one loaded by Node's own
   * loader: PGlite `import()`s Node built-ins at start-up, which jest's sandbox cannot serve.
   */
  PGlite?: typeof PGlite;
  /**
   * A data-folder archive (from `dumpDataDir`) to unpack into `dataDir` before starting; the
   * folder must hold no database yet. Used by `npm run db -- restore`.
   */
  loadDataDir?: Blob;
}

/**
 * Opens an embedded PGlite database (PostgreSQL 18 in WASM; the first start in a new folder
 * runs initdb, a few seconds).
 *
 * PGlite is single-process: the caller must hold the data folder's lock (see `lock.ts`)
 * before opening a folder.
 *
 * @param dataDir folder of the database files, created when missing; `undefined` = in memory
 * @throws when the folder cannot be opened
 */
export async function openPGlite(dataDir: string | undefined, options: PGliteOptions = {}): Promise<Database> {
  const Engine = options.PGlite ?? PGlite;
  const onClose = options.onClose ?? ((): void => undefined);
  // pgvector's files are only made available here (a 51 KB bundle, no measurable start-up
  // cost); the extension is created by `npm run corpus -- embed` when embeddings are configured.
  const extensions = { vector };
  const engineOptions = options.loadDataDir ? { extensions, loadDataDir: options.loadDataDir } : { extensions };
  const pg = dataDir === undefined ? new Engine(engineOptions) : new Engine(dataDir, engineOptions);
  await pg.waitReady;
  let closed = false;
  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pg.transaction((tx) => fn(queryable(tx)));
    },
    async dumpDataDir(): Promise<Uint8Array> {
      // A checkpoint first writes every committed page to the data files, so a restore starts
      // without replaying WAL. The dump itself runs under PGlite's query lock: no statement runs
      // while the folder is read, so the archive is one consistent moment of it.
      await pg.exec('CHECKPOINT');
      const archive = await pg.dumpDataDir('gzip');
      return new Uint8Array(await archive.arrayBuffer());
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
