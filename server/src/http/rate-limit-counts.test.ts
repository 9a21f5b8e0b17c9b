import express, { type Express } from 'express';
import request from 'supertest';
import type { Database, Queryable } from '../db/database';
import { createApp } from '../app';
import { createLogger } from '../logger';
import { recordingDatabase, testBackends, useTestDatabase } from '../testing/databases';
import { testConfig } from '../testing/app';
import { apiErrorHandler } from './errors';
import { perMinuteLimit } from './guards';
import { SharedRateLimitCounts } from './rate-limit-counts';

const MINUTE = 60_000;

afterEach(() => {
  jest.restoreAllMocks();
});

/** One "server process": `/ping` limited to `perMinute` per minute through `counts`. */
function limitedApp(perMinute: number, db: Queryable, counts: SharedRateLimitCounts): Express {
  const app = express();
  app.use('/ping', perMinuteLimit('ping', perMinute, { db, batched: counts }));
  app.get('/ping', (_req, res) => void res.json({ ok: true }));
  app.use(apiErrorHandler(createLogger('silent')));
  return app;
}

async function rows(db: Queryable): Promise<{ limiter: string; key: string; hits: number }[]> {
  return db.query('SELECT limiter, key, hits FROM rate_limits ORDER BY limiter, key');
}

describe.each(testBackends)('rate-limit counts written in batches ($name)', (backend) => {
  let inner: Database;
  useTestDatabase(backend, (opened) => (inner = opened), false);
  beforeEach(async () => {
    await inner.exec('DELETE FROM rate_limits');
  });

  it('holds the limit on one server with no statement per request: 429 JSON with Retry-After', async () => {
    const { db, statements } = recordingDatabase(inner);
    const counts = new SharedRateLimitCounts({ db, flushMs: 60_000 });
    const app = limitedApp(3, db, counts);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await request(app).get('/ping')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await request(app).get('/ping');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: 'Too many ping requests; try again in a minute' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(statements).toEqual([]);
    // The five requests reach the shared table in one statement.
    await counts.close();
    expect(statements).toHaveLength(1);
    expect(await rows(inner)).toEqual([{ limiter: 'ping', key: '127.0.0.1', hits: 5 }]);
  });

  it('two servers on one database share the limit once each has written and read back', async () => {
    const a = new SharedRateLimitCounts({ db: inner, flushMs: 60_000 });
    const b = new SharedRateLimitCounts({ db: inner, flushMs: 60_000 });
    const appA = limitedApp(4, inner, a);
    const appB = limitedApp(4, inner, b);
    for (const app of [appA, appA, appB, appB]) expect((await request(app).get('/ping')).status).toBe(200);
    await a.flush();
    await b.flush();
    // b read back all four hits; a still has the two of its own only, until its next write.
    expect((await request(appB).get('/ping')).status).toBe(429);
    expect((await request(appA).get('/ping')).status).toBe(200);
    await a.flush();
    expect((await request(appA).get('/ping')).status).toBe(429);
    await a.close();
    await b.close();
    expect(await rows(inner)).toEqual([{ limiter: 'ping', key: '127.0.0.1', hits: 7 }]);
  });

  it('writes by itself within the flush interval, and starts a new window a minute after the first request', async () => {
    let t = Date.now();
    const counts = new SharedRateLimitCounts({ db: inner, flushMs: 20, now: () => t });
    const store = counts.store('ask');
    store.init({ windowMs: MINUTE } as Parameters<typeof store.init>[0]);
    const start = t;
    expect(await store.increment('7.7.7.7')).toEqual({ totalHits: 1, resetTime: new Date(start + MINUTE) });
    t += 10_000;
    expect((await store.increment('7.7.7.7')).totalHits).toBe(2);
    const deadline = Date.now() + 10_000;
    while ((await rows(inner)).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await rows(inner)).toEqual([{ limiter: 'ask', key: '7.7.7.7', hits: 2 }]);
    // Another process's store of the same limiter counts on from the shared row once it has written.
    const other = new SharedRateLimitCounts({ db: inner, flushMs: 60_000, now: () => t });
    const otherStore = other.store('ask');
    otherStore.init({ windowMs: MINUTE } as Parameters<typeof otherStore.init>[0]);
    expect((await otherStore.increment('7.7.7.7')).totalHits).toBe(1);
    await other.flush();
    expect(await otherStore.get('7.7.7.7')).toEqual({ totalHits: 3, resetTime: new Date(start + MINUTE) });
    t = start + MINUTE;
    expect(await otherStore.increment('7.7.7.7')).toEqual({ totalHits: 1, resetTime: new Date(t + MINUTE) });
    await other.close();
    await counts.close();
    expect(await rows(inner)).toEqual([{ limiter: 'ask', key: '7.7.7.7', hits: 1 }]);
  });

  it('keeps at most maxClients clients in memory: written ones are forgotten oldest first, and count on from the table', async () => {
    const counts = new SharedRateLimitCounts({ db: inner, flushMs: 60_000, maxClients: 3 });
    const store = counts.store('read');
    store.init({ windowMs: MINUTE } as Parameters<typeof store.init>[0]);
    const hits = async (key: string): Promise<number> => (await store.increment(key)).totalHits;
    for (const key of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) expect(await hits(key)).toBe(1);
    // Nothing written yet: a fourth client is counted and no client's unwritten hits are dropped.
    expect(await hits('4.4.4.4')).toBe(1);
    expect(await hits('1.1.1.1')).toBe(2);
    await counts.flush();
    // All written: a new client makes room by forgetting the oldest windows (1, 2 and 3).
    expect(await hits('5.5.5.5')).toBe(1);
    expect(await hits('4.4.4.4')).toBe(2);
    // A forgotten client counts from zero until the next write reads its shared count back.
    expect(await hits('1.1.1.1')).toBe(1);
    await counts.flush();
    expect((await store.get('1.1.1.1'))?.totalHits).toBe(3);
    await counts.close();
    expect((await rows(inner)).map((r) => [r.key, r.hits])).toEqual([
      ['1.1.1.1', 3],
      ['2.2.2.2', 1],
      ['3.3.3.3', 1],
      ['4.4.4.4', 2],
      ['5.5.5.5', 1],
    ]);
  });

  it('keeps counting in this process while the database fails, and writes the hits once it answers', async () => {
    let down = true;
    const flaky: Queryable = {
      query: (sql, params) => (down ? Promise.reject(new Error('timeout')) : inner.query(sql, params)),
      exec: (sql) => inner.exec(sql),
    };
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const counts = new SharedRateLimitCounts({ db: flaky, flushMs: 60_000, logger });
    const app = limitedApp(2, flaky, counts);
    expect((await request(app).get('/ping')).status).toBe(200);
    await counts.flush();
    expect((await request(app).get('/ping')).status).toBe(200);
    expect((await request(app).get('/ping')).status).toBe(429);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      'rate limit: the database failed; counting in this process alone until it answers',
    ]);
    down = false;
    await counts.close();
    expect(await rows(inner)).toEqual([{ limiter: 'ping', key: '127.0.0.1', hits: 3 }]);
  });
});

