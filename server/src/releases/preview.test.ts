import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { RemoteName, RemotesManifest } from '@kb/contracts';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { fakeOrigin, manifestText, remoteEntryText } from '../testing/remote-builds';
import { createReleasePreview } from './preview';
import { createReleaseRegistry, type ReleaseRegistry } from './registry';

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** A fake production build of a remote, as webpack leaves it in `<workspace>/dist`. */
function build(root: string, workspace: string, name: RemoteName, version: string): void {
  fs.rmSync(path.join(root, workspace, 'dist'), { recursive: true, force: true });
  write(root, `${workspace}/dist/release.json`, JSON.stringify({ name, version }));
  write(root, `${workspace}/dist/mf-manifest.json`, manifestText(name, version));
  write(root, `${workspace}/dist/remoteEntry.js`, remoteEntryText(name, version));
  if (name === 'assistant') write(root, `${workspace}/dist/assistant/index.html`, `<p>frame ${version}</p>`);
}

describe.each(testBackends)('previewing a release with /remotes.json?release= ($name)', (backend) => {
  let db: Database;
  let root: string;
  let releasesDir: string;
  let registry: ReleaseRegistry;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
  }, 120_000);
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.exec('DELETE FROM remote_activations; DELETE FROM remote_releases;');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-preview-'));
    releasesDir = path.join(root, 'releases');
    registry = createReleaseRegistry({ db, webRoot: root, releasesDir });
    app = testApp(db, { WEB_ROOT: root, RELEASES_DIR: releasesDir });
    // Live: assistant 0.1.0-000000a1 and forms; published but not active: assistant 0.1.0-000000a2.
    build(root, 'remote-assistant', 'assistant', '0.1.0-000000a1');
    build(root, 'remote-forms', 'forms', '0.1.0-000000f1');
    await registry.syncCurrentBuilds();
    build(root, 'remote-assistant', 'assistant', '0.1.0-000000a2');
    await registry.publish('assistant');
  });

  it('lists a published, unactivated release in place of the active one, and says so', async () => {
    const res = await request(app).get('/remotes.json?release=assistant@0.1.0-000000a2');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body: RemotesManifest = {
      remotes: [
        { name: 'assistant', version: '0.1.0-000000a2', entry: '/remotes/assistant/0.1.0-000000a2/mf-manifest.json' },
        { name: 'forms', version: '0.1.0-000000f1', entry: '/remotes/forms/0.1.0-000000f1/mf-manifest.json' },
      ],
      preview: { release: 'assistant@0.1.0-000000a2', available: true },
    };
    expect(res.body).toEqual(body);
    // Everyone else still gets the active release.
    expect((await request(app).get('/remotes.json')).body).toEqual({
      remotes: [
        { name: 'assistant', version: '0.1.0-000000a1', entry: '/remotes/assistant/0.1.0-000000a1/mf-manifest.json' },
        { name: 'forms', version: '0.1.0-000000f1', entry: '/remotes/forms/0.1.0-000000f1/mf-manifest.json' },
      ],
    });
  });

  it('answers the normal list and available: false for a release that is not published', async () => {
    const res = await request(app).get('/remotes.json?release=assistant@0.1.0-000000a9');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      remotes: [
        { name: 'assistant', version: '0.1.0-000000a1', entry: '/remotes/assistant/0.1.0-000000a1/mf-manifest.json' },
        { name: 'forms', version: '0.1.0-000000f1', entry: '/remotes/forms/0.1.0-000000f1/mf-manifest.json' },
      ],
      preview: { release: 'assistant@0.1.0-000000a9', available: false },
    });
  });

  it('refuses to preview a published release whose files fail verification', async () => {
    fs.rmSync(path.join(releasesDir, 'assistant', '0.1.0-000000a2', 'remoteEntry.js'));
    const res = await request(app).get('/remotes.json?release=assistant@0.1.0-000000a2');
    expect(res.status).toBe(200);
    expect(res.body.preview).toEqual({ release: 'assistant@0.1.0-000000a2', available: false });
    expect(res.body.remotes).toContainEqual(expect.objectContaining({ name: 'assistant', version: '0.1.0-000000a1' }));
  });

  it.each([
    ['an unknown remote', 'release=shell@0.1.0-000000a2'],
    ['no version', 'release=assistant'],
    ['a malformed version', 'release=assistant@..%2F..%2Fetc'],
    ['an empty value', 'release='],
    ['a repeated parameter', 'release=assistant@0.1.0-000000a2&release=forms@0.1.0-000000f1'],
    ['an overlong version', `release=assistant@${'1'.repeat(200)}-000000a2`],
    ['a version with a control character', 'release=assistant@0.1.0-000000a2%00'],
  ])('answers 400 with a clear error for %s', async (_what, query) => {
    const res = await request(app).get(`/remotes.json?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/release must be one <name>@<version>/) });
  });
});

describe('the preview of a release on another origin', () => {
  it('is listed at its base URL once its files there pass verification', async () => {
    const cdn = 'https://cdn.example.org/kb/knowledge/0.1.0-0000cd11';
    const registry = {
      list: async () => [{ name: 'knowledge', version: '0.1.0-0000cd11', baseUrl: cdn, publishedAt: '', active: false }],
      releaseDir: () => '/nonexistent',
    } as unknown as ReleaseRegistry;
    const good = createReleasePreview(
      registry,
      fakeOrigin({ [`${cdn}/mf-manifest.json`]: manifestText('knowledge', 'cdn'), [`${cdn}/remoteEntry.js`]: remoteEntryText('knowledge', 'cdn') }),
    );
    expect(await good.entry({ name: 'knowledge', version: '0.1.0-0000cd11' })).toEqual({
      name: 'knowledge',
      version: '0.1.0-0000cd11',
      entry: `${cdn}/mf-manifest.json`,
    });
    const empty = createReleasePreview(registry, fakeOrigin({}));
    expect(await empty.entry({ name: 'knowledge', version: '0.1.0-0000cd11' })).toBeUndefined();
  });
});
