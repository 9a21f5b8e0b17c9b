import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { fakeOrigin, manifestText, remoteEntryText, writeRemoteBuild } from '../testing/remote-builds';
import { createReleaseRegistry, isCanaryBucket, ReleaseError, type ReleaseRegistry } from './registry';

function build(root: string, version: string): void {
  writeRemoteBuild(path.join(root, 'remote-knowledge', 'dist'), 'knowledge', version);
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
  const cdnBase = 'https://cdn.example.org/kb/knowledge/0.1.0-000000cd';
  const cdn = fakeOrigin({
    [`${cdnBase}/mf-manifest.json`]: manifestText('knowledge', 'cdn'),
    [`${cdnBase}/remoteEntry.js`]: remoteEntryText('knowledge', 'cdn'),
  });

  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
  }, 120_000);
  afterAll(() => db.close());
  beforeEach(async () => {
    await db.exec('DELETE FROM remote_canaries; DELETE FROM remote_activations; DELETE FROM remote_releases; DELETE FROM release_audit;');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-registry-'));
    registry = createReleaseRegistry({ db, webRoot: root, releasesDir: path.join(root, 'releases'), fetch: cdn });
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
    expect(await registry.rollback('knowledge')).toEqual({ from: '0.1.0-00000002', to: '0.1.0-00000001', canaryEnded: false });
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
    expect(await registry.syncCurrentBuilds()).toEqual({ activated: ['knowledge@0.1.0-00000001'], publishedOnly: [], refused: [] });
    build(root, '0.1.0-00000002');
    expect(await registry.syncCurrentBuilds()).toEqual({ activated: ['knowledge@0.1.0-00000002'], publishedOnly: [], refused: [] });
    await registry.rollback('knowledge');
    // Restart without rebuilding: the rollback holds.
    expect(await registry.syncCurrentBuilds()).toEqual({ activated: [], publishedOnly: [], refused: [] });
    expect(await registry.activeVersion('knowledge')).toBe('0.1.0-00000001');
  });

  it('refuses to activate a release whose remoteEntry.js is missing, and activates it with force and a warning', async () => {
    build(root, '0.1.0-00000001');
    await registry.publish('knowledge');
    await registry.activate('knowledge', '0.1.0-00000001');
    build(root, '0.1.0-00000002');
    await registry.publish('knowledge');
    fs.rmSync(path.join(root, 'releases', 'knowledge', '0.1.0-00000002', 'remoteEntry.js'));

    const refused = await refusal(registry.activate('knowledge', '0.1.0-00000002', { actor: 'alice' }));
    expect(refused.code).toBe('unverified');
    expect(refused.message).toMatch(/^knowledge@0\.1\.0-00000002 failed verification, so it was not activated: remoteEntry\.js is missing/);
    expect(refused.message).toMatch(/pass --force/);
    expect(await registry.activeVersion('knowledge')).toBe('0.1.0-00000001');

    const forced = await registry.activate('knowledge', '0.1.0-00000002', { actor: 'alice', force: true });
    expect(forced).toMatchObject({ from: '0.1.0-00000001', to: '0.1.0-00000002', changed: true });
    expect(forced.warnings).toEqual([expect.stringMatching(/^remoteEntry\.js is missing \(/)]);
    expect(await registry.activeVersion('knowledge')).toBe('0.1.0-00000002');
    const [last] = (await registry.history('knowledge')).slice(-1);
    expect(last).toMatchObject({ action: 'activate', actor: 'alice', forced: true, to: '0.1.0-00000002' });
  });

  it("refuses to publish a build that does not expose the contract's modules, or a CDN copy that is not there", async () => {
    build(root, '0.1.0-00000003');
    const dist = path.join(root, 'remote-knowledge', 'dist');
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: 'knowledge', exposes: [] }));
    const missing = await refusal(registry.publish('knowledge'));
    expect(missing.code).toBe('unverified');
    expect(missing.problems).toContain('mf-manifest.json does not expose ./KnowledgePage');
    expect(fs.existsSync(path.join(root, 'releases', 'knowledge', '0.1.0-00000003'))).toBe(false);
    expect(await registry.list()).toEqual([]);

    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), '<!doctype html><p>Not found</p>');
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), manifestText('knowledge'));
    expect((await refusal(registry.publish('knowledge'))).problems).toEqual([
      expect.stringMatching(/^remoteEntry\.js is not valid JavaScript/),
    ]);

    const elsewhere = 'https://cdn.example.org/kb/knowledge/nothing-here';
    const cdnRefusal = await refusal(registry.publish('knowledge', { baseUrl: elsewhere }));
    expect(cdnRefusal.problems).toEqual([`${elsewhere}/mf-manifest.json answered HTTP 404`]);
    build(root, '0.1.0-000000cd');
    const published = await registry.publish('knowledge', { baseUrl: cdnBase });
    expect(published).toMatchObject({ baseUrl: cdnBase, warnings: [] });
  });

  it('never publishes nor activates a broken new build at start-up', async () => {
    build(root, '0.1.0-00000001');
    await registry.syncCurrentBuilds();
    build(root, '0.1.0-00000002');
    fs.rmSync(path.join(root, 'remote-knowledge', 'dist', 'remoteEntry.js'));
    const synced = await registry.syncCurrentBuilds();
    expect(synced.activated).toEqual([]);
    expect(synced.refused).toEqual([{ release: 'knowledge@0.1.0-00000002', problems: [expect.stringMatching(/^remoteEntry\.js is missing/)] }]);
    expect(await registry.activeVersion('knowledge')).toBe('0.1.0-00000001');
    expect((await registry.list('knowledge')).map((r) => r.version)).toEqual(['0.1.0-00000001']);
  });

  it('records publish, activate and rollback with who did it and from which version to which', async () => {
    build(root, '0.1.0-00000001');
    await registry.syncCurrentBuilds();
    build(root, '0.1.0-00000002');
    await registry.publish('knowledge', { actor: 'alice' });
    await registry.activate('knowledge', '0.1.0-00000002', { actor: 'alice' });
    await registry.activate('knowledge', '0.1.0-00000002', { actor: 'alice' }); // already active: nothing to record
    await registry.rollback('knowledge', { actor: 'bob' });
    const history = await registry.history('knowledge');
    expect(history.map(({ action, actor, from, to, forced }) => ({ action, actor, from, to, forced }))).toEqual([
      { action: 'publish', actor: 'start', from: null, to: '0.1.0-00000001', forced: false },
      { action: 'activate', actor: 'start', from: null, to: '0.1.0-00000001', forced: false },
      { action: 'publish', actor: 'alice', from: null, to: '0.1.0-00000002', forced: false },
      { action: 'activate', actor: 'alice', from: '0.1.0-00000001', to: '0.1.0-00000002', forced: false },
      { action: 'rollback', actor: 'bob', from: '0.1.0-00000002', to: '0.1.0-00000001', forced: false },
    ]);
    expect(history.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect(await registry.history('forms')).toEqual([]);
    expect((await registry.history(undefined, 2)).map((e) => e.action)).toEqual(['activate', 'rollback']);
    expect((await refusal(registry.history('shell'))).code).toBe('unknown-remote');
  });

  it('prunes old releases but never the active, the rollback target, one active in the last 24 h or the current build', async () => {
    const v = (n: number): string => `0.1.0-0000000${n}`;
    build(root, '0.1.0-000000cd');
    await registry.publish('knowledge', { baseUrl: cdnBase }); // on a CDN: only its record goes
    for (const n of [1, 2, 3, 4, 5, 6]) {
      build(root, v(n));
      await registry.publish('knowledge');
      if (n <= 5) await registry.activate('knowledge', v(n));
    }
    await registry.rollback('knowledge'); // 5 → 4
    // Backdate: 1 active 10 days ago, 2 five days ago, 3 three days ago (still active 24 h ago),
    // 4 two hours ago, 5 one hour ago and rolled back half an hour ago.
    const ago = async (version: string, activated: string, rolledBack?: string): Promise<void> => {
      await db.query(
        `UPDATE remote_activations SET activated_at = now() - $2::interval,
                rolled_back_at = CASE WHEN rolled_back_at IS NULL THEN NULL ELSE now() - $3::interval END
          WHERE name = 'knowledge' AND version = $1`,
        [version, activated, rolledBack ?? '0 seconds'],
      );
    };
    await ago(v(1), '10 days');
    await ago(v(2), '5 days');
    await ago(v(3), '3 days');
    await ago(v(4), '2 hours');
    await ago(v(5), '1 hour', '30 minutes');
    build(root, v(2)); // the build in dist/ is 2 again: npm start would publish it anew
    fs.writeFileSync(path.join(root, 'releases', 'knowledge', v(1), 'marker'), 'x');

    const pruned = await registry.prune({ keep: 1, actor: 'carol' });
    expect(pruned.removed).toEqual([
      { name: 'knowledge', version: v(1), baseUrl: null },
      { name: 'knowledge', version: '0.1.0-000000cd', baseUrl: cdnBase },
    ]);
    expect(pruned.protected).toEqual([
      { name: 'knowledge', version: v(5), reason: 'active in the last 24 h' },
      { name: 'knowledge', version: v(4), reason: 'active' },
      { name: 'knowledge', version: v(3), reason: 'rollback target' },
      { name: 'knowledge', version: v(2), reason: 'current build' },
    ]);
    expect(fs.existsSync(path.join(root, 'releases', 'knowledge', v(1)))).toBe(false);
    expect(fs.existsSync(path.join(root, 'releases', 'knowledge', v(4), 'remoteEntry.js'))).toBe(true);
    expect((await registry.list('knowledge')).map((r) => r.version)).toEqual([v(6), v(5), v(4), v(3), v(2)]);
    expect(await registry.activeVersion('knowledge')).toBe(v(4));
    expect(await registry.rollback('knowledge')).toEqual({ from: v(4), to: v(3), canaryEnded: false });
    const prunes = (await registry.history('knowledge')).filter((e) => e.action === 'prune');
    expect(prunes.map((e) => [e.actor, e.from, e.to])).toEqual([
      ['carol', v(1), null],
      ['carol', '0.1.0-000000cd', null],
    ]);
    expect((await refusal(registry.prune({ keep: -1 }))).code).toBe('bad-keep');
  });

  describe('canary', () => {
    const v = (n: number): string => `0.1.0-0000000${n}`;
    /** The knowledge version `/remotes.json?bucket=N` names. */
    const served = async (bucket?: number): Promise<string | undefined> =>
      (await registry.activeEntries(bucket)).find((e) => e.name === 'knowledge')?.version;
    /** Publishes builds `from`…`to` of knowledge, activating `from` (as `npm start` would). */
    const releases = async (from: number, to: number): Promise<void> => {
      for (let n = from; n <= to; n += 1) {
        build(root, v(n));
        if (n === from) await registry.syncCurrentBuilds();
        else await registry.publish('knowledge', { actor: 'alice' });
      }
    };

    it('gives the top N buckets the canary: at 50 % bucket 90 gets it and bucket 10 the active release', () => {
      expect([10, 49, 50, 90, 99].map((b) => isCanaryBucket(b, 50))).toEqual([false, false, true, true, true]);
      expect([0, 98, 99].map((b) => isCanaryBucket(b, 1))).toEqual([false, false, true]);
    });

    it('starts, replaces and promotes one canary per remote, serving it to its share of buckets', async () => {
      await releases(1, 3);
      const started = await registry.startCanary('knowledge', v(2), 50, { actor: 'alice' });
      expect(started).toEqual({ name: 'knowledge', active: v(1), replaced: null, version: v(2), percent: 50, changed: true, warnings: [] });
      expect([await served(90), await served(50), await served(10), await served()]).toEqual([v(2), v(2), v(1), v(1)]);
      expect((await registry.list('knowledge')).map((r) => [r.version, r.active, r.canaryPercent])).toEqual([
        [v(3), false, null],
        [v(2), false, 50],
        [v(1), true, null],
      ]);
      expect((await registry.startCanary('knowledge', v(2), 50)).changed).toBe(false);

      const activating = await refusal(registry.activate('knowledge', v(3)));
      expect(activating.code).toBe('canary-running');
      expect(activating.message).toContain('npm run remotes -- promote knowledge');

      const replaced = await registry.startCanary('knowledge', v(3), 20, { actor: 'bob' });
      expect(replaced).toMatchObject({ replaced: { version: v(2), percent: 50 }, version: v(3), percent: 20, changed: true });
      expect([await served(90), await served(79), await served(80)]).toEqual([v(3), v(1), v(3)]);

      expect(await registry.promote('knowledge', { actor: 'carol' })).toEqual({ from: v(1), to: v(3) });
      expect([await served(10), await served(90), await registry.activeVersion('knowledge')]).toEqual([v(3), v(3), v(3)]);
      expect((await registry.list('knowledge')).every((r) => r.canaryPercent === null)).toBe(true);
      expect((await refusal(registry.promote('knowledge'))).code).toBe('no-canary');
      // A rollback after a promotion goes back to what was active before the canary.
      expect(await registry.rollback('knowledge')).toEqual({ from: v(3), to: v(1), canaryEnded: false });

      const canaryEvents = (await registry.history('knowledge')).filter((e) => !['publish', 'activate'].includes(e.action));
      expect(canaryEvents.map(({ action, actor, from, to, percent }) => ({ action, actor, from, to, percent }))).toEqual([
        { action: 'canary-start', actor: 'alice', from: v(1), to: v(2), percent: 50 },
        { action: 'canary-replace', actor: 'bob', from: v(2), to: v(3), percent: 20 },
        { action: 'promote', actor: 'carol', from: v(1), to: v(3), percent: null },
        { action: 'rollback', actor: 'unknown', from: v(3), to: v(1), percent: null },
      ]);
    });

    it('ends a running canary on rollback before rolling back any activation', async () => {
      await releases(1, 2);
      await registry.startCanary('knowledge', v(2), 30);
      expect(await registry.rollback('knowledge', { actor: 'dave' })).toEqual({ from: v(2), to: v(1), canaryEnded: true });
      expect([await served(99), await served(0)]).toEqual([v(1), v(1)]);
      expect((await refusal(registry.rollback('knowledge'))).code).toBe('nothing-to-roll-back');
      const [last] = (await registry.history('knowledge')).slice(-1);
      expect(last).toMatchObject({ action: 'canary-end', actor: 'dave', from: v(2), to: v(1) });
    });

    it('refuses a bad percentage, a remote without an active release, the active release itself and an unverified release', async () => {
      build(root, v(1));
      await registry.publish('knowledge');
      expect((await refusal(registry.startCanary('knowledge', v(1), 10))).code).toBe('no-active-release');
      await registry.activate('knowledge', v(1));
      for (const percent of [0, 100, 12.5]) {
        const bad = await refusal(registry.startCanary('knowledge', v(1), percent));
        expect(bad.code).toBe('bad-percent');
        expect(bad.message).toContain('1 to 99');
      }
      expect((await refusal(registry.startCanary('knowledge', v(1), 10))).message).toMatch(/already the active release/);
      expect((await refusal(registry.startCanary('knowledge', v(9), 10))).code).toBe('unknown-version');
      build(root, v(2));
      await registry.publish('knowledge');
      fs.rmSync(path.join(root, 'releases', 'knowledge', v(2), 'remoteEntry.js'));
      const unverified = await refusal(registry.startCanary('knowledge', v(2), 10));
      expect(unverified.code).toBe('unverified');
      expect(unverified.message).toContain('not started as a canary');
      expect(await served(99)).toBe(v(1));
    });

    it('lets npm start publish but not activate a new build while a canary runs', async () => {
      await releases(1, 2);
      await registry.startCanary('knowledge', v(2), 50);
      build(root, v(3));
      expect(await registry.syncCurrentBuilds()).toEqual({ activated: [], publishedOnly: [`knowledge@${v(3)}`], refused: [] });
      expect([await registry.activeVersion('knowledge'), await served(90)]).toEqual([v(1), v(2)]);
      expect((await registry.list('knowledge')).map((r) => r.version)).toContain(v(3));
    });

    it('never prunes the canary', async () => {
      await releases(1, 3);
      await registry.startCanary('knowledge', v(2), 10);
      const pruned = await registry.prune({ keep: 0, name: 'knowledge' });
      expect(pruned.removed).toEqual([]);
      expect(pruned.protected).toEqual([
        { name: 'knowledge', version: v(3), reason: 'current build' },
        { name: 'knowledge', version: v(2), reason: 'canary' },
        { name: 'knowledge', version: v(1), reason: 'active' },
      ]);
      expect(await served(99)).toBe(v(2));
    });
  });
});
