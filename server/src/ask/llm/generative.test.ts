import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Express } from 'express';
import type { Answer } from '@kb/contracts';
import { QURAN_IMPORTS } from '../../corpus/catalog';
import type { Database } from '../../db/database';
import { openTestDatabase, testBackends } from '../../testing/databases';
import { testApp } from '../../testing/app';
import { checkGenerated } from './verify';
import { loadLlmConfig } from './config';

type Behaviour = 'good' | 'invented' | 'misquote' | 'uncited' | 'error';

/**
 * A local OpenAI-compatible chat-completions server: it streams an answer built from the
 * passages in the prompt it receives, well or badly as the test asks.
 */
function fakeModel(): { server: http.Server; calls: { model: string; messages: { role: string; content: string }[] }[]; behave: (b: Behaviour) => void } {
  let behaviour: Behaviour = 'good';
  const calls: { model: string; messages: { role: string; content: string }[] }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      calls.push(parsed);
      if (behaviour === 'error') {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'boom' } }));
        return;
      }
      const prompt = parsed.messages.at(-1)?.content ?? '';
      const first = /^\[1\] .+?\): (.+)$/m.exec(prompt)?.[1] ?? '';
      const words = first.split(' ').slice(0, 6).join(' ');
      const reply = {
        good: `The passages answer it. As the first one says, “${words}” [1].`,
        invented: `The passages answer it [1], and so does another one [7].`,
        misquote: `As the first one says, “${words} and fasting always” [1].`,
        uncited: 'Patience is a virtue, as everyone knows.',
      }[behaviour];
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (const piece of reply.match(/.{1,12}/gs) ?? []) {
        res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: parsed.model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`);
      }
      res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: parsed.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  return { server, calls, behave: (b) => (behaviour = b) };
}

function events(raw: string): { event: string; data: unknown }[] {
  return raw
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [e, d] = block.split('\n');
      return { event: (e ?? '').replace('event: ', ''), data: JSON.parse((d ?? '').replace('data: ', '')) as unknown };
    });
}

describe.each(testBackends)('generative answers against a local OpenAI-compatible server ($name)', (backend) => {
  let db: Database;
  let app: Express;
  let extractiveApp: Express;
  const model = fakeModel();
  const question = { question: 'What does the Quran say about patience?', lang: 'en' };

  beforeAll(async () => {
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const { port } = model.server.address() as AddressInfo;
    db = await openTestDatabase(backend, { surahs: [2, 3, 103], imports: QURAN_IMPORTS.filter((i) => i.lang === 'ar' || i.lang === 'en') });
    // The cache off: each test asks the same question of a model that behaves differently.
    app = testApp(db, { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'test-model', LLM_API_KEY: 'test-key', SEARCH_CACHE: 'off' });
    extractiveApp = testApp(db);
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await new Promise((resolve) => model.server.close(resolve));
  });

  const askJson = async (a: Express, body: object = question): Promise<Answer> => {
    const res = await request(a).post('/api/ask').send(body);
    expect(res.status).toBe(200);
    return res.body as Answer;
  };
  const askStream = async (body: object = question): Promise<{ event: string; data: unknown }[]> => {
    const res = await request(app)
      .post('/api/ask')
      .set('Accept', 'text/event-stream')
      .send(body)
      .buffer(true)
      .parse((response, callback) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => callback(null, text));
      });
    return events(String(res.body));
  };

  it('answers in the model\'s words when every [n] exists and every quotation matches, showing it only the numbered passages', async () => {
    model.behave('good');
    const before = model.calls.length;
    const answer = await askJson(app);
    expect(answer.mode).toBe('generative');
    expect(answer.refused).toBe(false);
    expect(answer.answer).toMatch(/^The passages answer it\. As the first one says, “.+” \[1\]\.$/);
    expect(answer.citations).toEqual((await askJson(extractiveApp)).citations);
    const call = model.calls[before];
    expect(call?.model).toBe('test-model');
    expect(call?.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const prompt = call?.messages[1]?.content ?? '';
    expect(prompt.startsWith('Passages:')).toBe(true);
    expect(prompt.endsWith(`Question: ${question.question}`)).toBe(true);
    expect([...prompt.matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]))).toEqual(answer.citations.map((c) => c.n));
  });

  it('streams the model\'s text as it comes and ends with the generative answer', async () => {
    model.behave('good');
    const stream = await askStream();
    expect(stream[0]).toEqual({ event: 'meta', data: { mode: 'generative' } });
    const deltas = stream.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(3);
    const done = stream.at(-1);
    expect(done?.event).toBe('done');
    expect((done?.data as Answer).mode).toBe('generative');
    expect(deltas.join('').trim()).toBe((done?.data as Answer).answer);
  });

  it.each([
    ['an invented [7]', 'invented'],
    ['a misquoted verse', 'misquote'],
    ['no citation at all', 'uncited'],
    ['a model error', 'error'],
  ] as const)('falls back to the extractive answer on %s', async (_what, behaviour) => {
    model.behave(behaviour);
    const extractive = await askJson(extractiveApp);
    expect(await askJson(app)).toEqual(extractive);
    const stream = await askStream();
    expect(stream[0]).toEqual({ event: 'meta', data: { mode: 'generative' } });
    expect(stream.at(-1)).toEqual({ event: 'done', data: extractive });
  });

  it('refuses without asking the model when no passage answers', async () => {
    model.behave('good');
    const before = model.calls.length;
    const answer = await askJson(app, { question: 'What is the battery life of my phone?', lang: 'en' });
    expect(answer).toMatchObject({ refused: true, citations: [] });
    expect(model.calls.length).toBe(before);
  });
});

describe('checking a generated answer', () => {
  const citations = [
    { n: 1, source: 'quran', ref: '2:153', lang: 'en', text: 'O you who have believed, seek help through patience and prayer.', translator: 'Saheeh International' },
    { n: 2, source: 'quran', ref: '3:200', lang: 'en', text: 'O you who have believed, persevere and endure.', translator: 'Saheeh International' },
  ];
  it.each([
    ['Seek help through patience [1] and endure [2].', undefined],
    ['“seek help through patience and prayer” [1]', undefined],
    ['“seek help   through patience…” [1]', undefined],
    ['Nothing cited.', 'no-citation'],
    ['See [3].', 'unknown-citation'],
    ['“seek help through fasting” [1]', 'misquote'],
    ['   ', 'empty'],
  ])('%s → %s', (text, expected) => {
    expect(checkGenerated(text, citations)).toBe(expected);
  });
});

describe('generative mode settings', () => {
  const fail = (message: string): Error => new Error(message);
  it('is off without LLM_BASE_URL and reads the endpoint, key and model', () => {
    expect(loadLlmConfig({}, fail)).toBeUndefined();
    expect(loadLlmConfig({ LLM_BASE_URL: 'http://localhost:11434/v1/', LLM_MODEL: 'llama3' }, fail)).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3',
      timeoutMs: 30_000,
    });
  });
  it.each([[{ LLM_BASE_URL: 'ftp://x' }], [{ LLM_BASE_URL: 'not a url' }], [{ LLM_BASE_URL: 'http://x', LLM_TIMEOUT_MS: '5' }]])('refuses %j', (env) => {
    expect(() => loadLlmConfig(env, fail)).toThrow(/LLM_/);
  });
});
