import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { RemoteName, RemotesManifest } from '@kb/contracts';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { fakeOrigin, manifestText, remoteEntryText } from '../testing/remote-builds';
import { createReleaseRegistry, type ReleaseRegistry } from './registry';

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** A fake production build of a remote, as webpack leaves it in `<workspace>/dist`. */
function build(root: string, workspace: string, name: RemoteName, version: string, label = version): void {
  fs.rmSync(path.join(root, workspace, 'dist'), { recursive: true, force: true });
  write(root, `${workspace}/dist/release.json`, JSON.stringify({ name, version }));
  write(root, `${workspace}/dist/mf-manifest.json`, manifestText(name, label));
  write(root, `${workspace}/dist/remoteEntry.js`, remoteEntryText(name, label));
  write(root, `${workspace}/dist/123.9f8e7d6c.js`, 'var chunk;');
  write(root, `${workspace}/dist/123.9f8e7d6c.js.map`, '{"version":3,"sources":["secret.ts"]}');
  // An asset module webpack names by its hash alone, like the PDF.js worker.
  write(root, `${workspace}/dist/f80e59db57edadfe5744.mjs`, 'var worker;');
  if (name === 'assistant') write(root, `${workspace}/dist/assistant/index.html`, `<p>frame ${label}</p>`);
}

