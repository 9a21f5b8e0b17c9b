import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { ClientEvent } from '@kb/contracts';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { createReleaseRegistry } from '../releases/registry';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testConfig } from '../testing/app';
import { withQueryMetrics } from './database';
import { startMetricsServer, type MetricsServer } from './server';
import { writeRemoteBuild } from '../testing/remote-builds';

const VERSION = '0.1.0-00000001';

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** The value of one series in a text exposition (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testBackends)('client events and metrics ($name)', (backend) => {
  let db: Database;
  let root: string;
  let metrics: MetricsServer;
  let app: ReturnType<typeof createApp>;

  const scrape = async (): Promise<{ status: number; type: string | null; text: string }> => {
    const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    db = withQueryMetrics(await openTestDatabase(backend, false));
    await db.exec('DELETE FROM remote_activations; DELETE FROM remote_releases; DELETE FROM rate_limits;');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-metrics-'));
    writeRemoteBuild(path.join(root, 'remote-forms', 'dist'), 'forms', VERSION);
    write(root, 'shell/dist/index.html', '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    const releasesDir = path.join(root, 'releases');
    await createReleaseRegistry({ db, webRoot: root, releasesDir }).syncCurrentBuilds();
    const config = testConfig({ WEB_ROOT: root, RELEASES_DIR: releasesDir, RATE_LIMIT_FORMS_PER_MINUTE: '4',
      // Each test is its own client (X-Forwarded-For), so one test's count never spills into another.
      TRUST_PROXY: 'loopback',
    });
    app = createApp({ config, db, logger: createLogger('silent') });
    metrics = await startMetricsServer({ port: 0, logger: createLogger('silent') });
  }, 120_000);
  afterAll(async () => {
    await metrics.close();
    await db.close();
  });

  const send = (body: unknown, ip: string): request.Test =>
    request(app).post('/api/client-events').set('X-Forwarded-For', ip).send(body as object);

  it('counts a failed remote load, per remote and release, and serves it on the metrics port', async () => {
    const series = `kb_remote_load_failures_total{remote="forms",version="${VERSION}"}`;
    const before = sample((await scrape()).text, series) ?? 0;
    const event: ClientEvent = { type: 'remote-load-failed', remote: 'forms', version: VERSION };
    const res = await send(event, '10.0.0.1');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    const after = await scrape();
    expect(after.status).toBe(200);
    expect(after.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(after.text, series)).toBe(before + 1);
    expect(sample(after.text, 'kb_http_requests_total{group="client-events",method="POST",status="204"}')).toBeGreaterThanOrEqual(1);
    expect(after.text).toContain('kb_http_request_duration_seconds_bucket{le="0.005",group="client-events",method="POST"}');
    // The event looked its release up in the database, timed at the Database interface.
    expect(sample(after.text, 'kb_db_query_duration_seconds_count{operation="query"}')).toBeGreaterThanOrEqual(1);
    // prom-client's process metrics come along.
    expect(after.text).toContain('kb_process_cpu_seconds_total');
  });

  it('files a version this server never published under "unpublished"', async () => {
    const series = 'kb_remote_load_failures_total{remote="knowledge",version="unpublished"}';
    const before = sample((await scrape()).text, series) ?? 0;
    const res = await send({ type: 'remote-load-failed', remote: 'knowledge', version: '9.9.9-deadbeef' }, '10.0.0.9');
    expect(res.status).toBe(204);
    const { text } = await scrape();
    expect(sample(text, series)).toBe(before + 1);
    expect(text).not.toContain('9.9.9-deadbeef');
  });

  let refused = 0;
  it.each([
    [{ type: 'page-view', remote: 'forms', version: VERSION }, /Unknown event type/],
    [{ type: 'remote-load-failed', remote: 'shell', version: VERSION }, /Unknown remote/],
    [{ type: 'remote-load-failed', remote: 'forms', version: '../../etc' }, /version must be a release version/],
    [{ type: 'remote-load-failed', remote: 'forms' }, /version must be a release version/],
    [{ type: 'remote-load-failed', remote: 'forms', version: VERSION, email: 'a@b.c' }, /Unknown field "email"/],
    [['remote-load-failed'], /must be a JSON object/],
  ])('refuses %p with 400 in the API error shape', async (body, message) => {
    refused += 1;
    const res = await send(body, `10.0.1.${refused}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(message) });
  });

  it('limits a client to the forms rate, answering 429 in the API error shape', async () => {
    const event: ClientEvent = { type: 'remote-load-failed', remote: 'forms', version: VERSION };
    for (let i = 0; i < 4; i += 1) expect((await send(event, '10.0.0.3')).status).toBe(204);
    const limited = await send(event, '10.0.0.3');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: expect.stringMatching(/Too many form requests/) });
    // Counted apart from the forms themselves: the same client can still write to the institute.
    const contact = await request(app)
      .post('/api/newsletter')
      .set('X-Forwarded-For', '10.0.0.3')
      .send({ email: 'reader@example.org' });
    expect(contact.status).not.toBe(429);
  });

  it("counts the response cache's lookups: a first request misses, the same again hits", async () => {
    // The counters live as long as the module: a suite run per backend sees the earlier run's counts.
    const hits = 'kb_cache_requests_total{cache="stats",result="hit"}';
    const misses = 'kb_cache_requests_total{cache="stats",result="miss"}';
    const before = (await scrape()).text;
    expect((await request(app).get('/api/stats')).headers['x-cache']).toBe('miss');
    expect((await request(app).get('/api/stats')).headers['x-cache']).toBe('hit');
    const { text } = await scrape();
    expect(sample(text, hits)).toBe((sample(before, hits) ?? 0) + 1);
    expect(sample(text, misses)).toBe((sample(before, misses) ?? 0) + 1);
  });

  it('serves nothing but /metrics on the metrics port', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('does not serve the metrics on the site port: /metrics is an unknown page there', async () => {
    const res = await request(app).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).not.toContain('kb_http_requests_total');
  });
});
