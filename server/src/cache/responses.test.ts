import request from 'supertest';
import type { Express } from 'express';
import type { Answer, SearchResponse, SourcesResponse, StatsResponse } from '@kb/contracts';
import { AdminCommands } from '../admin/registry';
import { createApp } from '../app';
import { QURAN_IMPORTS } from '../corpus/catalog';
import { registerCorpusCommands } from '../corpus/imports';
import { indexForms } from '../corpus/normalize';
import type { Database } from '../db/database';
import { openPostgres } from '../db/postgres';
import { createLogger } from '../logger';
import { insertPassages } from '../passages/corpus';
import { testApp, testConfig } from '../testing/app';
import { openTestDatabase, testBackends, type TestBackend } from '../testing/databases';
import { corpusVersionReader } from './corpus-version';
import { createResponseCache } from './responses';

const logger = createLogger('silent');

/**
 * Another server's view of the same data: on PostgreSQL a second pool on the test's schema; an
 * in-memory PGlite cannot be opened twice, so there a second `Database` object over it stands
 * for the other server (it hears no announcement made on the first one, only the database).
 */
async function otherServersDatabase(backend: TestBackend, db: Database): Promise<Database> {
  if (backend.name === 'postgres') {
    const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    return openPostgres({ connectionString: String(process.env.TEST_DATABASE_URL), schema: row?.schema, max: 2 });
  }
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => Promise.resolve(),
  };
}

/** Reads a Server-Sent Events body into its events. */
function events(raw: string): { event: string; data: unknown }[] {
  return raw
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [e, d] = block.split('\n');
      return { event: (e ?? '').replace('event: ', ''), data: JSON.parse((d ?? '').replace('data: ', '')) as unknown };
    });
}

