import { execFileSync } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import Ajv2020 from 'ajv/dist/2020';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { openApiDocument } from './document';

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
  slash?: boolean;
}

/** Every route the app serves, as `METHOD /path/{param}`, found by walking Express's router stacks. */
function expressRoutes(app: Express): string[] {
  const found = new Set<string>();
  const walk = (stack: readonly Layer[], prefix: string): void => {
    for (const layer of stack) {
      if (layer.route) {
        for (const p of [layer.route.path].flat()) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') found.add(`${method.toUpperCase()} ${`${prefix}${p === '/' ? '' : p}`.replace(/:(\w+)/g, '{$1}') || '/'}`);
          }
        }
      } else if (layer.handle?.stack) {
        const mount = layer.slash || typeof layer.rawPath !== 'string' || layer.rawPath === '/' ? '' : layer.rawPath;
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(router.stack, '');
  return [...found].sort();
}

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };

function documentedRoutes(doc: Doc): string[] {
  return Object.entries(doc.paths)
    .flatMap(([p, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${p}`))
    .sort();
}

describe.each(testBackends)('the OpenAPI document against the app ($name)', (backend) => {
  let db: Database;
  let app: Express;
  const doc = openApiDocument('http://localhost:3000') as unknown as Doc & { components: object };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'https://kb.test/openapi.json', ...doc });

  beforeAll(async () => {
    db = await openTestDatabase(backend, { surahs: [1, 2], chapters: ['John 3'] });
    app = testApp(db);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('is a valid OpenAPI 3.1 document', () => {
    const script = `
      import { Validator } from '@seriousme/openapi-schema-validator';
      let input = '';
      process.stdin.on('data', (c) => (input += c));
      process.stdin.on('end', async () => {
        const result = await new Validator().validate(JSON.parse(input));
        process.stdout.write(JSON.stringify(result));
      });`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.resolve(__dirname, '..', '..'),
      input: JSON.stringify(doc),
    });
    expect(JSON.parse(out.toString())).toEqual({ valid: true });
  });

  it('describes exactly the routes Express serves', () => {
    expect(documentedRoutes(doc)).toEqual(expressRoutes(app));
  });

  function validate(route: string, method: string, status: number, body: unknown): void {
    const response = doc.paths[route]?.[method]?.responses[String(status)];
    expect(response).toBeDefined();
    const schema = response?.content?.['application/json']?.schema;
    expect(schema).toBeDefined();
    const check = ajv.compile({ $ref: `https://kb.test/openapi.json#/paths/${route.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}/content/application~1json/schema` });
    const ok = check(body);
    expect(ok ? [] : check.errors).toEqual([]);
  }

  it.each([
    ['/api/search', '/api/search?q=patience&lang=en', 200],
    ['/api/search', '/api/search?q=John%203:16&lang=all', 200],
    ['/api/search', '/api/search?q=', 400],
    ['/api/sources', '/api/sources?lang=tr', 200],
    ['/api/sources', '/api/sources?lang=de', 400],
    ['/api/site', '/api/site', 200],
    ['/api/verses/{surah}/{ayah}', '/api/verses/2/255?translations=en,tr', 200],
    ['/api/verses/{surah}/{ayah}', '/api/verses/2/300', 400],
    ['/api/verses/{surah}/{ayah}', '/api/verses/3/1', 404],
    ['/api/stats', '/api/stats', 200],
    ['/healthz', '/healthz', 200],
    ['/readyz', '/readyz', 200],
    // testApp's health checker never ran: the documented 503 "unchecked".
    ['/healthz/remotes', '/healthz/remotes', 503],
    ['/remotes.json', '/remotes.json', 200],
    ['/remotes.json', '/remotes.json?release=assistant@0.1.0-1a2b3c4d', 200],
    ['/remotes.json', '/remotes.json?release=shell@0.1.0-1a2b3c4d', 400],
  ])('GET %s: %s answers as documented', async (route, url, status) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(status);
    validate(route, 'get', status, res.body);
  });

  it.each([
    ['/api/ask', { question: 'What does the Quran say about patience?', lang: 'en' }, 200],
    ['/api/ask', { question: 'What is the battery life of my phone?', lang: 'en' }, 200],
    ['/api/ask', { question: '', lang: 'en' }, 400],
    ['/api/newsletter', { email: 'not an address' }, 400],
    ['/api/contact', { firstName: 'A' }, 400],
    ['/api/client-events', { type: 'remote-load-failed', remote: 'shell', version: '1.0.0-1a2b3c4d' }, 400],
  ])('POST %s answers as documented (%j)', async (route, body, status) => {
    const res = await request(app).post(route).send(body);
    expect(res.status).toBe(status);
    validate(route, 'post', status, res.body);
  });

  it('serves the document, Swagger UI and ReDoc with every asset from the site', async () => {
    const json = await request(app).get('/openapi.json');
    expect(json.status).toBe(200);
    expect(json.headers['access-control-allow-origin']).toBe('*');
    expect((json.body as { openapi: string }).openapi).toBe('3.1.0');
    for (const pageUrl of ['/docs', '/redoc']) {
      const page = await request(app).get(pageUrl);
      expect(page.status).toBe(200);
      const assets = [...page.text.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(assets.length).toBeGreaterThanOrEqual(2);
      for (const asset of assets) {
        expect(asset.startsWith('/')).toBe(true);
        const res = await request(app).get(asset);
        expect(res.status).toBe(200);
      }
    }
    expect((await request(app).get('/docs/assets/nope.js')).status).toBe(404);
  });

  it.each([
    ['/docs', 'en', '<a href="/?lang=en" lang="en">← Back to the site</a>'],
    ['/redoc?lang=tr', 'tr', '<a href="/?lang=tr" lang="tr">← Siteye dön</a><span lang="tr">API başvuru belgesi yalnızca İngilizcedir.</span>'],
    ['/docs?lang=xx', 'en', '<a href="/?lang=en" lang="en">← Back to the site</a>'],
  ])('%s has a way back to the site in the visitor language (%s)', async (url, _lang, bar) => {
    const page = await request(app).get(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<header class="kb-bar">${bar}</header>`);
    expect(page.text).toContain('<html lang="en">');
  });
});
