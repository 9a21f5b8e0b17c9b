import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import request from 'supertest';
import type { Database, Queryable } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase, useTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { apiErrorHandler } from './errors';
import { perMinuteLimit, type SharedLimitStore } from './guards';
import { DatabaseRateLimitStore } from './rate-limit-store';

const MINUTE = 60_000;

/** Stops `Date.now` (the stores' clock and express-rate-limit's for its headers); the test moves it by hand. */
function clock(): { now: () => number; advance(ms: number): void } {
  let t = Date.now();
  jest.spyOn(Date, 'now').mockImplementation(() => t);
  return { now: () => t, advance: (ms) => (t += ms) };
}

afterEach(() => {
  jest.restoreAllMocks();
});

/** One "server process": an app whose `/ping` is limited to `perMinute` requests per minute. */
function limitedApp(perMinute: number, shared: SharedLimitStore): Express {
  const app = express();
  app.use('/ping', perMinuteLimit('ping', perMinute, shared));
  app.get('/ping', (_req, res) => void res.json({ ok: true }));
  app.use(apiErrorHandler(createLogger('silent')));
  return app;
}

async function rows(db: Queryable): Promise<{ limiter: string; key: string; hits: number }[]> {
  return db.query('SELECT limiter, key, hits FROM rate_limits ORDER BY limiter, key');
}

async function hitsPerLimiter(db: Queryable): Promise<{ limiter: string; hits: number }[]> {
  return db.query('SELECT limiter, hits FROM rate_limits ORDER BY limiter');
}

