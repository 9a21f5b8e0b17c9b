import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { createLogger, REDACTED, REDACTED_ADDRESS, withoutAddresses } from '../logger';
import { testConfig } from '../testing/app';
import { openTestDatabase, testBackends } from '../testing/databases';
import { requestId } from './logging';

const OWN_ORIGIN = 'http://localhost:3000';

// Personal data the requests carry; none of it may reach a log line.
const NEWSLETTER_EMAIL = 'newsletter.reader.7f3a@example.org';
const CONTACT_EMAIL = 'contact.writer.91bc@example.org';
const MESSAGE_BODY = 'My private message body, reference 55e1-secret';
const HONEYPOT_EMAIL = 'honeypot.bot.3c2d@example.org';
const QUESTION = 'What does the 2b8f-private question say about patience?';
const SEARCH_TEXT = 'patience 4d6e-searched';
const BAD_EMAIL = 'not-an-address-8a1f@';
const PERSONAL = [NEWSLETTER_EMAIL, CONTACT_EMAIL, MESSAGE_BODY, HONEYPOT_EMAIL, QUESTION, SEARCH_TEXT, BAD_EMAIL, '55e1-secret', '2b8f-private', '4d6e-searched'];

interface LogLine {
  level: number;
  msg?: string;
  req?: { id?: string; method?: string; path?: string };
  res?: { statusCode?: number };
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

/** A pino destination in memory: every line written, as text. */
function memoryDestination(): { write(line: string): void; lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line) };
}

describe('withoutAddresses', () => {
  it('replaces every e-mail address in a text and keeps the rest', () => {
    const smtp = '550 5.1.1 <staff@institute.example>: Recipient address rejected; reply-to ayşe.yılmaz@örnek.com.tr refused';
    expect(withoutAddresses(smtp)).toBe(
      `550 5.1.1 <${REDACTED_ADDRESS}>: Recipient address rejected; reply-to ${REDACTED_ADDRESS} refused`,
    );
    expect(withoutAddresses('connect ECONNREFUSED 127.0.0.1:587')).toBe('connect ECONNREFUSED 127.0.0.1:587');
  });
});

