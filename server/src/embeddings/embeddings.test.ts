import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import type { Express } from 'express';
import type { Answer, SearchResponse } from '@kb/contracts';
import { AdminCommandError, AdminCommands } from '../admin/registry';
import { startAdminSocket, type AdminSocket } from '../admin/socket';
import { EmbedInterrupted, parseCorpusArgs, runCorpusCommand, type CorpusCommand } from '../cli/corpus';
import { ConfigError, loadConfig } from '../config';
import { QURAN_IMPORTS } from '../corpus/catalog';
import { registerCorpusCommands } from '../corpus/imports';
import type { Database, Queryable } from '../db/database';
import { createLogger } from '../logger';
import { testApp } from '../testing/app';
import { openTestDatabase, testBackends } from '../testing/databases';
import { registerEmbeddingCommands } from './commands';
import { loadEmbeddingsConfig, type EmbeddingsConfig } from './config';
import { search } from '../search/service';
import { createQueryFusion, reciprocalRankFusion, RRF_K } from './fusion';
import { nearestPassages } from '../passages/embeddings';
import { ensureVectorExtension, VectorExtensionMissingError } from './repository';

const DIMENSIONS = 64;

/** Words the fake model treats as the same meaning, so that a paraphrase lands near its passage. */
const SYNONYMS: Readonly<Record<string, string>> = {
  perseverance: 'patience',
  steadfastness: 'patience',
  patient: 'patience',
  compassionate: 'merciful',
  compassion: 'merciful',
};
const STOPWORDS = new Set(['the', 'and', 'of', 'to', 'in', 'is', 'who', 'those', 'for', 'a', 'by', 'or', 'not', 'we', 'you', 'us', 'each', 'other', 'what', 'about', 'say', 'does', 'quran']);

/** The fake model: a hashed bag of words (synonyms folded), L2-normalized; never the zero vector. */
function fakeVector(text: string, dimensions = DIMENSIONS): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const words = (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => !STOPWORDS.has(w)).map((w) => SYNONYMS[w] ?? w);
  for (const w of words) {
    const i = crypto.createHash('md5').update(w).digest().readUInt32BE(0) % dimensions;
    v[i] = (v[i] ?? 0) + 1;
  }
  if (words.length === 0) v[0] = 1;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

type Behaviour = 'ok' | 'error';

interface FakeEndpoint {
  server: http.Server;
  url: string;
  /** Inputs of every answered request, in order. */
  batches: string[][];
  /** Requests received (answered or not). */
  requests: number;
  behave(b: Behaviour): void;
  /** Fails the request with this (1-based) number with a 500. */
  failRequest(n: number | undefined): void;
}

/** A local OpenAI-compatible `/v1/embeddings` server (bearer `test-key`; model `short-model` answers 32 dimensions). */
async function fakeEndpoint(): Promise<FakeEndpoint> {
  let behaviour: Behaviour = 'ok';
  let failing: number | undefined;
  const fake: FakeEndpoint = {
    server: http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        fake.requests += 1;
        const json = (status: number, value: unknown): void => {
          res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
        };
        if (req.method !== 'POST' || req.url !== '/v1/embeddings') return json(404, { error: { message: 'not found' } });
        if (req.headers.authorization !== 'Bearer test-key') return json(401, { error: { message: 'bad key' } });
        if (behaviour === 'error' || fake.requests === failing) return json(500, { error: { message: 'boom' } });
        const parsed = JSON.parse(body) as { model: string; input: string | string[]; encoding_format?: string };
        const inputs = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
        fake.batches.push(inputs);
        const dims = parsed.model === 'short-model' ? 32 : DIMENSIONS;
        json(200, {
          object: 'list',
          model: parsed.model,
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text, dims) })),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        });
      });
    }),
    url: '',
    batches: [],
    requests: 0,
    behave: (b) => (behaviour = b),
    failRequest: (n) => (failing = n),
  };
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
  return fake;
}

const sink = (): Writable => new Writable({ write: (_chunk, _enc, done) => done() });
const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'kb-embed-'));
/** Surahs 1, 103 and 112 in English and Arabic: 28 passages. */
const CORPUS = { surahs: [1, 103, 112], imports: QURAN_IMPORTS.filter((i) => i.lang === 'en' || i.lang === 'ar') };
const PASSAGES = 28;

function embeddingEnv(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return { EMBEDDINGS_BASE_URL: url, EMBEDDINGS_API_KEY: 'test-key', EMBEDDINGS_MODEL: 'test-embed', EMBEDDINGS_BATCH: '5', ...extra };
}

