import path from 'node:path';
import type { Config } from '../config.js';
import { PGLITE_SUBDIR } from './open.js';

/**
 * The database a configuration points at, in words for an operator: `PGlite in
 * <DATA_DIR>/pgdata` or `PostgreSQL <host>:<port>/<database> (DATABASE_URL)` — never a user
 * name or password. The server answers it on the admin socket (`server.database`) and the
 * operator commands print it, so both can be compared.
 */
export function describeDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return `PGlite in ${path.join(config.dataDir, PGLITE_SUBDIR)}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.host || 'localhost'}${url.pathname || '/'} (DATABASE_URL)`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
