import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { createReleaseRegistry, ReleaseError, type ReleaseRegistry } from './registry';

function build(root: string, version: string): void {
  const dist = path.join(root, 'remote-knowledge', 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ name: 'knowledge', version }));
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `var v = "${version}";`);
}

async function refusal(promise: Promise<unknown>): Promise<ReleaseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReleaseError) return error;
    throw error;
  }
  throw new Error('expected a ReleaseError');
}

describe.each(testBackends)('release registry ($name)', (backend) => {
  let db: Database;
  let root: string;
  let registry: ReleaseRegistry;

  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
  }, 120_000);
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.exec('DELETE FROM remote_activations; DELETE FROM remote_releases;');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-registry-'));
    registry = createReleaseRegistry({ db, webRoot: root, releasesDir: path.join(root, 'releases') });
  });

  it('publishes an immutable copy and refuses a second copy of the same version', async () => {
    build(root, '0.1.0-0000000a');
    const release = await registry.publish('knowledge');
    expect(release).toMatchObject({ name: 'knowledge', version: '0.1.0-0000000a', baseUrl: null, active: false });
    const copy = path.join(root, 'releases', 'knowledge', '0.1.0-0000000a', 'remoteEntry.js');
    expect(fs.readFileSync(copy, 'utf8')).toContain('0.1.0-0000000a');
    const again = await refusal(registry.publish('knowledge'));
    expect(again.code).toBe('already-published');
    expect(again.message).toMatch(/already published/);
  });

  it('explains an unknown remote, a missing build, an unknown version and a bad base URL', async () => {
    expect((await refusal(registry.publish('shell'))).code).toBe('unknown-remote');
    expect((await refusal(registry.publish('knowledge'))).message).toMatch(/npm run build -w remote-knowledge/);
    expect((await refusal(registry.activate('knowledge', '9.9.9-deadbeef'))).code).toBe('unknown-version');
    build(root, '0.1.0-0000000b');
    expect((await refusal(registry.publish('knowledge', { baseUrl: 'ftp://cdn.example.org' }))).code).toBe('bad-base-url');
  });

  it('rolls back to the previously active release, and says so when there is none', async () => {
    build(root, '0.1.0-00000001');
    await registry.publish('knowledge');
    expect((await refusal(registry.rollback('knowledge'))).message).toMatch(/no active release/);
    await registry.activate('knowledge', '0.1.0-00000001');
    expect((await refusal(registry.rollback('knowledge'))).code).toBe('nothing-to-roll-back');
    build(root, '0.1.0-00000002');
    await registry.publish('knowledge');
    await registry.activate('knowledge', '0.1.0-00000002');
    expect(await registry.rollback('knowledge')).toEqual({ from: '0.1.0-00000002', to: '0.1.0-00000001' });
    expect(await registry.activeVersion('knowledge')).toBe('0.1.0-00000001');
    const listed = await registry.list('knowledge');
    expect(listed.map((r) => [r.version, r.active])).toEqual([
      ['0.1.0-00000002', false],
      ['0.1.0-00000001', true],
    ]);
  });

  it('leaves exactly one active version after concurrent activations', async () => {
    const versions = ['0.1.0-000000c1', '0.1.0-000000c2', '0.1.0-000000c3', '0.1.0-000000c4'];
    for (const v of versions) {
      build(root, v);
      await registry.publish('knowledge');
    }
    await Promise.all(versions.flatMap((v) => [registry.activate('knowledge', v), registry.activate('knowledge', v)]));
    const active = (await registry.list('knowledge')).filter((r) => r.active);
    expect(active).toHaveLength(1);
    expect(versions).toContain(active[0]?.version);
    expect((await registry.activeEntries()).filter((e) => e.name === 'knowledge')).toHaveLength(1);
  });

  it('publishes and activates a new build at start-up, and changes nothing on a restart without a rebuild', async () => {
    build(root, '0.1.0-00000001');
    expect(await registry.syncCurrentBuilds()).toEqual(['knowledge@0.1.0-00000001']);
    build(root, '0.1.0-00000002');
    expect(await registry.syncCurrentBuilds()).toEqual(['knowledge@0.1.0-00000002']);
    await registry.rollback('knowledge');
    // Restart without rebuilding: the rollback holds.
    expect(await registry.syncCurrentBuilds()).toEqual([]);
    expect(await registry.activeVersion('knowledge')).toBe('0.1.0-00000001');
  });
});
