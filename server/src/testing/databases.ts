import crypto from 'node:crypto';
import { Module } from 'node:module';
import { openPGliteWorker } from '../db/pglite-worker.js';
import { openPostgres } from '../db/postgres.js';
import { migrate } from '../db/migrate.js';
import type { Database } from '../db/database.js';
import { loadCorpus, type LoadOptions } from '../corpus/service.js';
import { BIBLE_IMPORT, QURAN_IMPORTS } from '../corpus/catalog.js';

/** What a test may load: a slice of the shipped corpus and which of its imports. */
export type TestCorpus = Pick<LoadOptions, 'surahs' | 'chapters' | 'imports'>;

/**
 * The default test corpus: the whole Quran in Arabic, English and Turkish (search quality is
 * tested on real verses) and a few Bible chapters. The full corpus (eleven languages and the
 * whole KJV) is loaded by the server's first start, not by unit tests.
 */
export const TEST_CORPUS: TestCorpus = {
  imports: [...QURAN_IMPORTS.filter((i) => ['ar', 'en', 'tr'].includes(i.lang)), BIBLE_IMPORT],
  surahs: Array.from({ length: 114 }, (_, i) => i + 1),
  chapters: ['Genesis 1', 'Psalms 23', 'Matthew 5', 'Luke 1', 'John 1', 'John 3', 'Romans 5', '1 Corinthians 13', 'James 1'],
};

/**
 * Test databases. Every suite that touches the database runs once per available backend with
 * `describe.each(testBackends)`: an in-memory PGlite always, and a PostgreSQL server when
 * `TEST_DATABASE_URL` is set — in a schema of its own (`kb_test_<random>`, first on every
 * pooled connection's `search_path`), dropped with everything in it afterwards.
 */
export interface TestBackend {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database (no migrations). */
  open(): Promise<Database>;
}

type PGliteClass = typeof import('@electric-sql/pglite').PGlite;

/**
 * The PGlite class loaded by Node's own module loader rather than jest's sandbox: PGlite
 * `import()`s Node built-ins at start-up, which jest only serves with
 * `--experimental-vm-modules`. Pass it to `openPGlite`/`restoreBackup` in tests (the worker
 * thread of `openDatabase` loads PGlite with Node's loader on its own).
 */
export function nativePGlite(): PGliteClass {
  const loader = Module as unknown as { _load(request: string, parent: null, isMain: boolean): unknown };
  const pkg = loader._load(require.resolve('@electric-sql/pglite'), null, false) as { PGlite: PGliteClass };
  return pkg.PGlite;
}

/** In memory, in a worker thread like the server's (`pglite-worker.ts`). */
const pglite: TestBackend = { name: 'pglite', open: () => openPGliteWorker(undefined) };

function postgres(url: string): TestBackend {
  return {
    name: 'postgres',
    async open(): Promise<Database> {
      const schema = `kb_test_${crypto.randomBytes(6).toString('hex')}`;
      const admin = openPostgres({ connectionString: url, max: 1 });
      try {
        await admin.exec(`CREATE SCHEMA ${schema}`);
      } finally {
        await admin.close();
      }
      const db = openPostgres({ connectionString: url, schema, max: 4 });
      return {
        ...db,
        async close(): Promise<void> {
          await db.close();
          const cleanup = openPostgres({ connectionString: url, max: 1 });
          try {
            await cleanup.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
          } finally {
            await cleanup.close();
          }
        },
      };
    },
  };
}

/** The backends this run exercises: PGlite, plus PostgreSQL when `TEST_DATABASE_URL` is set. */
export const testBackends: readonly TestBackend[] = process.env.TEST_DATABASE_URL
  ? [pglite, postgres(process.env.TEST_DATABASE_URL)]
  : [pglite];

/**
 * A fresh database with the migrations applied and, unless `corpus` is false, a corpus
 * loaded: {@link TEST_CORPUS} by default, or the slice given (`{ surahs: [1] }` = surah 1 in
 * every shipped language and no Bible). Close it in `afterAll`.
 */
export async function openTestDatabase(
  backend: TestBackend,
  corpus: false | TestCorpus = TEST_CORPUS,
): Promise<Database> {
  const db = await backend.open();
  try {
    await migrate(db);
    if (corpus !== false) await loadCorpus(db, corpus);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * A suite's database: {@link openTestDatabase} before its tests, closed after them (a
 * `beforeAll`/`afterAll` pair; call it inside the `describe` block).
 *
 * @param opened receives the database once it is open (`(d) => (db = d)`)
 * @param corpus as {@link openTestDatabase}'s
 */
export function useTestDatabase(backend: TestBackend, opened: (db: Database) => void, corpus: false | TestCorpus = TEST_CORPUS): void {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await openTestDatabase(backend, corpus);
    opened(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });
}

/** A database for tests that must not touch one: every call rejects. */
export function noDatabase(): Database {
  const fail = (): Promise<never> => Promise.reject(new Error('no database in this test'));
  return { kind: 'pglite', query: fail, exec: fail, transaction: fail, close: () => Promise.resolve() };
}

/**
 * `inner` with the text of every statement it is given (query and exec) appended to
 * `statements`, in order; transactions and close pass through unrecorded.
 */
export function recordingDatabase(inner: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const db: Database = {
    kind: inner.kind,
    query: (sql, params) => {
      statements.push(sql);
      return inner.query(sql, params);
    },
    exec: (sql) => {
      statements.push(sql);
      return inner.exec(sql);
    },
    transaction: (fn) => inner.transaction(fn),
    close: () => inner.close(),
  };
  return { db, statements };
}
