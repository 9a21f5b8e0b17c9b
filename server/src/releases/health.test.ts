import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testConfig } from '../testing/app';
import { createRemoteHealth, type RemoteHealthChecker } from './health';
import { createReleaseRegistry, type ReleaseRegistry } from './registry';
import { manifestText, remoteEntryText, writeRemoteBuild } from '../testing/remote-builds';
import type { RemoteName } from '@kb/contracts';

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** A fake production build of a remote that passes verification, as webpack leaves it in `<workspace>/dist`. */
function build(root: string, workspace: string, name: RemoteName, version: string): void {
  writeRemoteBuild(path.join(root, workspace, 'dist'), name, version);
  if (name === 'assistant') write(root, `${workspace}/dist/assistant/index.html`, '<p>frame</p>');
}

describe.each(testBackends)('GET /healthz/remotes ($name)', (backend) => {
  let db: Database;
  let root: string;
  let registry: ReleaseRegistry;
  let health: RemoteHealthChecker;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
  }, 120_000);
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.exec('DELETE FROM remote_canaries; DELETE FROM remote_activations; DELETE FROM remote_releases;');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-health-'));
    const releasesDir = path.join(root, 'releases');
    registry = createReleaseRegistry({ db, webRoot: root, releasesDir });
    health = createRemoteHealth({ registry, logger: createLogger('silent') });
    const config = testConfig({ WEB_ROOT: root, RELEASES_DIR: releasesDir });
    app = createApp({ config, db, logger: createLogger('silent'), remoteHealth: health });
  });
  afterEach(() => health.stop());

  it('answers 503 "unchecked" before the first check', async () => {
    const res = await request(app).get('/healthz/remotes');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unchecked', checkedAt: null, releases: [] });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 200 with each active release ok, and 503 naming the file once remoteEntry.js is gone', async () => {
    build(root, 'remote-knowledge', 'knowledge', '0.1.0-1a2b3c4d');
    build(root, 'remote-assistant', 'assistant', '0.1.0-000000a1');
    await registry.syncCurrentBuilds();
    await health.checkNow();

    const good = await request(app).get('/healthz/remotes');
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({
      status: 'ok',
      releases: [
        { name: 'assistant', version: '0.1.0-000000a1', role: 'active', state: 'ok' },
        { name: 'knowledge', version: '0.1.0-1a2b3c4d', role: 'active', state: 'ok' },
      ],
    });

    fs.rmSync(path.join(registry.releaseDir('knowledge', '0.1.0-1a2b3c4d'), 'remoteEntry.js'));
    // Not checked per request: the answer changes only once a check has run.
    expect((await request(app).get('/healthz/remotes')).status).toBe(200);
    await health.checkNow();
    const bad = await request(app).get('/healthz/remotes');
    expect(bad.status).toBe(503);
    expect(bad.body.status).toBe('failing');
    expect(bad.body.releases).toEqual([
      expect.objectContaining({ name: 'assistant', state: 'ok' }),
      expect.objectContaining({
        name: 'knowledge',
        version: '0.1.0-1a2b3c4d',
        state: 'failing',
        problem: 'remoteEntry.js is missing',
      }),
    ]);
    // Readiness stays about the database and the corpus.
    expect((await request(app).get('/readyz')).body).not.toHaveProperty('releases');
  });

  it("checks a running canary beside the active release, and drops it once it ends", async () => {
    build(root, 'remote-forms', 'forms', '0.1.0-00000001');
    await registry.syncCurrentBuilds();
    build(root, 'remote-forms', 'forms', '0.1.0-00000002');
    await registry.publish('forms');
    await registry.startCanary('forms', '0.1.0-00000002', 50);
    fs.rmSync(path.join(registry.releaseDir('forms', '0.1.0-00000002'), 'remoteEntry.js'));
    expect((await health.checkIfChanged())?.status).toBe('failing');
    const res = await request(app).get('/healthz/remotes');
    expect(res.status).toBe(503);
    expect(res.body.releases).toEqual([
      expect.objectContaining({ name: 'forms', version: '0.1.0-00000002', role: 'canary', state: 'failing', problem: 'remoteEntry.js is missing' }),
      expect.objectContaining({ name: 'forms', version: '0.1.0-00000001', role: 'active', state: 'ok' }),
    ]);
    await registry.rollback('forms');
    expect((await health.checkIfChanged())?.releases).toEqual([
      expect.objectContaining({ name: 'forms', version: '0.1.0-00000001', role: 'active', state: 'ok' }),
    ]);
  });

  it('follows a rollback: the release now active is the one checked', async () => {
    build(root, 'remote-forms', 'forms', '0.1.0-00000001');
    await registry.syncCurrentBuilds();
    build(root, 'remote-forms', 'forms', '0.1.0-00000002');
    await registry.syncCurrentBuilds();
    fs.rmSync(path.join(registry.releaseDir('forms', '0.1.0-00000002'), 'mf-manifest.json'));
    await health.checkNow();
    expect((await request(app).get('/healthz/remotes')).status).toBe(503);
    await registry.rollback('forms');
    await health.checkNow();
    const res = await request(app).get('/healthz/remotes');
    expect(res.status).toBe(200);
    expect(res.body.releases).toEqual([expect.objectContaining({ name: 'forms', version: '0.1.0-00000001', state: 'ok' })]);
  });

  it('checks again as soon as the watch sees an activation, and not while nothing changed', async () => {
    build(root, 'remote-forms', 'forms', '0.1.0-00000001');
    await registry.syncCurrentBuilds();
    expect((await health.checkIfChanged())?.status).toBe('ok');
    expect(await health.checkIfChanged()).toBeUndefined();

    build(root, 'remote-forms', 'forms', '0.1.0-00000002');
    await registry.publish('forms');
    fs.rmSync(path.join(registry.releaseDir('forms', '0.1.0-00000002'), 'remoteEntry.js'));
    expect(await health.checkIfChanged()).toBeUndefined(); // published, not live: nothing to check
    // Forced past verification, as an operator may: the health check still sees the gap.
    await registry.activate('forms', '0.1.0-00000002', { force: true });
    expect((await health.checkIfChanged())?.status).toBe('failing');
    const res = await request(app).get('/healthz/remotes');
    expect(res.status).toBe(503);
    expect(res.body.releases).toEqual([
      expect.objectContaining({ version: '0.1.0-00000002', state: 'failing', problem: 'remoteEntry.js is missing' }),
    ]);
  });

  it('checks a release hosted on a CDN by asking the CDN', async () => {
    let missing = '';
    const cdn = http.createServer((req, res) => {
      res.statusCode = req.url?.endsWith(missing) && missing !== '' ? 404 : 200;
      res.end(req.url?.endsWith('mf-manifest.json') ? manifestText('knowledge') : req.url?.endsWith('remoteEntry.js') ? remoteEntryText('knowledge') : 'x');
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/kb/knowledge/0.1.0-0000cd11`;
      build(root, 'remote-knowledge', 'knowledge', '0.1.0-0000cd11');
      await registry.publish('knowledge', { baseUrl: base });
      await registry.activate('knowledge', '0.1.0-0000cd11');
      await health.checkNow();
      expect((await request(app).get('/healthz/remotes')).status).toBe(200);
      missing = '/remoteEntry.js';
      await health.checkNow();
      const res = await request(app).get('/healthz/remotes');
      expect(res.status).toBe(503);
      expect(res.body.releases[0].problem).toBe(`${base}/remoteEntry.js answered 404`);
    } finally {
      await new Promise((resolve) => cdn.close(resolve));
    }
  });
});