describe.each(testBackends)('rate-limit counts in the database ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened), false);
  beforeEach(async () => {
    await db.exec('DELETE FROM rate_limits');
  });

  it('two app instances on one database share the count: the second sees the 429', async () => {
    // One upsert per request (RATE_LIMIT_FLUSH_MS=0): exact across processes, as the forms always
    // are. Counts written in batches are tested in rate-limit-counts.test.ts.
    const env = { RATE_LIMIT_ASK_PER_MINUTE: '3', RATE_LIMIT_FLUSH_MS: '0' };
    const first = testApp(db, env);
    const second = testApp(db, env);
    const ask = (app: Express) => request(app).post('/api/ask').send({ lang: 'en' });
    expect((await ask(first)).status).toBe(400);
    expect((await ask(second)).status).toBe(400);
    expect((await ask(first)).status).toBe(400);
    const limited = await ask(second);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: 'Too many ask requests; try again in a minute' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers.ratelimit).toMatch(/^"ask"; r=0; t=\d+$/);
    expect((await ask(first)).status).toBe(429);
    // Other route groups and the unsubscribe page keep counts of their own.
    expect((await request(second).get('/api/site')).status).toBe(200);
    expect(await hitsPerLimiter(db)).toEqual([
      { limiter: 'ask', hits: 5 },
      { limiter: 'read', hits: 1 },
    ]);
  });

  it('starts a new window a minute after a client first request, in every process', async () => {
    const time = clock();
    const a = limitedApp(2, { db });
    const b = limitedApp(2, { db });
    expect((await request(a).get('/ping')).status).toBe(200);
    time.advance(20_000);
    expect((await request(b).get('/ping')).status).toBe(200);
    const limited = await request(a).get('/ping');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('40');
    time.advance(39_999);
    expect((await request(b).get('/ping')).status).toBe(429);
    time.advance(1);
    const fresh = await request(b).get('/ping');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.ratelimit).toBe('"ping"; r=1; t=60');
    expect((await request(a).get('/ping')).status).toBe(200);
    expect((await request(a).get('/ping')).status).toBe(429);
  });

  it('counts keys and limiters apart, takes back a decrement and forgets a reset key', async () => {
    const time = clock();
    const forms = new DatabaseRateLimitStore({ db, limiter: 'form' });
    const formsElsewhere = new DatabaseRateLimitStore({ db, limiter: 'form' });
    const pages = new DatabaseRateLimitStore({ db, limiter: 'read-pages' });
    const windowEnd = new Date(time.now() + MINUTE);
    expect(await forms.increment('1.1.1.1')).toEqual({ totalHits: 1, resetTime: windowEnd });
    expect(await formsElsewhere.increment('1.1.1.1')).toEqual({ totalHits: 2, resetTime: windowEnd });
    expect((await forms.increment('2.2.2.2')).totalHits).toBe(1);
    expect((await pages.increment('1.1.1.1')).totalHits).toBe(1);
    await formsElsewhere.decrement('1.1.1.1');
    expect(await forms.get('1.1.1.1')).toEqual({ totalHits: 1, resetTime: windowEnd });
    await forms.resetKey('1.1.1.1');
    expect(await forms.get('1.1.1.1')).toBeUndefined();
    expect(await pages.get('1.1.1.1')).toEqual({ totalHits: 1, resetTime: windowEnd });
    await pages.resetAll();
    expect(await rows(db)).toEqual([{ limiter: 'form', key: '2.2.2.2', hits: 1 }]);
  });

  it('loses no hit when processes count the same client at once', async () => {
    const stores = [1, 2, 3, 4].map(() => new DatabaseRateLimitStore({ db, limiter: 'ask' }));
    const results = await Promise.all(stores.flatMap((store) => Array.from({ length: 10 }, () => store.increment('9.9.9.9'))));
    expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('neither counts nor fails a request whose client reset the connection early', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let outcome: (what: string) => void = () => undefined;
    const done = new Promise<string>((resolve) => (outcome = resolve));
    const app = express();
    // Like the security headers' registry read: a middleware still waiting when the client goes.
    app.use((req, _res, next) => void req.socket.once('close', () => next()));
    app.use('/ping', perMinuteLimit('ping', 5, { db, logger }));
    app.get('/ping', (_req, res) => {
      res.end();
      outcome('passed');
    });
    app.use((error: unknown, _req: express.Request, _res: express.Response, next: express.NextFunction) => {
      outcome('failed');
      next(error);
    });
    app.use(apiErrorHandler(logger));
    setTimeout(() => outcome('nothing'), 5_000).unref();
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write('GET /ping HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.resetAndDestroy();
      expect(await done).toBe('passed');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await rows(db)).toEqual([]);
    const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(logged.filter((l) => l.level >= 40)).toEqual([]);
    expect(logged).toContainEqual(expect.objectContaining({ level: 20, msg: 'rate limit: the client went away; not counted' }));
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('prunes the rows of ended windows as it counts', async () => {
    const time = clock();
    const store = new DatabaseRateLimitStore({ db, limiter: 'read' });
    const other = new DatabaseRateLimitStore({ db, limiter: 'ask' });
    for (let i = 0; i < 5; i++) await store.increment(`10.0.0.${i}`);
    await other.increment('10.0.0.1');
    time.advance(MINUTE + 1);
    await store.increment('10.0.0.9');
    expect(await rows(db)).toEqual([
      { limiter: 'ask', key: '10.0.0.1', hits: 1 },
      { limiter: 'read', key: '10.0.0.9', hits: 1 },
    ]);
  });
});

describe('rate limits when the database fails', () => {
  it('fail open to a count of this process: requests pass up to the limit, then 429, one warning', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const broken: Queryable = {
      query: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      exec: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    };
    const time = clock();
    const app = limitedApp(2, { db: broken, logger });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await request(app).get('/ping')).status);
    expect(statuses).toEqual([200, 200, 429]);
    time.advance(MINUTE);
    expect((await request(app).get('/ping')).status).toBe(200);
    const warnings = lines.map((l) => JSON.parse(l) as { level: number; msg: string; limiter: string });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ level: 40, limiter: 'ping', msg: expect.stringMatching(/database failed/) });
  });

  it('count again in the database once it answers', async () => {
    const [backend] = testBackends;
    if (!backend) throw new Error('no backend');
    const db = await openTestDatabase(backend, false);
    try {
      let down = true;
      const flaky: Queryable = {
        query: (sql, params) => (down ? Promise.reject(new Error('timeout')) : db.query(sql, params)),
        exec: (sql) => db.exec(sql),
      };
      const store = new DatabaseRateLimitStore({ db: flaky, limiter: 'ask' });
      expect((await store.increment('5.5.5.5')).totalHits).toBe(1);
      expect((await store.increment('5.5.5.5')).totalHits).toBe(2);
      down = false;
      expect((await store.increment('5.5.5.5')).totalHits).toBe(1);
      expect(await rows(db)).toEqual([{ limiter: 'ask', key: '5.5.5.5', hits: 1 }]);
    } finally {
      await db.close();
    }
  });
});
