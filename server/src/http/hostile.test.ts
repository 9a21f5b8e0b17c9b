import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { createHttpServer } from './server.js';
import type { Express } from 'express';
import type { ContactRequest } from '@kb/contracts';
import { QURAN_IMPORTS } from '../corpus/catalog';
import type { Database } from '../db/database';
import { exportText } from '../forms/commands';
import { testApp } from '../testing/app';
import { noDatabase, openTestDatabase, testBackends } from '../testing/databases';

/**
 * Hostile input against every POST route and every query parameter the site reads (the routes
 * of `openapi/document.ts`), one table. Each case states its exact outcome: a 4xx with the
 * `{ success: false, error }` shape for input that is invalid, a normal answer for text that is
 * valid however hostile (stored byte for byte and exported identically), never a 5xx; the
 * server still answers afterwards and `Object.prototype` is untouched.
 */

const OWN_ORIGIN = 'http://localhost:3000';
const PUBLIC_ORIGIN = OWN_ORIGIN;

// Hostile but valid text: stored and answered as typed, never run.
const SCRIPT = '<script>window.__pwned=1</script>';
const IMG = '<img src=x onerror="window.__pwned=1">';
const SQL = "' OR 1=1; DROP TABLE contact_messages; --";
const RTL = 'invoice\u202Eexe.pdf and more';
const ZERO_WIDTH = 'zero\u200Bwidth\u200Djoiner\u200C\uFEFFnbsp\u00A0end';
const EMOJI = 'family 👨‍👩‍👧 moon 🌙 İıŞşĞğ ﷺ';
const JS_URL = 'javascript:window.__pwned=1//see me';
const TEMPLATE = '${7*7} {{7*7}} #{7*7} <%= 7*7 %>';
const QUOTES = 'He said "hi", then \\ left;\r\nnew line\ttab';
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const PROTO_TEXT = '__proto__ constructor prototype';
// Invalid text: cannot be stored.
const NUL = 'before\u0000after text';
const LONE_HIGH = 'before\uD800after text';
const LONE_LOW = 'before\uDC00after text';
const HUGE = 'x'.repeat(100_000);

const contact: ContactRequest = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  companyName: '',
  phone: '',
  email: 'ayse@example.org',
  category: 'feedback',
  description: 'A normal message of some length.',
};

type Expected =
  /** 4xx JSON `{ success: false, error }` (error matching `error` when given). */
  | { status: number; kind: 'error'; error?: RegExp }
  /** 200 `{ success: true }` and the form stored exactly (checked through the export). */
  | { status: 200; kind: 'stored'; contact?: ContactRequest; email?: string }
  /** 200 `{ success: true }`, nothing stored (honeypot). */
  | { status: 200; kind: 'ok' }
  /** 200 search results echoing the query as typed (trimmed). */
  | { status: 200; kind: 'search'; query: string }
  /** 200 JSON answer object. */
  | { status: 200; kind: 'answer' }
  /** 200 Server-Sent Events ending with `done`. */
  | { status: 200; kind: 'stream' }
  /** 200 JSON that is not an error (verses, stats, sources, site). */
  | { status: 200; kind: 'json' }
  /** An HTML page with that status that shows no markup from the request. */
  | { status: number; kind: 'html' }
  /** A plain-text status line (outside /api). */
  | { status: number; kind: 'text' }
  /** Node's HTTP parser refuses the request line before the app sees it; the site's server answers 431 with the error shape. */
  | { status: 431; kind: 'refused' };

interface Case {
  name: string;
  method: 'GET' | 'POST';
  /** Path with its query string, already encoded. */
  path: string;
  /** JSON value (serialized with JSON.stringify, which escapes NUL and lone surrogates) or raw text. */
  json?: unknown;
  raw?: string;
  /** Content-Type of a raw body. */
  type?: string;
  origin?: string;
  accept?: string;
  expect: Expected;
}