describe.each(testBackends)('the response cache ($name)', (backend) => {
  let db: Database;
  let app: Express;
  let commands: AdminCommands;
  beforeAll(async () => {
    db = await openTestDatabase(backend, { surahs: [1, 2], imports: QURAN_IMPORTS.filter((i) => ['ar', 'en'].includes(i.lang)) });
    app = testApp(db, { TRUST_PROXY: 'loopback' });
    commands = new AdminCommands();
    registerCorpusCommands(commands, { db });
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  /** An operator import of one record into `source` (English unless said), through the admin commands. */
  async function importNote(ref: string, text: string, source = 'notes', lang = 'en'): Promise<void> {
    const { importId } = (await commands.run('corpus.begin', { source, lang })) as { importId: string };
    await commands.run('corpus.stage', { importId, records: [{ position: 1, ref, text }] });
    await commands.run('corpus.commit', { importId, translator: 'Test notes' });
  }

  it('serves a repeated search from memory, whoever asks and however the same request is spelled', async () => {
    const first = await request(app).get('/api/search').set('X-Forwarded-For', '203.0.113.1').query({ q: 'patience', lang: 'en' });
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect((first.body as SearchResponse).hits.map((h) => h.ref)).toContain('2:153');
    const again = await request(app)
      .get('/api/search')
      .set('X-Forwarded-For', '198.51.100.2')
      .query({ q: '  patience ', lang: 'en', limit: '10', offset: '0', source: '' });
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('no-store');
    const otherPage = await request(app).get('/api/search').query({ q: 'patience', lang: 'en', offset: 10 });
    expect(otherPage.headers['x-cache']).toBe('miss');
  });

  it('answers 304 to a matching If-None-Match on the GET API, 200 to any other', async () => {
    for (const url of ['/api/search?q=prayer&lang=en', '/api/stats', '/api/sources?lang=tr']) {
      const first = await request(app).get(url);
      expect(first.status).toBe(200);
      expect(first.headers.etag).toMatch(/^W\/"\d+-[\w-]+"$/);
      const revalidated = await request(app).get(url).set('If-None-Match', String(first.headers.etag));
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(revalidated.headers['x-cache']).toBe('hit');
      const changed = await request(app).get(url).set('If-None-Match', 'W/"1-somethingelse"');
      expect(changed.status).toBe(200);
      expect(changed.text).toBe(first.text);
    }
  });

  it('answers afresh, with new ETags, once an import has changed the corpus', async () => {
    const query = { q: 'perseverance', lang: 'en', source: 'notes' };
    const before = await request(app).get('/api/search').query(query);
    expect((before.body as SearchResponse).total).toBe(0);
    const stats = await request(app).get('/api/stats');
    expect((await request(app).get('/api/search').query(query)).headers['x-cache']).toBe('hit');

    await importNote('note-1', 'Perseverance is the companion of patience.');

    const after = await request(app).get('/api/search').query(query).set('If-None-Match', String(before.headers.etag));
    expect(after.status).toBe(200);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.body as SearchResponse).hits.map((h) => h.ref)).toEqual(['note-1']);
    const statsAfter = await request(app).get('/api/stats').set('If-None-Match', String(stats.headers.etag));
    expect(statsAfter.status).toBe(200);
    expect((statsAfter.body as StatsResponse).passages).toBe((stats.body as StatsResponse).passages + 1);

    await commands.run('corpus.remove', { source: 'notes' });
    expect((await request(app).get('/api/search').query(query)).body).toMatchObject({ total: 0, hits: [] });
  });

  it('lets another server see a change made through this one within a second', async () => {
    const otherDb = await otherServersDatabase(backend, db);
    try {
      let clock = 0;
      const responses = createResponseCache({ db: otherDb, enabled: true, logger, versions: corpusVersionReader(otherDb, { now: () => clock }) });
      const other = createApp({ config: testConfig(), db: otherDb, logger, responses });
      const query = { q: 'steadfast', lang: 'en', source: 'notes' };
      expect((await request(other).get('/api/search').query(query)).body).toMatchObject({ total: 0 });

      await importNote('note-2', 'Be steadfast, for the steadfast are loved.');

      // This server sees it at once; the other keeps its page until its next read of the version.
      expect((await request(app).get('/api/search').query(query)).body).toMatchObject({ total: 1 });
      clock = 999;
      const stale = await request(other).get('/api/search').query(query);
      expect(stale.headers['x-cache']).toBe('hit');
      expect(stale.body).toMatchObject({ total: 0 });
      clock = 1000;
      const fresh = await request(other).get('/api/search').query(query);
      expect(fresh.headers['x-cache']).toBe('miss');
      expect((fresh.body as SearchResponse).hits.map((h) => h.ref)).toEqual(['note-2']);
    } finally {
      await commands.run('corpus.remove', { source: 'notes' });
      await otherDb.close();
    }
  });

  it('keeps answers per question and language, and replays a kept answer as a stream', async () => {
    const question = { question: 'What does the Quran say about patience?', lang: 'en' };
    const first = await request(app).post('/api/ask').send(question);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const again = await request(app).post('/api/ask').send({ ...question, question: ` ${question.question}  ` });
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toEqual(first.body);
    expect((await request(app).post('/api/ask').send({ ...question, lang: 'tr' })).headers['x-cache']).toBe('miss');

    const streamed = await request(app)
      .post('/api/ask')
      .set('Accept', 'text/event-stream')
      .send(question)
      .buffer(true)
      .parse((response, callback) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => callback(null, text));
      });
    expect(streamed.headers['x-cache']).toBe('hit');
    const stream = events(String(streamed.body));
    const answer = first.body as Answer;
    expect(stream[0]).toEqual({ event: 'meta', data: { mode: 'extractive' } });
    expect(stream.filter((e) => e.event === 'citation').map((e) => e.data)).toEqual(answer.citations);
    expect(stream.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text).join('')).toBe(answer.answer);
    expect(stream.at(-1)).toEqual({ event: 'done', data: answer });
  });

  it('keeps the answer a stream ended with for the next asker', async () => {
    const question = { question: 'What does the Quran say about prayer?', lang: 'en' };
    const streamed = await request(app)
      .post('/api/ask')
      .set('Accept', 'text/event-stream')
      .send(question)
      .buffer(true)
      .parse((response, callback) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => callback(null, text));
      });
    expect(streamed.headers['x-cache']).toBe('miss');
    const done = events(String(streamed.body)).at(-1);
    const json = await request(app).post('/api/ask').send(question);
    expect(json.headers['x-cache']).toBe('hit');
    expect(done).toEqual({ event: 'done', data: json.body as Answer });
  });

  it('keeps the catalog per language and counts afresh after an import', async () => {
    const sizinti = (body: unknown): unknown => (body as SourcesResponse).sources.find((s) => s.id === 'sizinti');
    const before = await request(app).get('/api/sources?lang=tr');
    const again = await request(app).get('/api/sources?lang=tr');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['content-language']).toBe('tr');
    expect(again.body).toEqual(before.body);
    expect(sizinti(again.body)).toMatchObject({ status: 'coming-soon', indexedPassages: 0 });

    await importNote('1979-01/1', 'Ümit, insanın en güçlü dayanağıdır.', 'sizinti', 'tr');
    try {
      const after = await request(app).get('/api/sources?lang=tr');
      expect(after.headers['x-cache']).toBe('miss');
      expect(sizinti(after.body)).toMatchObject({ status: 'available', indexedPassages: 1 });
    } finally {
      await commands.run('corpus.remove', { source: 'sizinti' });
    }
  });

  it('forgets the least recently used entries beyond its bounds', async () => {
    const small = createApp({
      config: testConfig(),
      db,
      logger,
      responses: createResponseCache({ db, enabled: true, logger, limits: { maxEntries: 2 } }),
    });
    for (const q of ['mercy', 'light', 'guidance']) {
      expect((await request(small).get('/api/search').query({ q, lang: 'en' })).headers['x-cache']).toBe('miss');
    }
    expect((await request(small).get('/api/search').query({ q: 'guidance', lang: 'en' })).headers['x-cache']).toBe('hit');
    expect((await request(small).get('/api/search').query({ q: 'mercy', lang: 'en' })).headers['x-cache']).toBe('miss');
  });

  it('with SEARCH_CACHE=off computes every answer and says nothing of a cache', async () => {
    const off = testApp(db, { SEARCH_CACHE: 'off' });
    const query = { q: 'forbearance', lang: 'en', source: 'direct' };
    const first = await request(off).get('/api/search').query(query);
    expect(first.body).toMatchObject({ total: 0 });
    expect(first.headers['x-cache']).toBeUndefined();
    // A change that raises no corpus version: only an answer computed afresh can show it.
    await insertPassages(db, { source: 'direct', lang: 'en', translator: 'Test' }, [
      { id: 'direct:en:d-1', ref: 'd-1', position: 1, section: '', text: 'Forbearance is strength.', ...indexForms('en', 'Forbearance is strength.') },
    ]);
    try {
      const second = await request(off).get('/api/search').query(query);
      expect(second.headers['x-cache']).toBeUndefined();
      expect((second.body as SearchResponse).hits.map((h) => h.ref)).toEqual(['d-1']);
      const ask = await request(off).post('/api/ask').send({ question: 'What does the Quran say about patience?', lang: 'en' });
      expect(ask.status).toBe(200);
      expect(ask.headers['x-cache']).toBeUndefined();
      const stats = await request(off).get('/api/stats');
      expect(stats.headers['x-cache']).toBeUndefined();
      expect((await request(off).get('/api/stats').set('If-None-Match', String(stats.headers.etag))).status).toBe(304);
    } finally {
      await db.query("DELETE FROM passages WHERE source = 'direct'");
    }
  });
});
