import request from 'supertest';
import type { Express } from 'express';
import type { Database } from './db/database';
import { noDatabase, openTestDatabase, testBackends } from './testing/databases';
import { testApp } from './testing/app';

const OWN_ORIGIN = 'http://localhost:3000';
const ask = { question: 'What does the Quran say about mercy?', lang: 'en' };

describe.each(testBackends)('the API over HTTP ($name)', (backend) => {
  let db: Database;
  let app: Express;
  beforeAll(async () => {
    db = await openTestDatabase(backend, { surahs: [1] });
    app = testApp(db, { KNOWLEDGE_APP_ORIGIN: 'http://localhost:7860' });
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('is not ready before the corpus is loaded', async () => {
    const empty = await openTestDatabase(backend, false);
    try {
      const res = await request(testApp(empty)).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'not-ready', reason: 'corpus not loaded' });
    } finally {
      await empty.close();
    }
  }, 60_000);

  it('refuses malformed JSON with 400', async () => {
    const res = await request(app).post('/api/ask').set('Content-Type', 'application/json').send('{"question": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'The request body is not valid JSON' });
  });

  it('refuses fields of the wrong type with 400', async () => {
    const res = await request(app).post('/api/ask').send({ question: ['patience'], lang: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/question/) });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const form = await request(app).post('/api/ask').type('form').send('question=patience&lang=en');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ success: false, error: expect.any(String) });
    const none = await request(app).post('/api/ask');
    expect(none.status).toBe(415);
  });

  it('refuses a body over 16 KB with 413', async () => {
    const res = await request(app)
      .post('/api/ask')
      .send({ question: 'x', lang: 'en', padding: 'p'.repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: 'The request body is too large' });
  });

  it('refuses a POST from a foreign origin with 403, allows the own ones and none', async () => {
    const foreign = await request(app).post('/api/ask').set('Origin', 'https://evil.example').send(ask);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ success: false, error: expect.any(String) });
    expect((await request(app).post('/api/ask').set('Origin', 'null').send(ask)).status).toBe(403);
    expect((await request(app).post('/api/ask').set('Origin', OWN_ORIGIN).send(ask)).status).toBe(200);
    expect((await request(app).post('/api/ask').set('Origin', 'http://localhost:7860').send(ask)).status).toBe(200);
    expect((await request(app).post('/api/ask').send(ask)).status).toBe(200);
  });

  it('answers an unknown /api route with 404 JSON', async () => {
    for (const res of [
      await request(app).get('/api/nope'),
      await request(app).post('/api/nope').send({}),
      await request(app).get('/api'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: expect.any(String) });
    }
  });

  it('never caches API answers and sets security headers', async () => {
    const res = await request(app).get('/api/search?q=mercy');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = res.headers['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('survives hostile input', async () => {
    for (const path of ['/api/search?q[a]=1', '/api/search?q=%E0%A4%A', '/api/search?q=%FF%FE', '/api/%']) {
      const res = await request(app).get(path);
      expect([200, 400, 404]).toContain(res.status);
      expect(res.body).toMatchObject(res.status === 200 ? { hits: expect.any(Array) } : { success: false });
    }
    const script = await request(app).get('/api/search').query({ q: '<script>alert(1)</script> mercy' });
    expect(script.status).toBe(200);
    // JSON carries the query as typed; highlights (the HTML) never carry markup from it.
    expect(script.body.query).toBe('<script>alert(1)</script> mercy');
    const hits = (script.body as { hits: { highlight: string }[] }).hits;
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.highlight).not.toMatch(/<(?!\/?mark>)/);
  });
});

describe('rate limits', () => {
  it('answers 429 per route group once the limit is spent', async () => {
    const app = testApp(noDatabase(), { RATE_LIMIT_ASK_PER_MINUTE: '2', RATE_LIMIT_READ_PER_MINUTE: '3' });
    const asks = [];
    for (let i = 0; i < 3; i++) asks.push(await request(app).post('/api/ask').send({ lang: 'en' }));
    expect(asks.map((r) => r.status)).toEqual([400, 400, 429]);
    expect(asks[2]?.body).toEqual({ success: false, error: expect.stringMatching(/Too many ask requests/) });
    expect(asks[2]?.headers['retry-after']).toBeDefined();
    const reads = [];
    for (let i = 0; i < 4; i++) reads.push(await request(app).get('/api/search'));
    expect(reads.map((r) => r.status)).toEqual([400, 400, 400, 429]);
  });
});

describe('internal errors', () => {
  it('answer 500 without internals when the database fails', async () => {
    const broken: Database = {
      ...noDatabase(),
      query: () => Promise.reject(new Error('relation "secret_table" does not exist at 10.0.0.5')),
    };
    const app = testApp(broken);
    const res = await request(app).get('/api/search?q=mercy');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: 'Internal server error' });
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'not-ready', reason: 'database unavailable' });
  });
});
