import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { ApiError } from '@kb/contracts';
import { testApp } from '../testing/app';
import { DatabaseUnavailableError } from './database';
import { migrate } from './migrate';
import { openPGliteWorker, type PGliteWorkerDatabase } from './pglite-worker';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'kb-worker-'));
}

describe('PGlite in a worker thread', () => {
  let db: PGliteWorkerDatabase;
  beforeAll(async () => {
    db = await openPGliteWorker(undefined);
    await db.exec('CREATE TABLE t (x int PRIMARY KEY)');
  });
  afterAll(() => db.close());

  it('answers statements and keeps the driver error fields (SQLSTATE code)', async () => {
    await db.query('INSERT INTO t VALUES ($1)', [1]);
    expect(await db.query<{ x: number }>('SELECT x FROM t')).toEqual([{ x: 1 }]);
    await expect(db.query('INSERT INTO t VALUES ($1)', [1])).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
    await expect(db.query('SELEC 1')).rejects.toThrow(/syntax error/);
  });

  it('holds the connection for a transaction: other callers wait until it commits', async () => {
    await db.exec('DELETE FROM t');
    let othersAnswer: number | undefined;
    const other = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((rows) => (othersAnswer = rows[0]?.n));
    const inserted = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (10), (11)');
      // The statement sent before BEGIN answered already; one sent now waits for the COMMIT.
      const waiting = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
      const during = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
      return { waiting, during: during[0]?.n };
    });
    await other;
    expect(othersAnswer).toBe(0);
    expect(inserted.during).toBe(2);
    expect(await inserted.waiting).toEqual([{ n: 2 }]);
  });

  it('rolls a failed transaction back and rethrows its error', async () => {
    await db.exec('DELETE FROM t');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (20)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(db.transaction((tx) => tx.query('INSERT INTO t VALUES (21), (21)'))).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT x FROM t')).toEqual([]);
  });

  it('dumps the data folder as a gzipped archive', async () => {
    const archive = await db.dumpDataDir();
    expect([archive[0], archive[1]]).toEqual([0x1f, 0x8b]);
  });
});

describe('a worker that dies', () => {
  it('fails what was in flight with 503s, is restarted on the same folder and answers again', async () => {
    const dir = tempDir();
    const deaths: number[] = [];
    let restarts = 0;
    const db = await openPGliteWorker(path.join(dir, 'pgdata'), {
      onDeath: ({ deathsInWindow }) => deaths.push(deathsInWindow),
      onRestart: () => (restarts += 1),
    });
    try {
      await migrate(db);
      const app = testApp(db);
      expect((await request(app).get('/api/stats')).status).toBe(200);

      const inFlight = db.query('SELECT pg_sleep(30)');
      await db.killWorker();
      await expect(inFlight).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(deaths).toEqual([1]);

      // While the worker starts again: readiness says no at once, the API answers 503 in its shape.
      const ready = await request(app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'not-ready', reason: 'database unavailable' });
      // (A route the response cache does not keep: /api/stats may be answered from it.)
      const verse = await request(app).get('/api/verses/2/255');
      expect(verse.status).toBe(503);
      expect(verse.headers['retry-after']).toBe('5');
      expect(verse.body as ApiError).toEqual({ success: false, error: 'The database is restarting; try again in a few seconds' });

      await db.whenReady();
      expect(restarts).toBe(1);
      expect((await request(app).get('/api/stats')).status).toBe(200);
      // The migrations written before the death are there: the same folder was opened again.
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up after the set number of deaths within the window: every call fails', async () => {
    let gaveUp: Error | undefined;
    let closed = 0;
    const db = await openPGliteWorker(undefined, { maxDeaths: 2, onGiveUp: (error) => (gaveUp = error), onClose: () => (closed += 1) });
    await db.killWorker();
    await db.whenReady();
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await db.killWorker();
    expect(gaveUp?.message).toMatch(/died 2 times/);
    await expect(db.whenReady()).rejects.toThrow(/died 2 times/);
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await db.close();
    expect(closed).toBe(1);
  });

  it('reports a folder it cannot open as the opener error', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    let closed = 0;
    await expect(openPGliteWorker(file, { onClose: () => (closed += 1) })).rejects.toThrow();
    expect(closed).toBe(1);
  });
});
