import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express, { type Express } from 'express';
import request, { type Response } from 'supertest';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { createReleaseRegistry } from '../releases/registry';
import { openTestDatabase, testBackends } from '../testing/databases';
import { manifestText, remoteEntryText } from '../testing/remote-builds';
import { testApp } from '../testing/app';
import { releaseOriginsOf, securityHeaders } from './security';

/** The site's policy over HTTP with no preview allowlist and no CDN release; `N` stands for the response's nonce. */
const SITE_POLICY =
  "default-src 'self'; base-uri 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'nonce-N'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; worker-src 'self'; " +
  "form-action 'self'; frame-ancestors 'self'; object-src 'none'";

/** ReDoc's: the site's with inline styles allowed and no nonce (which would switch 'unsafe-inline' off). */
const REDOC_POLICY =
  "default-src 'self'; base-uri 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; worker-src 'self'; " +
  "form-action 'self'; frame-ancestors 'self'; object-src 'none'";

const NONCE = /'nonce-([A-Za-z0-9+/]+=*)'/;
const NONCE_META = /<meta property="csp-nonce" nonce="([A-Za-z0-9+/]+=*)">/;

function policy(res: Response): string {
  const header = res.headers['content-security-policy'];
  if (typeof header !== 'string') throw new Error(`no Content-Security-Policy on ${res.status}`);
  return header;
}

/** The policy with its nonce replaced by `N`, to compare with the constants above. */
function shape(res: Response): string {
  return policy(res).replace(NONCE, "'nonce-N'");
}

function directive(res: Response, name: string): string[] {
  const found = policy(res)
    .split('; ')
    .find((d) => d.split(' ')[0] === name);
  return found ? found.split(' ').slice(1) : [];
}

function sha256(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** A web root with a shell page, the assistant's frame page and a knowledge remote build. */
function webRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-security-'));
  write(root, 'shell/dist/index.html', '<!doctype html><html lang="en"><head><title>Shell</title></head><body><div id="root"></div></body></html>');
  write(root, 'remote-assistant/dist/assistant/index.html', '<!doctype html><html><head><title>Assistant</title></head><body></body></html>');
  write(root, 'remote-assistant/dist/release.json', '{"name":"assistant","version":"0.1.0-5e6f7a8b"}');
  write(root, 'remote-assistant/dist/mf-manifest.json', manifestText('assistant'));
  write(root, 'remote-assistant/dist/remoteEntry.js', remoteEntryText('assistant'));
  write(root, 'remote-knowledge/dist/release.json', '{"name":"knowledge","version":"0.1.0-1a2b3c4d"}');
  write(root, 'remote-knowledge/dist/mf-manifest.json', manifestText('knowledge'));
  write(root, 'remote-knowledge/dist/remoteEntry.js', remoteEntryText('knowledge'));
  return root;
}

