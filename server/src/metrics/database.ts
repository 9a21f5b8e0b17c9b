import type { Database, Queryable } from '../db/database.js';
import { dbQueryDuration } from './metrics.js';

async function timed<T>(operation: 'query' | 'exec', run: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  try {
    return await run();
  } finally {
    dbQueryDuration.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
  }
}

function timedQueryable(target: Queryable): Queryable {
  return {
    query: <T extends object>(sql: string, params?: readonly unknown[]) =>
      timed('query', () => target.query<T>(sql, params)),
    exec: (sql: string) => timed('exec', () => target.exec(sql)),
  };
}

/**
 * `db` with each `query` and `exec` — inside transactions too — timed into
 * `kb_db_query_duration_seconds{operation}` (seconds, from the call to its result or error,
 * so time spent waiting for the connection or the embedded database's queue is included).
 * Works at the `Database` interface, whatever runs behind it (PGlite in a worker, PostgreSQL):
 * a proxy, so every other member (`kind`, `dumpDataDir`, `close`, and any added later) is the
 * original's.
 */
export function withQueryMetrics(db: Database): Database {
  const timedDb = timedQueryable(db);
  const transaction: Database['transaction'] = (fn) => db.transaction((tx) => fn(timedQueryable(tx)));
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'query') return timedDb.query;
      if (property === 'exec') return timedDb.exec;
      if (property === 'transaction') return transaction;
      const member: unknown = Reflect.get(target, property, receiver);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(target) : member;
    },
  });
}