describe.each(testBackends)('remote releases over HTTP ($name)', (backend) => {
  let db: Database;
  let root: string;
  let registry: ReleaseRegistry;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
  }, 120_000);
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.exec('DELETE FROM remote_canaries; DELETE FROM remote_activations; DELETE FROM remote_releases;');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-remotes-'));
    const releasesDir = path.join(root, 'releases');
    const cdn = 'https://cdn.example.org/kb/knowledge/0.1.0-0000cd11';
    const fetch = fakeOrigin({
      [`${cdn}/mf-manifest.json`]: manifestText('knowledge', 'cdn'),
      [`${cdn}/remoteEntry.js`]: remoteEntryText('knowledge', 'cdn'),
    });
    registry = createReleaseRegistry({ db, webRoot: root, releasesDir, fetch });
    app = testApp(db, { WEB_ROOT: root, RELEASES_DIR: releasesDir });
  });

  it('lists no remotes before any release is published', async () => {
    const res = await request(app).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ remotes: [] });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists the active release of each remote, pointing at its manifest, in the contract order', async () => {
    build(root, 'remote-forms', 'forms', '0.1.0-00000001');
    build(root, 'remote-knowledge', 'knowledge', '0.1.0-1a2b3c4d');
    await registry.syncCurrentBuilds();
    const body: RemotesManifest = {
      remotes: [
        { name: 'knowledge', version: '0.1.0-1a2b3c4d', entry: '/remotes/knowledge/0.1.0-1a2b3c4d/mf-manifest.json' },
        { name: 'forms', version: '0.1.0-00000001', entry: '/remotes/forms/0.1.0-00000001/mf-manifest.json' },
      ],
    };
    expect((await request(app).get('/remotes.json')).body).toEqual(body);
  });

  it('serves published releases with the right caching, and 404 for anything else', async () => {
    build(root, 'remote-forms', 'forms', '0.1.0-1a2b3c4d');
    await registry.syncCurrentBuilds();
    const manifest = await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/123.9f8e7d6c.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/remotes/forms/0.1.0-00000000/mf-manifest.json',
      '/remotes/shell/0.1.0-1a2b3c4d/mf-manifest.json',
      '/remotes/forms/0.1.0-1a2b3c4d/missing.js',
      '/remotes/forms',
    ]) {
      expect((await request(app).get(url)).status).toBe(404);
    }
    const escape = await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/..%2F..%2Freleases');
    expect(escape.status).not.toBe(200);
    const worker = await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/f80e59db57edadfe5744.mjs');
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps source maps from the public unless PUBLIC_SOURCE_MAPS is true', async () => {
    build(root, 'remote-forms', 'forms', '0.1.0-1a2b3c4d');
    await registry.syncCurrentBuilds();
    const map = '/remotes/forms/0.1.0-1a2b3c4d/123.9f8e7d6c.js.map';
    const hidden = await request(app).get(map);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toBe('Not found');
    expect(fs.existsSync(path.join(root, 'releases', 'forms', '0.1.0-1a2b3c4d', '123.9f8e7d6c.js.map'))).toBe(true);
    const open = testApp(db, { WEB_ROOT: root, RELEASES_DIR: path.join(root, 'releases'), PUBLIC_SOURCE_MAPS: 'true' });
    const shown = await request(open).get(map);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('secret.ts');
  });

  it('switches on rollback with no restart, and keeps serving the old release files', async () => {
    build(root, 'remote-knowledge', 'knowledge', '0.1.0-00000001', 'first');
    await registry.syncCurrentBuilds();
    build(root, 'remote-knowledge', 'knowledge', '0.1.0-00000002', 'second');
    await registry.syncCurrentBuilds();
    expect((await request(app).get('/remotes.json')).body.remotes[0].version).toBe('0.1.0-00000002');
    await registry.rollback('knowledge');
    expect((await request(app).get('/remotes.json')).body.remotes[0].version).toBe('0.1.0-00000001');
    const entry = await request(app).get('/remotes/knowledge/0.1.0-00000002/remoteEntry.js');
    expect(entry.text).toContain('second');
  });

  it('points a release hosted on another origin at that origin', async () => {
    build(root, 'remote-knowledge', 'knowledge', '0.1.0-0000cd11');
    await registry.publish('knowledge', { baseUrl: 'https://cdn.example.org/kb/knowledge/0.1.0-0000cd11/' });
    await registry.activate('knowledge', '0.1.0-0000cd11');
    expect((await request(app).get('/remotes.json')).body.remotes).toEqual([
      {
        name: 'knowledge',
        version: '0.1.0-0000cd11',
        entry: 'https://cdn.example.org/kb/knowledge/0.1.0-0000cd11/mf-manifest.json',
      },
    ]);
    // Not copied here: this server does not serve it.
    expect((await request(app).get('/remotes/knowledge/0.1.0-0000cd11/remoteEntry.js')).status).toBe(404);
  });

  it('serves /assistant/ from the active assistant release', async () => {
    build(root, 'remote-assistant', 'assistant', '0.1.0-000000a1', 'A1');
    await registry.syncCurrentBuilds();
    build(root, 'remote-assistant', 'assistant', '0.1.0-000000a2', 'A2');
    await registry.syncCurrentBuilds();
    expect((await request(app).get('/assistant/index.html')).text).toContain('frame A2');
    await registry.rollback('assistant');
    expect((await request(app).get('/assistant/index.html')).text).toContain('frame A1');
  });

  it("answers a canary's release to its share of buckets and the active one to the others", async () => {
    build(root, 'remote-knowledge', 'knowledge', '0.1.0-00000001');
    await registry.syncCurrentBuilds();
    build(root, 'remote-knowledge', 'knowledge', '0.1.0-00000002');
    await registry.publish('knowledge');
    await registry.startCanary('knowledge', '0.1.0-00000002', 50);
    const versionFor = async (url: string): Promise<string | undefined> => {
      const res = await request(app).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return (res.body as RemotesManifest).remotes[0]?.version;
    };
    expect(await versionFor('/remotes.json?bucket=90')).toBe('0.1.0-00000002');
    expect(await versionFor('/remotes.json?bucket=10')).toBe('0.1.0-00000001');
    expect(await versionFor('/remotes.json')).toBe('0.1.0-00000001');
    for (const bad of ['100', '-1', 'abc', '4.5', '']) {
      const res = await request(app).get(`/remotes.json?bucket=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'bucket must be a whole number from 0 to 99' });
    }
    expect((await request(app).get('/remotes.json?bucket=1&bucket=2')).status).toBe(400);
  });

  it("serves each published assistant release's frame at /assistant/<version>/, and /assistant/ from the active one", async () => {
    build(root, 'remote-assistant', 'assistant', '0.1.0-000000a1', 'A1');
    await registry.syncCurrentBuilds();
    build(root, 'remote-assistant', 'assistant', '0.1.0-000000a2', 'A2');
    await registry.publish('assistant');
    await registry.startCanary('assistant', '0.1.0-000000a2', 50);
    const canary = await request(app).get('/assistant/0.1.0-000000a2/index.html');
    expect(canary.status).toBe(200);
    expect(canary.text).toContain('frame A2');
    expect(canary.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/assistant/0.1.0-000000a2/')).text).toContain('frame A2');
    expect((await request(app).get('/assistant/0.1.0-000000a1/index.html')).text).toContain('frame A1');
    expect((await request(app).get('/assistant/index.html')).text).toContain('frame A1');
    expect((await request(app).get('/assistant/0.1.0-0000ffff/index.html')).status).toBe(404);
    await registry.promote('assistant');
    expect((await request(app).get('/assistant/index.html')).text).toContain('frame A2');
  });
});