describe.each(testBackends)('a kept answer and the database ($name)', (backend) => {
  let inner: Database;
  useTestDatabase(backend, (opened) => (inner = opened), { surahs: [1, 2] });

  it('a search page or an answer from the response cache runs no statement', async () => {
    const { db, statements } = recordingDatabase(inner);
    let t = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => t);
    const counts = new SharedRateLimitCounts({ db, flushMs: 60_000 });
    const app = createApp({ config: testConfig(), db, logger: createLogger('silent'), rateLimitCounts: counts });
    const search = (): Promise<request.Response> => request(app).get('/api/search').query({ q: 'mercy', lang: 'en' }).then((r) => r);
    const ask = (): Promise<request.Response> => request(app).post('/api/ask').send({ question: 'What is mercy?', lang: 'en' }).then((r) => r);
    const first = [await search(), await ask()];
    expect(first.map((r) => [r.status, r.headers['x-cache']])).toEqual([
      [200, 'miss'],
      [200, 'miss'],
    ]);
    expect(statements.length).toBeGreaterThan(0);
    statements.length = 0;
    t += 100;
    const again = [await search(), await ask()];
    expect(again.map((r) => [r.status, r.headers['x-cache']])).toEqual([
      [200, 'hit'],
      [200, 'hit'],
    ]);
    expect(again[0]?.body).toEqual(first[0]?.body);
    expect(again[1]?.body).toEqual(first[1]?.body);
    expect(statements).toEqual([]);
    await counts.close();
  });
});
