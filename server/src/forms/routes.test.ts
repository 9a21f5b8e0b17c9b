import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import type { ContactRequest } from '@kb/contracts';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { openPostgres } from '../db/postgres';
import { createLogger } from '../logger';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testConfig } from '../testing/app';
import type { AlertNotifier } from './alerts';
import { listContacts, listSubscribers } from './repository';

const OWN_ORIGIN = 'http://localhost:3000';

const message: ContactRequest = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  companyName: '',
  phone: '',
  email: 'ayse@example.org',
  category: 'feedback',
  description: 'Sitenizi çok faydalı buldum, teşekkürler.',
};

function app(db: Database, env: Record<string, string> = {}, alerts?: AlertNotifier): Express {
  return createApp({ config: testConfig(env), db, logger: createLogger('silent'), alerts });
}

async function count(db: Database, table: 'contact_messages' | 'newsletter_subscribers'): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? -1;
}

describe.each(testBackends)('the forms API ($name)', (backend) => {
  let db: Database;
  let site: Express;
  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
    site = app(db, { RATE_LIMIT_FORMS_PER_MINUTE: '100000' });
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec('DELETE FROM contact_messages; DELETE FROM newsletter_subscribers;');
  });

  describe('POST /api/contact', () => {
    it('stores a valid message exactly as typed and answers { success: true }', async () => {
      const hostile = { ...message, companyName: 'Ünal & Şürekâ <Ltd>', phone: '+90 (532) 123-45-67', description: '<script>alert("İ ı 🌙")</script>\r\n  spaces kept  ' };
      const res = await request(site).post('/api/contact').set('Origin', OWN_ORIGIN).send(hostile);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const [stored] = await listContacts(db);
      expect(stored).toMatchObject(hostile);
    });

    it.each([
      ['firstName', 'A', 'First name must be at least 2 characters'],
      ['firstName', '', 'First name is required'],
      ['firstName', 'x'.repeat(51), 'Maximum 50 characters'],
      ['lastName', 'B', 'Last name must be at least 2 characters'],
      ['lastName', 'y'.repeat(51), 'Maximum 50 characters'],
      ['companyName', 'c'.repeat(101), 'Maximum 100 characters'],
      ['phone', '0532 123 45 67', 'Please enter a valid phone number'],
      ['phone', '+12345678901234567', 'Please enter a valid phone number'],
      ['phone', '+90 532 12a', 'Please enter a valid phone number'],
      ['email', '', 'Email is required'],
      ['email', 'ayse@', 'Please enter a valid email address'],
      ['email', `${'a'.repeat(244)}@example.org`, 'Maximum 255 characters'],
      ['category', '', 'Please select a category'],
      ['category', 'other', 'Please select a category'],
      ['description', '', 'Description is required'],
      ['description', '123456789', 'Description must be at least 10 characters'],
      ['description', 'd'.repeat(1001), 'Maximum 1000 characters'],
    ])('refuses %s = %j with 400 and "%s"', async (field, value, text) => {
      const res = await request(site).post('/api/contact').send({ ...message, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: expect.stringContaining(field), fields: { [field]: text } });
      expect(await count(db, 'contact_messages')).toBe(0);
    });

    it.each([
      ['firstName', 'Al'],
      ['firstName', 'x'.repeat(50)],
      ['lastName', 'Öz'],
      ['lastName', 'y'.repeat(50)],
      ['companyName', 'c'.repeat(100)],
      ['phone', '+1234567890123456'],
      ['phone', '1234567890123456'],
      ['phone', '(0090) 532-123'.replace('(0090)', '(90)')],
      ['email', `${'a'.repeat(243)}@example.org`],
      ['description', '1234567890'],
      ['description', 'd'.repeat(1000)],
    ])('accepts %s at its limit (%j)', async (field, value) => {
      const res = await request(site).post('/api/contact').send({ ...message, [field]: value });
      expect(res.body).toEqual({ success: true });
      expect((await listContacts(db))[0]).toMatchObject({ [field]: value });
    });

    it('accepts the optional fields absent', async () => {
      const { companyName: _c, phone: _p, ...required } = message;
      expect((await request(site).post('/api/contact').send(required)).body).toEqual({ success: true });
      expect((await listContacts(db))[0]).toMatchObject({ companyName: '', phone: '' });
    });

    it('refuses unknown fields, wrong types and text that cannot be stored with 400', async () => {
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ ...message, isAdmin: true }, { isAdmin: 'Unknown field' }],
        [{ ...message, firstName: 42 }, { firstName: 'Must be text' }],
        [{ ...message, description: ['a', 'b'] }, { description: 'Must be text' }],
        [{ ...message, description: 'nul byte \u0000 inside' }, { description: 'This text contains characters that cannot be stored' }],
        [{ ...message, description: 'lone surrogate \ud800 inside' }, { description: 'This text contains characters that cannot be stored' }],
      ];
      for (const [body, fields] of cases) {
        const res = await request(site).post('/api/contact').send(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, error: expect.any(String), fields });
      }
      for (const body of [[message], 'text', 42, null]) {
        const res = await request(site).post('/api/contact').set('Content-Type', 'application/json').send(JSON.stringify(body));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, error: expect.any(String) });
      }
      expect(await count(db, 'contact_messages')).toBe(0);
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const res = await request(site).post('/api/contact').send({ ...message, website: 'http://spam.example' });
      expect(res.body).toEqual({ success: true });
      expect(await count(db, 'contact_messages')).toBe(0);
      expect((await request(site).post('/api/contact').send({ ...message, website: '' })).body).toEqual({ success: true });
      expect(await count(db, 'contact_messages')).toBe(1);
    });
  });

  describe('POST /api/newsletter', () => {
    it('stores one row per address whatever its letter case, and succeeds each time', async () => {
      for (const email of ['Reader@Example.org', 'reader@example.org', '  READER@example.ORG  ']) {
        const res = await request(site).post('/api/newsletter').set('Origin', OWN_ORIGIN).send({ email });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true });
      }
      const subscribers = await listSubscribers(db);
      expect(subscribers.map((s) => s.email)).toEqual(['Reader@Example.org']);
      expect(subscribers[0]?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('refuses a missing, invalid or too long address with the rule in `fields`', async () => {
      const cases: [unknown, string][] = [
        [{}, 'Email is required'],
        [{ email: '   ' }, 'Email is required'],
        [{ email: 'not an address' }, 'Please enter a valid email address'],
        [{ email: `${'a'.repeat(244)}@example.org` }, 'Maximum 255 characters'],
        [{ email: ['a@b.co'] }, 'Must be text'],
      ];
      for (const [body, text] of cases) {
        const res = await request(site).post('/api/newsletter').send(body as object);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ success: false, error: expect.any(String), fields: { email: text } });
      }
      const at255 = `${'a'.repeat(243)}@example.org`;
      expect((await request(site).post('/api/newsletter').send({ email: at255 })).body).toEqual({ success: true });
      expect(await count(db, 'newsletter_subscribers')).toBe(1);
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const res = await request(site).post('/api/newsletter').send({ email: 'bot@example.org', website: 'x' });
      expect(res.body).toEqual({ success: true });
      expect(await count(db, 'newsletter_subscribers')).toBe(0);
    });
  });

  it('answers bad requests with the API error shape and its status', async () => {
    for (const route of ['/api/newsletter', '/api/contact']) {
      const malformed = await request(site).post(route).set('Content-Type', 'application/json').send('{"email": ');
      expect([malformed.status, malformed.body]).toEqual([400, { success: false, error: 'The request body is not valid JSON' }]);
      const form = await request(site).post(route).type('form').send('email=a%40b.co');
      expect([form.status, form.body]).toEqual([415, { success: false, error: expect.any(String) }]);
      const large = await request(site).post(route).send({ ...message, description: 'd'.repeat(17 * 1024) });
      expect([large.status, large.body]).toEqual([413, { success: false, error: 'The request body is too large' }]);
      const foreign = await request(site).post(route).set('Origin', 'https://evil.example').send({ email: 'a@b.co' });
      expect([foreign.status, foreign.body]).toEqual([403, { success: false, error: expect.any(String) }]);
    }
    expect(await count(db, 'contact_messages')).toBe(0);
    expect(await count(db, 'newsletter_subscribers')).toBe(0);
  });

  it('has no route that returns stored messages or addresses', async () => {
    await request(site).post('/api/contact').send(message);
    await request(site).post('/api/newsletter').send({ email: 'secret@example.org' });
    for (const url of ['/api/contact', '/api/newsletter', '/api/contact/1', '/api/newsletter?email=secret@example.org', '/api/subscribers', '/api/export']) {
      const res = await request(site).get(url);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/secret@|ayse@/);
    }
  });

  describe('unsubscribe', () => {
    async function subscribedToken(email: string): Promise<string> {
      await request(site).post('/api/newsletter').send({ email });
      const token = (await listSubscribers(db)).find((s) => s.email === email)?.token;
      if (!token) throw new Error('not subscribed');
      return token;
    }

    it('asks for confirmation on GET (changing nothing) and unsubscribes on POST, once', async () => {
      const token = await subscribedToken('leaving@example.org');
      const page = await request(site).get(`/unsubscribe?token=${token}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('Unsubscribe from the newsletter');
      expect(page.text).toContain('Bülten aboneliğinden çık');
      expect(page.text).toContain('<form method="post" action="/unsubscribe">');
      expect(page.text).not.toContain('leaving@example.org');
      expect(page.headers['referrer-policy']).toBe('same-origin');
      expect(await count(db, 'newsletter_subscribers')).toBe(1);

      const done = await request(site).post('/unsubscribe').set('Origin', OWN_ORIGIN).type('form').send({ token });
      expect(done.status).toBe(200);
      expect(done.text).toContain('You have been unsubscribed');
      expect(done.text).toContain('Bülten aboneliğiniz sonlandırıldı');
      expect(await count(db, 'newsletter_subscribers')).toBe(0);

      const again = await request(site).post('/unsubscribe').type('form').send({ token });
      expect(again.status).toBe(404);
      expect(again.text).toContain('not valid or has already been used');
      expect((await request(site).get(`/unsubscribe?token=${token}`)).status).toBe(404);
    });

    it('refuses unknown tokens and foreign origins', async () => {
      const token = await subscribedToken('staying@example.org');
      expect((await request(site).get('/unsubscribe')).status).toBe(404);
      expect((await request(site).get('/unsubscribe?token=abc')).status).toBe(404);
      const foreign = await request(site).post('/unsubscribe').set('Origin', 'https://evil.example').type('form').send({ token });
      expect(foreign.status).toBe(403);
      expect(await count(db, 'newsletter_subscribers')).toBe(1);
    });
  });

  it('rate-limits every unsubscribe route and answers 429 with the error shape', async () => {
    await db.exec("DELETE FROM rate_limits WHERE limiter = 'unsubscribe'");
    const limited = app(db, { RATE_LIMIT_FORMS_PER_MINUTE: '2' });
    expect((await request(limited).get('/unsubscribe?token=abc')).status).toBe(404);
    expect((await request(limited).post('/unsubscribe').type('form').send({ token: 'abc' })).status).toBe(404);
    for (const res of [
      await request(limited).get('/unsubscribe?token=abc'),
      await request(limited).head('/unsubscribe?token=abc'),
      await request(limited).post('/unsubscribe').type('form').send({ token: 'abc' }),
    ]) {
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      if (res.request.method === 'HEAD') continue;
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ success: false, error: 'Too many form requests; try again in a minute' });
    }
    await db.exec("DELETE FROM rate_limits WHERE limiter = 'unsubscribe'");
  });

  it('keeps an acknowledged message through a server restart', async () => {
    let first: Database;
    let reopen: () => Promise<Database>;
    if (backend.name === 'pglite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-forms-restart-'));
      const open = (): Promise<Database> => openDatabase({ dataDir: dir, databaseUrl: undefined });
      first = await open();
      await migrate(first);
      reopen = open;
    } else {
      // Same PostgreSQL schema through a new pool: what a restarted server would see.
      const rows = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
      const schema = rows[0]?.schema ?? '';
      const url = process.env.TEST_DATABASE_URL ?? '';
      first = openPostgres({ connectionString: url, schema, max: 2 });
      reopen = () => Promise.resolve(openPostgres({ connectionString: url, schema, max: 2 }));
    }
    // The suite's posts from this client count on the same database: the same generous limit.
    const res = await request(app(first, { RATE_LIMIT_FORMS_PER_MINUTE: '100000' })).post('/api/contact').send({ ...message, description: 'Kept across a restart, byte for byte: ğüşiöç İI' });
    expect(res.body).toEqual({ success: true });
    await first.close();
    const second = await reopen();
    try {
      const stored = await listContacts(second);
      expect(stored.map((m) => m.description)).toContain('Kept across a restart, byte for byte: ğüşiöç İI');
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('form rate limits', () => {
  let db: Database;
  beforeAll(async () => {
    const [backend] = testBackends;
    if (!backend) throw new Error('no backend');
    db = await openTestDatabase(backend, false);
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });
  // Counts live in the database and every app on it shares them: each test starts unspent.
  beforeEach(async () => {
    await db.exec('DELETE FROM rate_limits');
  });

  it('answers 429 once a client has spent RATE_LIMIT_FORMS_PER_MINUTE', async () => {
    const site = app(db, { RATE_LIMIT_FORMS_PER_MINUTE: '2' });
    expect((await request(site).post('/api/newsletter').send({ email: 'a@example.org' })).status).toBe(200);
    expect((await request(site).post('/api/contact').send(message)).status).toBe(200);
    const limited = await request(site).post('/api/newsletter').send({ email: 'b@example.org' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: expect.stringMatching(/too many/i) });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts each client behind a load balancer apart with TRUST_PROXY, and the balancer as one without', async () => {
    const behind = app(db, { RATE_LIMIT_FORMS_PER_MINUTE: '1', TRUST_PROXY: '1' });
    const from = (ip: string) => request(behind).post('/api/newsletter').set('X-Forwarded-For', ip).send({ email: `${ip}@example.org` });
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.2')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(429);

    const direct = app(db, { RATE_LIMIT_FORMS_PER_MINUTE: '1' });
    const spoof = (ip: string) => request(direct).post('/api/newsletter').set('X-Forwarded-For', ip).send({ email: `x${ip}@example.org` });
    expect((await spoof('198.51.100.1')).status).toBe(200);
    expect((await spoof('198.51.100.2')).status).toBe(429);
  });
});
