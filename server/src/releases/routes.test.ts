import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import type { RemotesManifest } from '@kb/contracts';
import { noDatabase } from '../testing/databases';
import { testApp } from '../testing/app';

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

function build(root: string, workspace: string, release: unknown): void {
  write(root, `${workspace}/dist/release.json`, JSON.stringify(release));
  write(root, `${workspace}/dist/mf-manifest.json`, '{"id":"manifest"}');
  write(root, `${workspace}/dist/remoteEntry.js`, 'var entry;');
  write(root, `${workspace}/dist/static/js/123.9f8e7d6c.js`, 'var chunk;');
}

describe('remote releases', () => {
  let root: string;
  let app: Express;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-remotes-'));
    app = testApp(noDatabase(), { WEB_ROOT: root });
  });

  it('lists no remotes before any is built', async () => {
    const res = await request(app).get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ remotes: [] });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists each remote whose build exists, pointing at its manifest', async () => {
    build(root, 'remote-knowledge', { name: 'knowledge', version: '0.1.0-1a2b3c4d' });
    build(root, 'remote-assistant', { name: 'assistant', version: '0.1.0-5e6f7a8b' });
    build(root, 'remote-forms', { name: 'knowledge', version: '0.1.0-00000000' }); // names another remote
    const res = await request(app).get('/remotes.json');
    const body: RemotesManifest = {
      remotes: [
        { name: 'knowledge', version: '0.1.0-1a2b3c4d', entry: '/remotes/knowledge/0.1.0-1a2b3c4d/mf-manifest.json' },
        { name: 'assistant', version: '0.1.0-5e6f7a8b', entry: '/remotes/assistant/0.1.0-5e6f7a8b/mf-manifest.json' },
      ],
    };
    expect(res.body).toEqual(body);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the current build under /remotes/<name>/<version>/', async () => {
    build(root, 'remote-forms', { name: 'forms', version: '0.1.0-1a2b3c4d' });
    const manifest = await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ id: 'manifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/static/js/123.9f8e7d6c.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a version that is not the current build, an unknown remote or a missing file', async () => {
    build(root, 'remote-forms', { name: 'forms', version: '0.1.0-1a2b3c4d' });
    for (const url of [
      '/remotes/forms/0.1.0-00000000/mf-manifest.json',
      '/remotes/shell/0.1.0-1a2b3c4d/mf-manifest.json',
      '/remotes/forms/0.1.0-1a2b3c4d/missing.js',
      '/remotes/forms',
    ]) {
      const res = await request(app).get(url);
      expect(res.status).toBe(404);
    }
    const escape = await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/..%2Frelease.json');
    expect(escape.status).not.toBe(200);
  });

  it('follows a rebuild at once', async () => {
    build(root, 'remote-forms', { name: 'forms', version: '0.1.0-1a2b3c4d' });
    expect((await request(app).get('/remotes.json')).body.remotes[0].version).toBe('0.1.0-1a2b3c4d');
    build(root, 'remote-forms', { name: 'forms', version: '0.1.0-99999999' });
    expect((await request(app).get('/remotes.json')).body.remotes[0].version).toBe('0.1.0-99999999');
    expect((await request(app).get('/remotes/forms/0.1.0-1a2b3c4d/remoteEntry.js')).status).toBe(404);
  });
});