function configOf(env: Record<string, string>): EmbeddingsConfig {
  const config = loadEmbeddingsConfig(env, (m) => new Error(m));
  if (!config) throw new Error('embeddings not configured');
  return config;
}

/** The running server's side: an admin socket with the embedding commands over `db` and `config`. */
async function serverSocket(db: Database, config: EmbeddingsConfig | undefined): Promise<{ socket: AdminSocket; dataDir: string }> {
  const dataDir = tempDir();
  const commands = new AdminCommands();
  registerCorpusCommands(commands, { db });
  registerEmbeddingCommands(commands, { db, config });
  const socket = await startAdminSocket({ socketPath: path.join(dataDir, 'admin.sock'), commands, logger: createLogger('silent') });
  return { socket, dataDir };
}

describe('npm run corpus -- embed, search and ask with embeddings (pglite, local OpenAI-compatible endpoint)', () => {
  let db: Database;
  let fake: FakeEndpoint;
  let server: { socket: AdminSocket; dataDir: string };
  let keywordApp: Express;
  const printed: string[] = [];

  beforeAll(async () => {
    fake = await fakeEndpoint();
    db = await openTestDatabase(testBackends[0] ?? (undefined as never), CORPUS);
    server = await serverSocket(db, configOf(embeddingEnv(fake.url)));
    keywordApp = testApp(db);
  }, 120_000);
  afterAll(async () => {
    await server.socket.close();
    await db.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  const embed = (cmd: Partial<Extract<CorpusCommand, { verb: 'embed' }>> = {}, extra: Partial<Parameters<typeof runCorpusCommand>[1]> = {}): ReturnType<typeof runCorpusCommand> =>
    runCorpusCommand({ verb: 'embed', ...cmd }, { config: { dataDir: server.dataDir, databaseUrl: undefined }, out: (t) => printed.push(t), err: sink(), ...extra });
  const stored = async (): Promise<{ rows: number; distinct: number }> =>
    (await db.query<{ rows: number; distinct: number }>('SELECT count(*)::int AS rows, count(DISTINCT passage_id)::int AS distinct FROM passage_embeddings'))[0] ?? { rows: 0, distinct: 0 };
  const searchIn = async (app: Express, query: Record<string, string | number>): Promise<SearchResponse> => {
    const res = await request(app).get('/api/search').query(query);
    expect(res.status).toBe(200);
    return res.body as SearchResponse;
  };

  it('stops after the running batch on Ctrl-C, keeping what it stored', async () => {
    const interrupt = new AbortController();
    await expect(embed({}, { signal: interrupt.signal, afterBatch: () => interrupt.abort() })).rejects.toThrow(EmbedInterrupted);
    expect(await stored()).toEqual({ rows: 5, distinct: 5 });
  }, 60_000);

  it('keeps the batches done when the endpoint fails on the 3rd batch, and a second run completes without duplicates', async () => {
    const before = fake.requests;
    fake.failRequest(before + 3);
    await expect(embed()).rejects.toThrow(/HTTP 500/);
    // The run after the Ctrl-C: two more batches of 5 stored, the third lost.
    expect(await stored()).toEqual({ rows: 15, distinct: 15 });
    fake.failRequest(undefined);
    const sent = fake.batches.length;
    expect(await embed()).toBe('server');
    expect(await stored()).toEqual({ rows: PASSAGES, distinct: PASSAGES });
    // Only the 13 passages still without a vector were sent again.
    expect(fake.batches.slice(sent).flat()).toHaveLength(PASSAGES - 15);
    expect(JSON.parse(printed.at(-1) ?? '{}')).toEqual({ model: 'test-embed', embedded: PASSAGES - 15, passages: PASSAGES });
    // Nothing left: a third run sends nothing.
    const requests = fake.requests;
    await embed();
    expect(fake.requests).toBe(requests);
    expect(JSON.parse(printed.at(-1) ?? '{}')).toMatchObject({ embedded: 0 });
  }, 60_000);

  it('stores every vector with its model and the length the model gives', async () => {
    const rows = await db.query<{ model: string; dims: number; n: number }>(
      'SELECT model, vector_dims(embedding)::int AS dims, count(*)::int AS n FROM passage_embeddings GROUP BY model, vector_dims(embedding)',
    );
    expect(rows).toEqual([{ model: 'test-embed', dims: DIMENSIONS, n: PASSAGES }]);
  });

  it('finds through fusion a passage the keywords miss, in the language searched only', async () => {
    const app = testApp(db, embeddingEnv(fake.url));
    expect((await searchIn(keywordApp, { q: 'perseverance', lang: 'en' })).total).toBe(0);
    const fused = await searchIn(app, { q: 'perseverance', lang: 'en', limit: 5 });
    expect(fused.hits[0]?.ref).toBe('103:3');
    expect(fused.hits[0]?.url).toBe('/read/quran/103%3A3');
    expect(fused.hits.every((h) => h.lang === 'en')).toBe(true);
    expect(fused.total).toBeGreaterThan(0);
  });

  it('orders hits by reciprocal rank fusion (k = 60) of the keyword ranking and the vector ranking', async () => {
    const app = testApp(db, embeddingEnv(fake.url));
    const q = 'merciful Lord path';
    const limit = 8;
    const keyword = (await searchIn(keywordApp, { q, lang: 'en', limit })).hits.map((h) => h.id);
    const vector = (await nearestPassages(db, 'test-embed', fakeVector(q), { lang: 'en' }, limit)).map((p) => p.id);
    const score = (id: string): number =>
      [keyword, vector].reduce((sum, ranking) => sum + (ranking.includes(id) ? 1 / (RRF_K + ranking.indexOf(id) + 1) : 0), 0);
    const fused = (await searchIn(app, { q, lang: 'en', limit })).hits.map((h) => h.id);
    expect(fused).toHaveLength(limit);
    // The fusion changed something: the keyword order is not kept, and passages found by vector alone follow.
    expect(fused.slice(0, keyword.length)).not.toEqual(keyword);
    expect(fused.filter((id) => !keyword.includes(id)).length).toBeGreaterThan(0);
    for (let i = 1; i < fused.length; i++) expect(score(fused[i - 1] ?? '')).toBeGreaterThanOrEqual(score(fused[i] ?? ''));
    const expected = [...new Set([...keyword, ...vector])].sort((a, b) => score(b) - score(a)).slice(0, limit);
    expect(new Set(fused)).toEqual(new Set(expected));
    // Pages of the fused ranking follow each other.
    const second = (await searchIn(app, { q, lang: 'en', limit: 4, offset: 4 })).hits.map((h) => h.id);
    expect(second).toEqual(fused.slice(4, 8));
  });

  it('searches by keywords only when the query cannot be embedded, logging the failure without the query', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const fusion = createQueryFusion({ db, config: configOf(embeddingEnv(fake.url)), logger });
    const params = { q: 'merciful Lord path', lang: 'en', limit: 10, offset: 0 };
    fake.behave('error');
    try {
      const before = fake.requests;
      expect(await search(db, params, fusion)).toEqual(await search(db, params));
      expect(fake.requests).toBe(before + 1);
    } finally {
      fake.behave('ok');
    }
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ msg: 'query not embedded; keyword results only', embeddings: { failure: 'refused', status: 500 } });
    expect(lines[0]).not.toMatch(/merciful/i);
    // Through the API too.
    fake.behave('error');
    try {
      const app = testApp(db, embeddingEnv(fake.url));
      expect(await searchIn(app, { q: params.q, lang: 'en' })).toEqual(await searchIn(keywordApp, { q: params.q, lang: 'en' }));
    } finally {
      fake.behave('ok');
    }
  });

  it('asks nothing of the endpoint and answers as before without EMBEDDINGS_BASE_URL', async () => {
    const before = fake.requests;
    const res = await request(keywordApp).get('/api/search').query({ q: 'perseverance', lang: 'en' });
    expect(res.body).toEqual({ query: 'perseverance', total: 0, hits: [] });
    await request(keywordApp).post('/api/ask').send({ question: 'What does the Quran say about patience?', lang: 'en' });
    expect(fake.requests).toBe(before);
  });

  it('reorders the answer\'s candidates by fused rank and refuses what it refused before', async () => {
    const app = testApp(db, embeddingEnv(fake.url));
    const ask = async (a: Express, question: string): Promise<Answer> => (await request(a).post('/api/ask').send({ question, lang: 'en' })).body as Answer;
    const before = fake.requests;
    const fused = await ask(app, 'merciful');
    expect(fake.requests).toBe(before + 1);
    const plain = await ask(keywordApp, 'merciful');
    expect(fused.refused).toBe(false);
    expect(plain.refused).toBe(false);
    // Only passages the keywords match are quoted: the vector ranking reorders, it adds none.
    const matching = (await searchIn(keywordApp, { q: 'merciful', lang: 'en', source: 'quran', limit: 50 })).hits.map((h) => h.ref);
    expect(fused.citations.length).toBeGreaterThan(0);
    const verses = fused.citations.flatMap((c) => {
      const [chapter, range = ''] = c.ref.split(':');
      const [from = 0, to = from] = range.split('-').map(Number);
      return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => `${chapter}:${Number(from) + i}`);
    });
    expect(matching).toEqual(expect.arrayContaining(verses));
    expect(fused.citations.every((c) => c.source === 'quran' && c.lang === 'en')).toBe(true);
    expect((await ask(app, 'Who won the football cup?')).refused).toBe(true);
  });

  it('refuses with a clear message: wrong key, unreachable endpoint, another vector length, not configured', async () => {
    const commands = new AdminCommands();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/v1`;
    await new Promise((resolve) => closed.close(resolve));
    const register = (prefix: string, config: EmbeddingsConfig | undefined): void => {
      const own = new AdminCommands();
      registerEmbeddingCommands(own, { db, config });
      commands.register(`${prefix}.batch`, { description: '', run: (args) => own.run('embeddings.batch', args) });
    };
    register('wrong-key', configOf(embeddingEnv(fake.url, { EMBEDDINGS_API_KEY: 'nope', EMBEDDINGS_MODEL: 'fresh-model' })));
    register('dead', configOf(embeddingEnv(deadUrl, { EMBEDDINGS_MODEL: 'fresh-model' })));
    register('short', configOf(embeddingEnv(fake.url, { EMBEDDINGS_MODEL: 'short-model' })));
    register('off', undefined);
    register('fixed', configOf(embeddingEnv(fake.url, { EMBEDDINGS_DIMENSIONS: '32' })));
    await expect(commands.run('wrong-key.batch')).rejects.toThrow(/refused the key \(HTTP 401\): check EMBEDDINGS_API_KEY/);
    await expect(commands.run('dead.batch')).rejects.toThrow(/cannot reach the embeddings endpoint http:\/\/127\.0\.0\.1:\d+\/v1/);
    await expect(commands.run('short.batch')).rejects.toThrow(/Dimension mismatch: model "short-model" returns 32-dimension vectors, but passage_embeddings holds 64-dimension ones/);
    await expect(commands.run('off.batch')).rejects.toThrow(/Embeddings are not configured here: set EMBEDDINGS_BASE_URL/);
    const requests = fake.requests;
    await expect(commands.run('fixed.batch')).rejects.toThrow(/Dimension mismatch: .* 32-dimension vectors, but passage_embeddings holds 64-dimension ones/);
    expect(fake.requests).toBe(requests);
    for (const name of ['wrong-key.batch', 'dead.batch', 'short.batch', 'off.batch']) {
      await expect(commands.run(name)).rejects.toBeInstanceOf(AdminCommandError);
    }
    expect(await stored()).toEqual({ rows: PASSAGES, distinct: PASSAGES });
  });

  it('searches by keywords only once the stored vectors are gone (dropped to change model)', async () => {
    // Dropping the table by hand raises no corpus version: a cached page would outlive it (docs/performance.md).
    const app = testApp(db, embeddingEnv(fake.url, { SEARCH_CACHE: 'off' }));
    const q = 'merciful Lord path';
    expect((await searchIn(app, { q, lang: 'en' })).hits.map((h) => h.id)).not.toEqual((await searchIn(keywordApp, { q, lang: 'en' })).hits.map((h) => h.id));
    await db.exec('DROP TABLE passage_embeddings');
    expect(await searchIn(app, { q, lang: 'en' })).toEqual(await searchIn(keywordApp, { q, lang: 'en' }));
    expect(await searchIn(app, { q, lang: 'en' })).toEqual(await searchIn(keywordApp, { q, lang: 'en' }));
  });
});

describe('pgvector missing', () => {
  it('says how to install pgvector when the PostgreSQL server has none', async () => {
    // A server whose pg_available_extensions lacks "vector" (the check, simulated).
    const none: Queryable = { query: <T extends object>() => Promise.resolve([{ n: 0 }] as unknown as T[]), exec: () => Promise.resolve() };
    const error = await ensureVectorExtension(none, 'postgres').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VectorExtensionMissingError);
    expect((error as Error).message).toMatch(/^The PostgreSQL server has no "vector" extension \(pgvector\)/);
    expect((error as Error).message).toMatch(/apt-get install postgresql-<major version>-pgvector/);
    expect((error as Error).message).toMatch(/unset EMBEDDINGS_BASE_URL/);
  });

  const postgres = testBackends.filter((b) => b.name === 'postgres');
  if (postgres.length > 0) {
    describe.each(postgres)('on the PostgreSQL server ($name)', (backend) => {
      let db: Database;
      let fake: FakeEndpoint;
      let server: { socket: AdminSocket; dataDir: string };
      beforeAll(async () => {
        fake = await fakeEndpoint();
        db = await openTestDatabase(backend, { surahs: [103], imports: QURAN_IMPORTS.filter((i) => i.lang === 'en') });
        server = await serverSocket(db, configOf(embeddingEnv(fake.url)));
      }, 120_000);
      afterAll(async () => {
        await server.socket.close();
        await db.close();
        await new Promise((resolve) => fake.server.close(resolve));
      });

      it('embeds when the server has pgvector, else refuses with the install advice before asking the endpoint', async () => {
        const available = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'"))[0]?.n ?? 0;
        const run = runCorpusCommand({ verb: 'embed' }, { config: { dataDir: server.dataDir, databaseUrl: undefined }, out: () => undefined, err: sink() });
        if (available > 0) {
          await expect(run).resolves.toBe('server');
          expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passage_embeddings'))[0]?.n).toBe(3);
        } else {
          await expect(run).rejects.toThrow(/The PostgreSQL server has no "vector" extension \(pgvector\).*apt-get install postgresql-<major version>-pgvector/s);
          expect(fake.requests).toBe(0);
        }
      }, 60_000);
    });
  }
});

describe('reciprocal rank fusion', () => {
  it('sums 1 / (60 + rank) over the rankings, ties in the order first met', () => {
    const fused = reciprocalRankFusion([['a', 'b', 'c'], ['c', 'a', 'd']], (x) => x);
    expect(fused.map((f) => f.item)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(fused[1]?.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(reciprocalRankFusion([['x', 'y'], ['y', 'x']], (x) => x).map((f) => f.item)).toEqual(['x', 'y']);
  });
});

describe('embed command line', () => {
  it('parses embed with its options', () => {
    expect(parseCorpusArgs(['embed'])).toEqual({ verb: 'embed', source: undefined, lang: undefined, batch: undefined });
    expect(parseCorpusArgs(['embed', '--source', 'quran', '--lang=en', '--batch', '32'])).toEqual({ verb: 'embed', source: 'quran', lang: 'en', batch: 32 });
    expect(() => parseCorpusArgs(['embed', '--batch', '0'])).toThrow(/--batch must be a whole number between 1 and 2048/);
    expect(() => parseCorpusArgs(['embed', '--translator', 'x'])).toThrow(/unknown option --translator/);
  });

  it('refuses a bad EMBEDDINGS_* value at start-up, naming it', () => {
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'localhost:11434' })).toThrow(/EMBEDDINGS_BASE_URL must be an http\(s\) URL, got "localhost:11434"/);
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1', EMBEDDINGS_DIMENSIONS: 'many' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1', EMBEDDINGS_TIMEOUT_MS: '5' })).toThrow(/EMBEDDINGS_TIMEOUT_MS must be a whole number between 100 and 60000/);
    expect(loadConfig({}).embeddings).toBeUndefined();
  });

  it('reads the EMBEDDINGS_* settings, off without a URL', () => {
    expect(loadEmbeddingsConfig({}, (m) => new Error(m))).toBeUndefined();
    expect(loadEmbeddingsConfig({ EMBEDDINGS_BASE_URL: 'http://localhost:11434/v1/' }, (m) => new Error(m))).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'text-embedding-3-small',
      dimensions: undefined,
      batchSize: 64,
      timeoutMs: 2000,
    });
    expect(() => loadEmbeddingsConfig({ EMBEDDINGS_BASE_URL: 'ftp://x' }, (m) => new Error(m))).toThrow(/EMBEDDINGS_BASE_URL must be an http\(s\) URL/);
    expect(() => loadEmbeddingsConfig({ EMBEDDINGS_BASE_URL: 'http://x', EMBEDDINGS_BATCH: '5000' }, (m) => new Error(m))).toThrow(/EMBEDDINGS_BATCH must be a whole number between 1 and 2048/);
  });
});