const q = (params: Record<string, string | string[]>): string =>
  Object.entries(params)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`))
    .join('&');

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const invalid = (status: number, error?: RegExp): Expected => ({ status, kind: 'error', error });

const storedContact = (name: string, change: Partial<ContactRequest>): Case => {
  const body = { ...contact, ...change };
  return { name: `contact stores ${name}`, method: 'POST', path: '/api/contact', json: body, expect: { status: 200, kind: 'stored', contact: body } };
};
const badContact = (name: string, change: Record<string, unknown>, status = 400, error?: RegExp): Case => ({
  name: `contact refuses ${name}`,
  method: 'POST',
  path: '/api/contact',
  json: { ...contact, ...change },
  expect: invalid(status, error),
});
const badNewsletter = (name: string, body: unknown, status = 400, error?: RegExp): Case => ({
  name: `newsletter refuses ${name}`,
  method: 'POST',
  path: '/api/newsletter',
  json: body,
  expect: invalid(status, error),
});
const ask = (name: string, body: unknown, expect: Expected, accept?: string): Case => ({
  name: `ask ${name}`,
  method: 'POST',
  path: '/api/ask',
  json: body,
  accept,
  expect,
});
const searchFor = (text: string): Case => ({
  name: `search answers ${JSON.stringify(text).slice(0, 40)}`,
  method: 'GET',
  path: `/api/search?${q({ q: text })}`,
  expect: { status: 200, kind: 'search', query: text.trim() },
});
const get = (name: string, path: string, expect: Expected): Case => ({ name, method: 'GET', path, expect });

const HOSTILE_TEXTS = [SCRIPT, IMG, SQL, RTL, ZERO_WIDTH, EMOJI, JS_URL, TEMPLATE, QUOTES, FORMULA, PROTO_TEXT];

const CASES: Case[] = [
  // POST /api/contact: hostile text is stored as typed.
  ...HOSTILE_TEXTS.map((text, i) => storedContact(`description ${i + 1}`, { description: text })),
  storedContact('hostile names, company and phone', { firstName: '<b>Ali</b>', lastName: RTL.slice(0, 20), companyName: SQL, phone: '+90 (532) 123-45-67' }),
  storedContact("an address with an apostrophe", { email: "o'reilly+tag@example.org" }),
  // POST /api/contact: input that cannot be stored or breaks the rules.
  badContact('a NUL byte', { description: NUL }, 400, /description/),
  badContact('a lone high surrogate', { description: LONE_HIGH }, 400, /description/),
  badContact('a lone low surrogate in a name', { firstName: LONE_LOW.slice(0, 20) }, 400, /firstName/),
  badContact('a number where text belongs', { firstName: 12345 }, 400, /firstName/),
  badContact('an array where text belongs', { description: ['a long enough text', 'x'] }, 400, /description/),
  badContact('an object where text belongs', { email: { $gt: '' } }, 400, /email/),
  badContact('a number as category', { category: 1 }, 400, /category/),
  badContact('a boolean as phone', { phone: true }, 400, /phone/),
  badContact('null for a required field', { lastName: null }, 400, /lastName/),
  badContact('an unknown field', { isAdmin: true }, 400, /isAdmin/),
  badContact('markup in the e-mail address', { email: `x@example.org${SCRIPT}` }, 400, /email/),
  badContact('a description over 1000 characters', { description: 'd'.repeat(1001) }, 400, /description/),
  badContact('a 100 000-character description', { description: HUGE }, 413),
  { name: 'contact refuses a __proto__ key', method: 'POST', path: '/api/contact', raw: `{"__proto__":{"polluted":"yes"},${JSON.stringify(contact).slice(1)}`, type: 'application/json', expect: invalid(400, /__proto__/) },
  badContact('a constructor key', { constructor: { prototype: { polluted: 'yes' } } }, 400, /constructor/),
  { name: 'contact refuses a deeply nested body', method: 'POST', path: '/api/contact', json: { ...contact, extra: nested(50) }, expect: invalid(400, /nested too deeply/) },
  { name: 'contact refuses 7000 levels of arrays', method: 'POST', path: '/api/contact', raw: `${'['.repeat(7000)}${']'.repeat(7000)}`, type: 'application/json', expect: invalid(400, /nested too deeply/) },
  { name: 'contact refuses a JSON array body', method: 'POST', path: '/api/contact', json: [contact], expect: invalid(400) },
  { name: 'contact refuses a bare JSON string', method: 'POST', path: '/api/contact', raw: '"hello"', type: 'application/json', expect: invalid(400, /not valid JSON/) },
  { name: 'contact refuses malformed JSON', method: 'POST', path: '/api/contact', raw: '{"firstName": "Ay', type: 'application/json', expect: invalid(400, /not valid JSON/) },
  { name: 'contact refuses text/plain', method: 'POST', path: '/api/contact', raw: JSON.stringify(contact), type: 'text/plain', expect: invalid(415) },
  { name: 'contact refuses a urlencoded form', method: 'POST', path: '/api/contact', raw: 'firstName=Ay%C5%9Fe&lastName=Y', type: 'application/x-www-form-urlencoded', expect: invalid(415) },
  { name: 'contact refuses multipart', method: 'POST', path: '/api/contact', raw: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n', type: 'multipart/form-data; boundary=b', expect: invalid(415) },
  { name: 'contact refuses JSON in Latin-1', method: 'POST', path: '/api/contact', raw: '{}', type: 'application/json; charset=iso-8859-1', expect: invalid(415, /charset/) },
  { name: 'contact refuses UTF-8 bytes declared as UTF-16', method: 'POST', path: '/api/contact', raw: JSON.stringify(contact), type: 'application/json; charset=utf-16', expect: invalid(400, /not valid JSON/) },
  { name: 'contact refuses a body without a content type', method: 'POST', path: '/api/contact', expect: invalid(415) },
  { name: 'contact refuses a foreign origin', method: 'POST', path: '/api/contact', json: contact, origin: 'https://evil.example', expect: invalid(403) },
  // POST /api/newsletter
  { name: 'newsletter stores an address with an apostrophe', method: 'POST', path: '/api/newsletter', json: { email: "o'reilly+tag@example.org" }, expect: { status: 200, kind: 'stored', email: "o'reilly+tag@example.org" } },
  { name: 'newsletter takes a hostile honeypot and stores nothing', method: 'POST', path: '/api/newsletter', json: { email: 'bot@example.org', website: SCRIPT }, expect: { status: 200, kind: 'ok' } },
  badNewsletter('a NUL byte', { email: 'a\u0000b@example.org' }, 400, /email/),
  badNewsletter('a lone surrogate', { email: 'a\uD800@example.org' }, 400, /email/),
  badNewsletter('a number', { email: 42 }, 400, /email/),
  badNewsletter('an array', { email: ['a@example.org', 'b@example.org'] }, 400, /email/),
  badNewsletter('an operator object', { email: { $ne: null } }, 400, /email/),
  badNewsletter('SQL in the address', { email: `${SQL}@example.org` }, 400, /email/),
  badNewsletter('markup in the address', { email: `x@example.org${IMG}` }, 400, /email/),
  badNewsletter('a numeric honeypot', { email: 'a@example.org', website: 1 }, 400, /website/),
  badNewsletter('a 100 000-character address', { email: `${HUGE}@example.org` }, 413),
  badNewsletter('a prototype key', { email: 'a@example.org', prototype: {} }, 400, /prototype/),
  { name: 'newsletter refuses a __proto__ key', method: 'POST', path: '/api/newsletter', raw: '{"email":"a@example.org","__proto__":{"isAdmin":true}}', type: 'application/json', expect: invalid(400, /__proto__/) },
  { name: 'newsletter refuses text/html', method: 'POST', path: '/api/newsletter', raw: SCRIPT, type: 'text/html', expect: invalid(415) },
  { name: 'newsletter refuses null', method: 'POST', path: '/api/newsletter', raw: 'null', type: 'application/json', expect: invalid(400) },
  // POST /api/ask: hostile questions are answered normally (JSON and stream).
  ...[SCRIPT, IMG, SQL, RTL, ZERO_WIDTH, EMOJI, JS_URL, TEMPLATE, '!!! & | ( ) :* <-> \\ % _', '???', 'patience <script>'].map((text) =>
    ask(`answers ${JSON.stringify(text).slice(0, 40)}`, { question: text, lang: 'en' }, { status: 200, kind: 'answer' }),
  ),
  ask('streams an answer to a hostile question', { question: `${IMG} mercy`, lang: 'tr' }, { status: 200, kind: 'stream' }, 'text/event-stream'),
  ask('refuses a NUL byte', { question: NUL, lang: 'en' }, invalid(400, /question/)),
  ask('refuses a lone surrogate', { question: LONE_HIGH, lang: 'en' }, invalid(400, /question/)),
  ask('refuses a number', { question: 7, lang: 'en' }, invalid(400, /question/)),
  ask('refuses an array', { question: ['a', 'b'], lang: 'en' }, invalid(400, /question/)),
  ask('refuses an object', { question: { toString: 'x' }, lang: 'en' }, invalid(400, /question/)),
  ask('refuses an unknown language', { question: 'mercy', lang: '<script>' }, invalid(400, /lang/)),
  ask('refuses a language array', { question: 'mercy', lang: ['en'] }, invalid(400, /lang/)),
  ask('refuses markup as source', { question: 'mercy', lang: 'en', source: SCRIPT }, invalid(400, /source/)),
  ask('refuses a number as source', { question: 'mercy', lang: 'en', source: 3 }, invalid(400, /source/)),
  ask('refuses a question over 1000 characters', { question: 'q'.repeat(1001), lang: 'en' }, invalid(400, /question/)),
  ask('refuses a 100 000-character question', { question: HUGE, lang: 'en' }, invalid(413)),
  ask('refuses a constructor key', { question: 'mercy', lang: 'en', constructor: { prototype: { x: 1 } } }, invalid(400, /constructor/)),
  ask('refuses a deeply nested body', { question: 'mercy', lang: 'en', extra: nested(9) }, invalid(400, /nested too deeply/)),
  { name: 'ask refuses a __proto__ key', method: 'POST', path: '/api/ask', raw: '{"question":"mercy","lang":"en","__proto__":{"polluted":1}}', type: 'application/json', expect: invalid(400, /__proto__/) },
  { name: 'ask refuses text/plain', method: 'POST', path: '/api/ask', raw: 'mercy', type: 'text/plain', expect: invalid(415) },
  { name: 'ask refuses a foreign origin', method: 'POST', path: '/api/ask', json: { question: 'mercy', lang: 'en' }, origin: 'null', expect: invalid(403) },
  { name: 'ask refuses a repeated query parameter', method: 'POST', path: '/api/ask?source=a&source=b', json: { question: 'mercy', lang: 'en' }, expect: invalid(400, /source/) },
  // GET /api/search: every parameter.
  ...[...HOSTILE_TEXTS.filter((t) => t.length <= 200), '!!! & | ( ) :* <-> \\ % _', "' OR '1'='1", '  mercy  ', 'a:*|b&!c'].map(searchFor),
  get('search refuses a NUL byte in q', `/api/search?${q({ q: NUL })}`, invalid(400, /q /)),
  get('search refuses q given twice', `/api/search?${q({ q: ['a', 'b'] })}`, invalid(400, /q must be given once/)),
  get('search refuses q over 200 characters', `/api/search?${q({ q: 'q'.repeat(201) })}`, invalid(400, /at most 200/)),
  get('search refuses a 10 000-character q', `/api/search?${q({ q: 'q'.repeat(10_000) })}`, invalid(400, /at most 200/)),
  get('search refuses a missing q (q[] is another parameter)', '/api/search?q[]=mercy', invalid(400, /q is required/)),
  get('search refuses blank q', `/api/search?${q({ q: '   ' })}`, invalid(400, /q is required/)),
  get('search refuses markup as lang', `/api/search?${q({ q: 'mercy', lang: SCRIPT })}`, invalid(400, /lang/)),
  get('search refuses lang given twice', `/api/search?${q({ q: 'mercy', lang: ['en', 'tr'] })}`, invalid(400, /lang/)),
  get('search refuses SQL as source', `/api/search?${q({ q: 'mercy', source: SQL })}`, invalid(400, /source/)),
  get('search refuses a word as limit', `/api/search?${q({ q: 'mercy', limit: 'ten' })}`, invalid(400, /limit/)),
  get('search refuses a negative limit', `/api/search?${q({ q: 'mercy', limit: '-1' })}`, invalid(400, /limit/)),
  get('search refuses an exponent as limit', `/api/search?${q({ q: 'mercy', limit: '1e3' })}`, invalid(400, /limit/)),
  get('search refuses a huge limit', `/api/search?${q({ q: 'mercy', limit: '99999999999999999999999' })}`, invalid(400, /limit/)),
  get('search refuses a hex offset', `/api/search?${q({ q: 'mercy', offset: '0x10' })}`, invalid(400, /offset/)),
  get('search refuses offset given twice', `/api/search?${q({ q: 'mercy', offset: ['1', '2'] })}`, invalid(400, /offset/)),
  get('search ignores unknown and __proto__ parameters', `/api/search?${q({ q: 'mercy', ['__proto__']: 'x', constructor: 'y' })}`, { status: 200, kind: 'search', query: 'mercy' }),
  get('search: Node refuses a 100 000-character query string', `/api/search?${q({ q: HUGE })}`, { status: 431, kind: 'refused' }),
  // GET /api/sources, /api/verses, /api/stats, /api/site
  get('sources refuses markup as lang', `/api/sources?${q({ lang: SCRIPT })}`, invalid(400, /lang/)),
  get('sources refuses lang constructor', '/api/sources?lang=constructor', invalid(400, /lang/)),
  get('sources refuses lang given twice', '/api/sources?lang=en&lang=tr', invalid(400)),
  get('verses refuses markup as surah', `/api/verses/${encodeURIComponent(SCRIPT)}/1`, invalid(400, /surah/)),
  get('verses refuses a NUL in the ayah', '/api/verses/1/1%00', invalid(400, /ayah/)),
  get('verses refuses an exponent', '/api/verses/1e2/1', invalid(400, /surah/)),
  get('verses refuses a huge ayah', '/api/verses/2/99999999999999', invalid(400, /ayah/)),
  get('verses refuses markup as translations', `/api/verses/1/1?${q({ translations: IMG })}`, invalid(400, /translations/)),
  get('verses refuses translations given twice', '/api/verses/1/1?translations=en&translations=tr', invalid(400)),
  get('verses answers a plain verse', '/api/verses/1/1?translations=en,tr', { status: 200, kind: 'json' }),
  get('stats ignores a hostile parameter', `/api/stats?${q({ x: SCRIPT })}`, { status: 200, kind: 'json' }),
  get('site ignores a hostile parameter', `/api/site?${q({ lang: SQL })}`, { status: 200, kind: 'json' }),
  get('unknown API route with markup', `/api/${encodeURIComponent(SCRIPT)}`, invalid(404)),
  // Pages: /read and /unsubscribe
  get('read shows a hostile reference as text', `/read/quran/${encodeURIComponent(SCRIPT)}`, { status: 404, kind: 'html' }),
  get('read shows a hostile source as text', `/read/${encodeURIComponent(IMG)}/1:1`, { status: 404, kind: 'html' }),
  get('read refuses markup as lang', `/read/quran/1:1?${q({ lang: SCRIPT })}`, { status: 400, kind: 'html' }),
  get('read refuses lang given twice', '/read/quran/1:1?lang=en&lang=tr', { status: 400, kind: 'html' }),
  get('read refuses a NUL in the reference', '/read/quran/1:1%00', { status: 404, kind: 'html' }),
  get('read refuses a lone surrogate in the reference', '/read/quran/%ED%A0%80', { status: 400, kind: 'text' }),
  get('unsubscribe page refuses a hostile token', `/unsubscribe?${q({ token: SCRIPT })}`, { status: 404, kind: 'html' }),
  get('unsubscribe page refuses a token given twice', `/unsubscribe?${q({ token: ['a'.repeat(43), 'b'.repeat(43)] })}`, { status: 404, kind: 'html' }),
  { name: 'unsubscribe refuses SQL as token', method: 'POST', path: '/unsubscribe', raw: `token=${encodeURIComponent(SQL)}`, type: 'application/x-www-form-urlencoded', origin: OWN_ORIGIN, expect: { status: 404, kind: 'html' } },
  { name: 'unsubscribe refuses a JSON body', method: 'POST', path: '/unsubscribe', raw: '{"token":{"$ne":null}}', type: 'application/json', origin: OWN_ORIGIN, expect: { status: 404, kind: 'html' } },
  { name: 'unsubscribe refuses a foreign origin', method: 'POST', path: '/unsubscribe', raw: 'token=x', type: 'application/x-www-form-urlencoded', origin: 'https://evil.example', expect: { status: 403, kind: 'text' } },
];

function send(app: Express, c: Case): request.Test {
  // The site's own server (http/server.ts), so requests Node's parser refuses are answered as in production.
  const server = createHttpServer(app);
  let req = c.method === 'GET' ? request(server).get(c.path) : request(server).post(c.path);
  req = req.set('Origin', c.origin ?? OWN_ORIGIN);
  if (c.accept) req = req.set('Accept', c.accept);
  if (c.json !== undefined) return req.set('Content-Type', 'application/json').send(JSON.stringify(c.json));
  if (c.raw !== undefined) return req.set('Content-Type', c.type ?? 'application/octet-stream').send(c.raw);
  return req;
}

/** True when JSON.stringify escapes some character of `value` (quote, backslash, C0 control). */
function needsJsonEscape(value: string): boolean {
  return [...value].some((ch) => ch === '"' || ch === '\\' || ch.charCodeAt(0) < 0x20);
}

/** The markup of the hostile texts, which no HTML answer may contain as markup. */
const MARKUP = /<script|<img|onerror=|<b>/i;

function check(c: Case, res: request.Response): void {
  const e = c.expect;
  expect({ case: c.name, status: res.status }).toEqual({ case: c.name, status: e.status });
  switch (e.kind) {
    case 'error':
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
      if (e.error) expect(res.body.error).toMatch(e.error);
      break;
    case 'stored':
    case 'ok':
      expect(res.body).toEqual({ success: true });
      break;
    case 'search':
      expect(res.body).toMatchObject({ query: e.query, hits: expect.any(Array) });
      for (const hit of res.body.hits as { highlight: string }[]) expect(hit.highlight).not.toMatch(/<(?!\/?mark>)/);
      break;
    case 'answer':
      expect(res.body).toMatchObject({ answer: expect.any(String), citations: expect.any(Array), refused: expect.any(Boolean) });
      break;
    case 'stream':
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.text).toMatch(/^event: done$/m);
      expect(res.text).not.toMatch(/^event: error$/m);
      break;
    case 'json':
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).not.toHaveProperty('success', false);
      break;
    case 'html':
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).not.toMatch(MARKUP);
      break;
    case 'text':
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).not.toMatch(MARKUP);
      break;
    case 'refused':
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({ success: false, error: expect.stringMatching(/too large/) });
      break;
  }
}

it('has at least 50 cases and covers every POST route and query parameter', () => {
  expect(CASES.length).toBeGreaterThanOrEqual(50);
  expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  const covered = CASES.map((c) => `${c.method} ${c.path}`).join('\n');
  for (const route of ['POST /api/contact', 'POST /api/newsletter', 'POST /api/ask', 'POST /unsubscribe']) expect(covered).toContain(route);
  for (const param of ['search?q=', '&lang=', '&source=', '&limit=', '&offset=', 'sources?lang=', '?translations=', '/read/quran/1:1?lang=', 'unsubscribe?token=']) {
    expect(covered).toContain(param);
  }
});

describe.each(testBackends)('hostile input ($name)', (backend) => {
  let db: Database;
  let app: Express;
  let prototypeBefore: string[];
  beforeAll(async () => {
    db = await openTestDatabase(backend, { surahs: [1, 2], imports: QURAN_IMPORTS.filter((i) => ['ar', 'en', 'tr'].includes(i.lang)) });
    app = testApp(db, {
      RATE_LIMIT_FORMS_PER_MINUTE: '100000',
      RATE_LIMIT_ASK_PER_MINUTE: '100000',
      RATE_LIMIT_READ_PER_MINUTE: '100000',
    });
    prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    check(c, await send(app, c));
  });

  it('exports every stored contact message exactly as sent (JSON byte for byte, CSV cell for cell)', async () => {
    const sent = CASES.flatMap((c) => (c.expect.kind === 'stored' && c.expect.contact ? [c.expect.contact] : []));
    expect(sent.length).toBeGreaterThanOrEqual(12);
    const json = await exportText(db, 'contacts', 'json', PUBLIC_ORIGIN);
    const rows = JSON.parse(json) as Record<string, unknown>[];
    const csv = parse(await exportText(db, 'contacts', 'csv', PUBLIC_ORIGIN), { bom: true, columns: true }) as Record<string, string>[];
    const bytes = Buffer.from(json, 'utf8');
    const fields = ['firstName', 'lastName', 'companyName', 'phone', 'email', 'category', 'description'] as const;
    for (const message of sent) {
      const same = (row: Record<string, unknown>): boolean => fields.every((f) => row[f] === (message[f] ?? ''));
      expect(rows.filter(same)).toHaveLength(1);
      for (const f of fields) {
        const value = message[f] ?? '';
        // The JSON file holds the value as JSON.stringify writes it; text needing no escape is there in raw UTF-8.
        expect(bytes.includes(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
        if (!needsJsonEscape(value)) expect(bytes.includes(Buffer.from(value, 'utf8'))).toBe(true);
      }
      // CSV: the same text, except that a cell a spreadsheet would run as a formula starts with '.
      const csvSame = (row: Record<string, string>): boolean =>
        fields.every((f) => {
          const value = message[f] ?? '';
          return row[f] === (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
        });
      expect(csv.filter(csvSame)).toHaveLength(1);
    }
    expect(rows).toHaveLength(sent.length);
  });

  it('exports the stored subscription exactly and nothing from the honeypot', async () => {
    const rows = JSON.parse(await exportText(db, 'subscribers', 'json', PUBLIC_ORIGIN)) as { email: string }[];
    expect(rows.map((r) => r.email)).toEqual(["o'reilly+tag@example.org"]);
  });

  it('leaves Object.prototype untouched and the server answering', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const health = await request(app).get('/healthz');
    expect(health.status).toBe(200);
    const search = await request(app).get('/api/search?q=mercy');
    expect(search.status).toBe(200);
  });
});

describe('a request with two Host headers', () => {
  /** Sends raw request bytes to the site's server over `app` and returns the whole answer. */
  async function raw(app: Express, bytes: string): Promise<{ status: number; type: string; body: string }> {
    const server = createHttpServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1', () => socket.write(bytes));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
      const head = text.slice(0, text.indexOf('\r\n\r\n'));
      return {
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
        type: /^content-type: (.*)$/im.exec(head)?.[1] ?? '',
        body: text.slice(text.indexOf('\r\n\r\n') + 4),
      };
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
  const twoHosts = (path: string): string =>
    `GET ${path} HTTP/1.1\r\nHost: localhost:3000\r\nHost: evil.example\r\nConnection: close\r\n\r\n`;

  it('gets 400 with the error shape under /api and a plain 400 elsewhere; one Host is served', async () => {
    const app = testApp(noDatabase());
    const api = await raw(app, twoHosts('/api/site'));
    expect(api.status).toBe(400);
    expect(api.type).toMatch(/^application\/json/);
    expect(JSON.parse(api.body)).toEqual({ success: false, error: 'The request has more than one Host header' });
    const page = await raw(app, twoHosts('/healthz'));
    expect(page.status).toBe(400);
    expect(page.type).toMatch(/^text\/plain/);
    expect(page.body).toBe('Bad request');
    const one = await raw(app, 'GET /healthz HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n');
    expect(one.status).toBe(200);
  });
});