describe('requestId', () => {
  const req = (value?: string | string[]): Parameters<typeof requestId>[0] =>
    ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as Parameters<typeof requestId>[0];
  it.each(['abc-123', 'a.b_c:d', 'x'.repeat(64), '0f8fad5b-d9cb-469f-a165-70867728950e'])('keeps the sane incoming id %s', (id) => {
    expect(requestId(req(id))).toBe(id);
  });
  it.each(['', 'x'.repeat(65), 'has space', 'user@example.org', '<script>', 'line\nbreak'])('replaces %j with a new UUID', (id) => {
    expect(requestId(req(id))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('replaces an id given twice and makes a new one per request', () => {
    expect(requestId(req(['a', 'b']))).not.toMatch(/^[ab]$/);
    expect(requestId(req())).not.toBe(requestId(req()));
  });
});

describe.each(testBackends)('the logs ($name)', (backend) => {
  let db: Database;
  const log = memoryDestination();
  let app: Express;
  let broken: Express;
  const env = { RATE_LIMIT_FORMS_PER_MINUTE: '1000', RATE_LIMIT_ASK_PER_MINUTE: '1000', RATE_LIMIT_READ_PER_MINUTE: '1000' };
  beforeAll(async () => {
    db = await openTestDatabase(backend, { surahs: [1, 2] });
    const logger = createLogger('info', log);
    app = createApp({ config: testConfig(env), db, logger });
    // A database whose writes fail like a driver's error, carrying the bound parameters and key detail.
    const failing: Database = {
      ...db,
      transaction: () =>
        Promise.reject(
          Object.assign(new Error('duplicate key value violates unique constraint "contact_email"'), {
            code: '23505',
            detail: `Key (email)=(${CONTACT_EMAIL}) already exists.`,
            params: ['Ayşe', 'Yılmaz', CONTACT_EMAIL, MESSAGE_BODY],
          }),
        ),
    };
    broken = createApp({ config: testConfig(env), db: failing, logger });
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  const contact = {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email: CONTACT_EMAIL,
    category: 'feedback',
    description: MESSAGE_BODY,
  };

  it('writes one line per request with its id, and never an address, a message or a question', async () => {
    const responses = [
      await request(app).post('/api/newsletter').set('Origin', OWN_ORIGIN).send({ email: NEWSLETTER_EMAIL }),
      await request(app).post('/api/newsletter').set('Origin', OWN_ORIGIN).send({ email: BAD_EMAIL }),
      await request(app).post('/api/newsletter').set('Origin', OWN_ORIGIN).send({ email: HONEYPOT_EMAIL, website: 'http://spam.example' }),
      await request(app).post('/api/contact').set('Origin', OWN_ORIGIN).send(contact),
      await request(app).post('/api/contact').set('Origin', OWN_ORIGIN).send({ ...contact, phone: 'nope' }),
      await request(app).post('/api/ask').set('Origin', OWN_ORIGIN).send({ question: QUESTION, lang: 'en' }),
      await request(app).post('/api/ask').set('Origin', OWN_ORIGIN).set('Accept', 'text/event-stream').send({ question: QUESTION, lang: 'tr' }),
      await request(app).get('/api/search').query({ q: SEARCH_TEXT, lang: 'en' }),
      await request(app).get(`/unsubscribe?token=${encodeURIComponent(NEWSLETTER_EMAIL)}`),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 400, 200, 200, 400, 200, 200, 200, 404]);

    const text = log.lines.join('');
    for (const secret of PERSONAL) expect(text).not.toContain(secret);

    const lines = log.lines.map((l) => JSON.parse(l) as LogLine);
    const requestLines = lines.filter((l) => l.res !== undefined);
    expect(requestLines).toHaveLength(responses.length);
    const ids = responses.map((r) => r.headers['x-request-id'] as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect(requestLines.map((l) => l.req?.id).sort()).toEqual([...ids].sort());
    // The honeypot's own line carries the request id too.
    const honeypot = lines.find((l) => l.msg === 'honeypot filled; nothing stored');
    expect(honeypot?.req?.id).toBe(ids[2]);
    // Paths only: the query string (with the search text or the token) is not logged.
    expect(requestLines.map((l) => l.req?.path)).toContain('/api/search');
    expect(requestLines.map((l) => l.req?.path)).toContain('/unsubscribe');
  });

  it("never logs a visitor's bucket: /remotes.json?bucket=N is logged as its path alone", async () => {
    const before = log.lines.length;
    expect((await request(app).get('/remotes.json?bucket=73')).status).toBe(200);
    const written = log.lines.slice(before);
    expect(written.join('')).not.toContain('bucket');
    expect(written.map((l) => (JSON.parse(l) as LogLine).req?.path)).toEqual(['/remotes.json']);
  });

  it('replaces an e-mail address in a request path, typed or percent-encoded', async () => {
    const before = log.lines.length;
    await request(app).get(`/unsubscribe?email=${NEWSLETTER_EMAIL}`);
    await request(app).get(`/x/${NEWSLETTER_EMAIL}`);
    await request(app).get(`/api/verses/${encodeURIComponent(CONTACT_EMAIL)}/1`);
    const written = log.lines.slice(before);
    for (const secret of PERSONAL) expect(written.join('')).not.toContain(secret);
    expect(written.join('')).not.toContain('example.org');
    const paths = written.map((l) => (JSON.parse(l) as LogLine).req?.path);
    expect(paths).toEqual(['/unsubscribe', `/x/${REDACTED_ADDRESS}`, `/api/verses/${REDACTED_ADDRESS}/1`]);
  });

  it('keeps a sane incoming X-Request-Id and echoes it', async () => {
    const res = await request(app).get('/api/stats').set('X-Request-Id', 'lb-4711.trace');
    expect(res.headers['x-request-id']).toBe('lb-4711.trace');
    const line = log.lines.map((l) => JSON.parse(l) as LogLine).find((l) => l.req?.id === 'lb-4711.trace');
    expect(line?.res?.statusCode).toBe(200);
  });

  it('logs a failed request once, on one error line with the stack, without the data of the failed write', async () => {
    const before = log.lines.length;
    const res = await request(broken).post('/api/contact').set('Origin', OWN_ORIGIN).send(contact);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: 'Internal server error' });
    const written = log.lines.slice(before);
    const text = written.join('');
    for (const secret of PERSONAL) expect(text).not.toContain(secret);
    const lines = written.map((l) => JSON.parse(l) as LogLine);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 50,
      req: { id: res.headers['x-request-id'], method: 'POST', path: '/api/contact' },
      res: { statusCode: 500 },
      err: { message: 'duplicate key value violates unique constraint "contact_email"', code: '23505', detail: REDACTED, params: REDACTED },
    });
    expect(line?.err?.stack).toMatch(/^Error: duplicate key value[\s\S]*\n\s+at /);
  });
});
