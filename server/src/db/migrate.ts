import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './database.js';

/** Folder of the numbered SQL migrations, `server/migrations/NNNN_name.sql` (two levels above src/db and dist/db). */
export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

/** One migration file. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Reads the migrations from `dir`: files named `NNNN_name.sql`, in version order.
 * @throws when two files share a version
 */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .map((file) => /^(\d+)_([\w-]+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      version: Number(m[1]),
      name: String(m[2]),
      sql: fs.readFileSync(path.join(dir, m[0]), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`two migrations have version ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in one transaction under an
 * advisory lock (per schema), so servers starting together against one PostgreSQL apply each
 * migration once.
 *
 * @returns the versions applied now (empty when the schema was current)
 * @throws the SQL error of a failing migration; nothing of the run is kept then
 */
export async function migrate(db: Database, migrations: readonly Migration[] = readMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext(current_schema()))');
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
