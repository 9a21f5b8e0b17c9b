import pg from 'pg';
import type { Database, Queryable } from './database.js';

/** Options for {@link openPostgres}. */
export interface PostgresOptions {
  /** `postgres://user:pass@host:port/db` */
  connectionString: string;
  /** Schema put first on every connection's `search_path` (tests use one of their own). */
  schema?: string;
  /** Pool size (default 10). */
  max?: number;
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await client.query<T & pg.QueryResultRow>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

/**
 * Connects to a PostgreSQL server with a `pg.Pool`. Nothing is opened until the first query.
 *
 * @throws on the first query when the server cannot be reached
 */
export function openPostgres(options: PostgresOptions): Database {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
    throw new Error(`invalid schema name "${options.schema}"`);
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // Set at connection start-up, so every pooled connection has it before its first query.
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  let closed = false;
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
