/**
 * The one database interface the server uses. Two implementations: the embedded PGlite
 * (PostgreSQL 18 in WASM, `pglite.ts`) and a PostgreSQL server through `pg.Pool`
 * (`postgres.ts`). SQL must be accepted by PostgreSQL 15 and by PGlite.
 */

/** Rows of a result, typed by the caller. Column types: `int4`/`float8` → number, `text` → string, `bool` → boolean, arrays → JS arrays. Cast `count(*)` to `int` (an `int8` comes back as a string from `pg`). */
export interface Queryable {
  /**
   * Runs one SQL statement with `$1…$n` parameters.
   * @returns the result rows (empty for statements without rows)
   * @throws the driver's error (SQLSTATE in `code`) when the statement fails
   */
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The database cannot answer right now: the embedded database's worker thread died and is being
 * restarted (statements in flight, queued, or arriving meanwhile fail with this at once). The
 * HTTP layer answers 503 with `Retry-After`; trying again a few seconds later works.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  /** Seconds after which a retry is likely to find the database back (for `Retry-After`). */
  readonly retryAfterSeconds: number;
  constructor(message = 'The database is restarting', retryAfterSeconds = 5) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface Database extends Queryable {
  /** `pglite` (embedded, in `DATA_DIR` or in memory) or `postgres` (a server). */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in a transaction on one connection: committed when `fn` resolves, rolled back
   * (and the error rethrown) when it rejects.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Embedded database only: the whole data folder as a gzipped tar archive (PGlite's
   * `dumpDataDir`, after a `CHECKPOINT`), taken while no statement runs. `undefined` for
   * PostgreSQL (use `pg_dump`).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  /** Closes the connection(s) and releases what the database holds (the embedded lock). Idempotent. */
  close(): Promise<void>;
}