describe('security headers of the site', () => {
  let db: Database;
  let root: string;
  let releasesDir: string;
  let app: Express;

  beforeAll(async () => {
    const [backend] = testBackends;
    if (!backend) throw new Error('no test database backend');
    db = await openTestDatabase(backend, false);
    root = webRoot();
    releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-security-releases-'));
    // The assistant release (its frame page) is served from the site; nothing is on a CDN yet.
    await createReleaseRegistry({ db, webRoot: root, releasesDir }).publish('assistant');
    await createReleaseRegistry({ db, webRoot: root, releasesDir }).activate('assistant', '0.1.0-5e6f7a8b');
    app = testApp(db, { WEB_ROOT: root, RELEASES_DIR: releasesDir });
  }, 120_000);
  afterAll(() => db.close());

  it.each(['/', '/chat', '/no/such/page', '/assistant/'])(
    'gives the page %s the site policy with a nonce that its document carries',
    async (url) => {
      const res = await request(app).get(url);
      expect([200, 404]).toContain(res.status);
      expect(shape(res)).toBe(SITE_POLICY);
      const nonce = NONCE.exec(policy(res))?.[1];
      expect(NONCE_META.exec(res.text)?.[1]).toBe(nonce);
      // The element comes first in <head>, before anything that could create a style.
      expect(res.text).toMatch(/<head><meta property="csp-nonce" nonce="[^"]+">/);
    },
  );

  it('uses a new nonce for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await request(app).get('/');
      const nonce = NONCE.exec(policy(res))?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/); // 16 random bytes
      expect(NONCE_META.exec(res.text)?.[1]).toBe(nonce);
      nonces.add(nonce ?? '');
    }
    expect(nonces.size).toBe(5);
  });

  it('gives /docs the site policy (Swagger UI needs nothing more) and /redoc inline styles only', async () => {
    expect(shape(await request(app).get('/docs'))).toBe(SITE_POLICY);
    expect(shape(await request(app).get('/redoc'))).toBe(REDOC_POLICY);
  });

  it('gives an API answer the site policy too', async () => {
    const res = await request(app).get('/api/sources?lang=en');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(shape(res)).toBe(SITE_POLICY);
  });

  it.each(['/', '/assistant/', '/docs', '/redoc', '/read/quran/999%3A1', '/unsubscribe?token=x', '/api/sources', '/openapi.json'])(
    'never allows eval, inline scripts or inline event handlers on %s, and inline styles only on /redoc',
    async (url) => {
      const res = await request(app).get(url);
      expect(policy(res)).not.toContain('unsafe-eval');
      expect(directive(res, 'script-src')).not.toContain("'unsafe-inline'");
      expect(directive(res, 'script-src-attr')).toEqual(["'none'"]);
      expect(directive(res, 'object-src')).toEqual(["'none'"]);
      expect(directive(res, 'frame-ancestors')).toEqual(["'self'"]);
      if (url !== '/redoc') expect(directive(res, 'style-src')).not.toContain("'unsafe-inline'");
    },
  );

  it.each([
    ['a reading page', '/read/quran/999%3A1', 404],
    ['the unsubscribe page', '/unsubscribe?token=not-a-token', 404],
  ])('allows the fixed style sheet of %s by its hash', async (_name, url, status) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(status);
    const styles = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(styles).toHaveLength(1);
    expect(directive(res, 'style-src')).toContain(sha256(styles[0] ?? ''));
  });

  it('sends the other headers: referrer, sniffing, framing, permissions; no HSTS over HTTP', async () => {
    const res = await request(app).get('/');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const permissions = res.headers['permissions-policy'] ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(permissions).toContain(`${feature}=()`);
    }
    // The assistant's Copy button writes to the clipboard.
    expect(permissions).not.toContain('clipboard-write');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(policy(res)).not.toContain('upgrade-insecure-requests');
  });

  it('sends HSTS and upgrades requests when the public origin is HTTPS', async () => {
    const secure = testApp(db, { WEB_ROOT: root, RELEASES_DIR: releasesDir, PUBLIC_ORIGIN: 'https://kb.example.org' });
    const res = await request(secure).get('/');
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(shape(res)).toBe(`${SITE_POLICY}; upgrade-insecure-requests`);
  });

  it('lets /preview frame and PDF.js download from the preview allowlist', async () => {
    const allowing = testApp(db, {
      WEB_ROOT: root,
      RELEASES_DIR: releasesDir,
      PREVIEW_ALLOWED_ORIGINS: 'https://docs.example.org',
    });
    const res = await request(allowing).get('/preview');
    expect(directive(res, 'frame-src')).toEqual(["'self'", 'https://docs.example.org']);
    expect(directive(res, 'connect-src')).toEqual(["'self'", 'https://docs.example.org']);
    expect(directive(res, 'script-src')).toEqual(["'self'"]);
  });

  it("allows the origin of a release published on a CDN for scripts, the manifest's fetch and PDF.js's worker", async () => {
    await createReleaseRegistry({ db, webRoot: root, releasesDir }).publish('knowledge', {
      baseUrl: 'https://cdn.example.net/kb/knowledge/0.1.0-1a2b3c4d',
      force: true, // no CDN answers in tests: past verification, which registry.test.ts covers
    });
    try {
      const res = await request(testApp(db, { WEB_ROOT: root, RELEASES_DIR: releasesDir })).get('/');
      expect(directive(res, 'script-src')).toEqual(["'self'", 'https://cdn.example.net']);
      expect(directive(res, 'connect-src')).toEqual(["'self'", 'https://cdn.example.net']);
      expect(directive(res, 'worker-src')).toEqual(["'self'", 'blob:']);
      expect(directive(res, 'style-src')).toEqual(["'self'", expect.stringMatching(NONCE)]);
    } finally {
      await db.exec("DELETE FROM remote_releases WHERE name = 'knowledge'");
    }
  });

  it('serves ReDoc without its one address outside the site', async () => {
    const res = await request(app).get('/redoc/assets/redoc.standalone.js');
    expect(res.status).toBe(200);
    expect(res.text.length).toBeGreaterThan(500_000);
    expect(res.text).not.toContain('https://cdn.redoc.ly');
  });
});

describe('release origins in the policy', () => {
  function site(releaseBaseUrls: () => Promise<readonly (string | null)[]>, ttl = 60_000): Express {
    const app = express();
    app.use(
      securityHeaders({
        publicOrigin: 'http://localhost:3000',
        previewAllowedOrigins: [],
        releaseBaseUrls,
        logger: createLogger('silent'),
        releaseOriginsTtlMs: ttl,
      }),
    );
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    return app;
  }

  it('keeps the distinct origins of base URLs, leaving out releases served here and malformed URLs', () => {
    expect(
      releaseOriginsOf([
        'https://cdn.example.net/kb/knowledge/1',
        null,
        'https://cdn.example.net/kb/forms/2',
        'http://assets.example.org:8080/x',
        'not a url',
      ]),
    ).toEqual(['http://assets.example.org:8080', 'https://cdn.example.net']);
  });

  it('reads the registry once per interval, not once per request', async () => {
    let reads = 0;
    const app = site(async () => {
      reads += 1;
      return ['https://cdn.example.net/kb/knowledge/1'];
    });
    for (let i = 0; i < 5; i++) {
      const res = await request(app).get('/');
      expect(directive(res, 'script-src')).toEqual(["'self'", 'https://cdn.example.net']);
    }
    expect(reads).toBe(1);
  });

  it('answers with the origins it read last while a new read waits on a busy database', async () => {
    let reads = 0;
    const app = site(() => {
      reads += 1;
      // The first read answers; every later one waits as long as a database busy with a costly query.
      return reads === 1 ? Promise.resolve(['https://cdn.example.net/kb/knowledge/1']) : new Promise(() => undefined);
    }, 0);
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get('/');
      expect(res.status).toBe(200);
      expect(directive(res, 'script-src')).toEqual(["'self'", 'https://cdn.example.net']);
    }
    expect(reads).toBe(2);
  });

  it('keeps the last origins it read when the registry cannot be read, and tries again later', async () => {
    let fail = false;
    let reads = 0;
    const app = site(async () => {
      reads += 1;
      if (fail) throw new Error('database unreachable');
      return ['https://cdn.example.net/kb/knowledge/1'];
    }, 0);
    expect(directive(await request(app).get('/'), 'script-src')).toEqual(["'self'", 'https://cdn.example.net']);
    fail = true;
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(directive(res, 'script-src')).toEqual(["'self'", 'https://cdn.example.net']);
    fail = false;
    await request(app).get('/');
    expect(reads).toBe(3);
  });
});
