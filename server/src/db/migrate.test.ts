import { migrate, readMigrations } from './migrate';
import { testBackends } from '../testing/databases';
import type { Database } from './database';

describe.each(testBackends)('migrations and transactions ($name)', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies every migration once and records it', async () => {
    const all = readMigrations().map((m) => m.version);
    expect(await migrate(db)).toEqual(all);
    expect(await migrate(db)).toEqual([]);
    const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(all);
  });

  it('commits a transaction that resolves and rolls back one that rejects', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO corpus_imports (id, source, lang, origin, passages) VALUES ('t1', 's', 'en', 'test', 0)");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO corpus_imports (id, source, lang, origin, passages) VALUES ('t2', 's', 'en', 'test', 0)");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await db.query<{ id: string }>("SELECT id FROM corpus_imports WHERE source = 's' ORDER BY id");
    expect(ids.map((r) => r.id)).toEqual(['t1']);
  });
});
