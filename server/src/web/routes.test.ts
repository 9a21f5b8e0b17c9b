import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import type { Express } from 'express';
import { SHELL_ROUTES } from '@kb/contracts';
import type { Database } from '../db/database';
import { createReleaseRegistry } from '../releases/registry';
import { openTestDatabase, testBackends } from '../testing/databases';
import { manifestText, remoteEntryText } from '../testing/remote-builds';
import { testApp } from '../testing/app';

const INDEX =
  '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div><script src="/static/js/main.1a2b3c4d.js"></script></body></html>';
const FRAME = '<!doctype html><html><head></head><body>assistant frame</body></html>';
const NONCE_META = /<meta property="csp-nonce" nonce="([A-Za-z0-9+/]+=*)">/;

/** A served page without the CSP nonce the server writes into it (checked to match the header's). */
function withoutNonce(res: { text: string; headers: Record<string, string> }): string {
  const nonce = NONCE_META.exec(res.text)?.[1];
  expect(nonce).toBeDefined();
  expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  return res.text.replace(NONCE_META, '');
}

function write(root: string, file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

function webRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-web-'));
  write(root, 'shell/dist/index.html', INDEX);
  write(root, 'shell/dist/static/js/main.1a2b3c4d.js', 'console.log("shell")');
  write(root, 'shell/dist/static/js/main.1a2b3c4d.js.br', zlib.brotliCompressSync('console.log("shell")'));
  write(root, 'shell/dist/favicon.ico', 'icon');
  // A build's precompressed copies of its pages, which carry no nonce and must never be sent.
  write(root, 'shell/dist/index.html.br', zlib.brotliCompressSync(INDEX));
  write(root, 'remote-assistant/dist/assistant/index.html.gz', zlib.gzipSync(FRAME));
  write(root, 'remote-assistant/dist/assistant/index.html', FRAME);
  write(root, 'remote-assistant/dist/assistant/frame.5e6f7a8b.js', 'console.log("frame")');
  write(root, 'remote-assistant/dist/release.json', '{"name":"assistant","version":"0.1.0-5e6f7a8b"}');
  write(root, 'remote-assistant/dist/mf-manifest.json', manifestText('assistant'));
  write(root, 'remote-assistant/dist/remoteEntry.js', remoteEntryText('assistant'));
  return root;
}

describe('front-end hosting', () => {
  let app: Express;
  let db: Database;
  beforeAll(async () => {
    const [backend] = testBackends;
    if (!backend) throw new Error('no test database backend');
    db = await openTestDatabase(backend, false);
    const root = webRoot();
    const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-web-releases-'));
    // The assistant frame app is served from the active assistant release.
    await createReleaseRegistry({ db, webRoot: root, releasesDir }).syncCurrentBuilds();
    app = testApp(db, { WEB_ROOT: root, RELEASES_DIR: releasesDir });
  }, 120_000);
  afterAll(() => db.close());

  it.each(SHELL_ROUTES)('serves the shell for %s (200, no-cache)', async (route) => {
    const res = await request(app).get(route);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(withoutNonce(res)).toBe(INDEX);
  });

  it("writes the response's nonce into its page, never sending a build's precompressed copy", async () => {
    for (const [url, page] of [
      ['/', INDEX],
      ['/index.html', INDEX],
      ['/assistant/', FRAME],
      ['/assistant/index.html', FRAME],
    ] as const) {
      const res = await request(app).get(url).set('Accept-Encoding', 'gzip, br');
      expect(res.status).toBe(200);
      expect(withoutNonce(res)).toBe(page);
    }
    const first = NONCE_META.exec((await request(app).get('/')).text)?.[1];
    const second = NONCE_META.exec((await request(app).get('/')).text)?.[1];
    expect(first).not.toBe(second);
  });

  it('serves the shell for a route with a query string or a trailing slash', async () => {
    expect((await request(app).get('/search?q=sab%C4%B1r')).status).toBe(200);
    expect((await request(app).get('/chat/')).status).toBe(200);
  });

  it.each(['/nope', '/knowledge/extra', '/project/about/x'])(
    'serves the shell page with status 404 for an unknown route %s',
    async (route) => {
      const res = await request(app).get(route);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(withoutNonce(res)).toBe(INDEX);
    },
  );

  it('serves content-hashed shell assets as immutable and other files with revalidation', async () => {
    const asset = await request(app).get('/static/js/main.1a2b3c4d.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.text).toBe('console.log("shell")');
    const icon = await request(app).get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's brotli copy of an asset to a browser that accepts it", async () => {
    const res = await request(app).get('/static/js/main.1a2b3c4d.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.text).toBe('console.log("shell")');
  });

  it.each(['/static/js/missing.js', '/missing.png', '/assistant/missing.js'])(
    'answers a missing file %s with a plain 404',
    async (file) => {
      const res = await request(app).get(file);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    },
  );

  it('serves the assistant frame app under /assistant/', async () => {
    const page = await request(app).get('/assistant/index.html');
    expect(page.status).toBe(200);
    expect(withoutNonce(page)).toBe(FRAME);
    expect(page.headers['cache-control']).toBe('no-cache');
    const folder = await request(app).get('/assistant/');
    expect(folder.status).toBe(200);
    expect(withoutNonce(folder)).toBe(FRAME);
    const script = await request(app).get('/assistant/frame.5e6f7a8b.js');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bare = await request(app).get('/assistant?x=1');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/assistant/?x=1');
  });

  it('never serves files outside the build', async () => {
    const res = await request(app).get('/static/..%2F..%2F..%2Fpackage.json');
    expect(res.status).not.toBe(200);
    const dot = await request(app).get('/%2e%2e/%2e%2e/package.json');
    expect(dot.status).not.toBe(200);
  });

  it('answers other methods on pages with 404', async () => {
    expect((await request(app).post('/').send('x')).status).toBe(404);
  });

  it('says so when the shell has not been built', async () => {
    const empty = testApp(db, { WEB_ROOT: fs.mkdtempSync(path.join(os.tmpdir(), 'kb-web-')) });
    const res = await request(empty).get('/');
    expect(res.status).toBe(503);
    expect(res.text).toMatch(/npm run build/);
  });
});
