import request from 'supertest';
import type { ApiError, Answer } from '@kb/contracts';
import type { Database } from '../db/database';
import { testApp } from '../testing/app';
import { testBackends, useTestDatabase } from '../testing/databases';

/**
 * The database behind `inner`; after `hold()`, every statement but the rate limits' and the
 * corpus version's (read by the response cache) is held
 * until `open()` (so the questions that reach it stay running). When `autoOpenAt` statements
 * are held at once the gate opens by itself: more than the queue's slots reached the database,
 * which only happens without the queue, and the test then fails on its answers instead of hanging.
 */
function gatedDatabase(inner: Database, autoOpenAt: number): { db: Database; hold: () => void; open: () => void; held: () => number } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  let opened = true;
  const open = (): void => {
    opened = true;
    release();
  };
  const db: Database = {
    kind: inner.kind,
    async query(sql, params) {
      if (!opened && !sql.includes('rate_limits') && !sql.includes('corpus_version')) {
        held += 1;
        if (held >= autoOpenAt) open();
        await gate;
        held -= 1;
      }
      return inner.query(sql, params);
    },
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction(fn),
    close: () => inner.close(),
  };
  return { db, hold: () => (opened = false), open, held: () => held };
}

describe.each(testBackends)('the fair queue in front of the database, for questions ($name)', (backend) => {
  let inner: Database;
  useTestDatabase(backend, (opened) => (inner = opened), { surahs: [1, 2] });

  it('answers 503 with Retry-After to a question expected to wait too long, and searches share the line', async () => {
    // PGlite's queue runs 2 tasks at once (PostgreSQL's 10). The expected wait of a task is the
    // tasks before it, plus one, × the mean task (200 ms at first, at least 160 after one
    // question) ÷ the slots: with every slot taken and a 100 ms limit, the second later question
    // is refused with 2 slots, the seventh at the latest with 10.
    const slots = inner.kind === 'pglite' ? 2 : 10;
    const { db, hold, open, held } = gatedDatabase(inner, slots + 1);
    const app = testApp(db, { SEARCH_CACHE: 'off', SEARCH_QUEUE_MAX_WAIT_MS: '100' });
    const ask = (question: string): Promise<request.Response> =>
      request(app).post('/api/ask').send({ question, lang: 'en' }).then((r) => r);
    // A first question while nothing is held: the site's one-time reads and warm-up are done.
    expect((await ask('What is mercy?')).status).toBe(200);
    hold();

    const running = Array.from({ length: slots }, () => ask('What does the Quran say about patience?'));
    while (held() < slots) await new Promise((resolve) => setImmediate(resolve));
    const questions = ['Who will enter paradise?', 'Is there compulsion in religion?', 'What is mercy?'] as const;
    const more = Array.from({ length: slots === 2 ? 3 : 7 }, (_, i) => ask(questions[i % questions.length] ?? 'What is mercy?'));
    const search = request(app).get('/api/search').query({ q: 'mercy', lang: 'en' }).then((r) => r);
    // The first later requests take places in the line; the rest are refused at once. (Without
    // the queue every one reaches the database, which then lets all through.)
    const later = [...more, search];
    const firstRefused = Promise.race(later.map((p) => p.then((r) => (r.status === 503 ? r : new Promise<never>(() => undefined)))));
    // Were none refused, the later requests would wait for the held ones: give up after 10 s.
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, 10_000, undefined)));
    const refused = await Promise.race([firstRefused, Promise.all(later).then(() => undefined), gaveUp]);
    clearTimeout(timer);
    if (refused?.status !== 503) open();
    expect(refused?.status).toBe(503);
    expect(refused?.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused?.body as ApiError).toEqual({ success: false, error: 'The server is busy; try again in a few seconds' });
    open();

    const answers = await Promise.all([...running, ...more]);
    for (const res of answers.slice(0, slots)) {
      expect(res.status).toBe(200);
      expect((res.body as Answer).citations.length).toBeGreaterThan(0);
    }
    // Each later request was either refused or answered once the database was free again.
    for (const res of [...answers.slice(slots), await search]) expect([200, 503]).toContain(res.status);
  }, 240_000);

  it('answers a question kept in the cache at once while other questions fill the queue', async () => {
    const slots = inner.kind === 'pglite' ? 2 : 10;
    const { db, hold, open, held } = gatedDatabase(inner, slots + 1);
    const app = testApp(db, { SEARCH_QUEUE_MAX_WAIT_MS: '100' });
    const ask = (question: string): Promise<request.Response> =>
      request(app).post('/api/ask').send({ question, lang: 'en' }).then((r) => r);
    const first = await ask('What does the Quran say about patience?');
    expect(first.status).toBe(200);
    hold();
    const running = [ask('Who will enter paradise?'), ask('Is there compulsion in religion?')].slice(0, slots);
    while (held() < Math.min(slots, 2)) await new Promise((resolve) => setImmediate(resolve));
    const again = await ask('What does the Quran say about patience?');
    expect(again.status).toBe(200);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toEqual(first.body);
    open();
    for (const res of await Promise.all(running)) expect(res.status).toBe(200);
  }, 240_000);
});
