import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/database';
import { DataDirLockedError } from '../db/lock';
import { migrate } from '../db/migrate';
import { openDatabase, PGLITE_SUBDIR, UNPACKING_MARKER, type FirstStart } from '../db/open';
import { corpusFingerprint } from '../passages/corpus';
import { readCorpusVersion } from '../passages/version';
import { testBackends } from '../testing/databases';
import { BIBLE_IMPORT, QURAN_IMPORTS } from './catalog';
import { buildPreparedData, PREPARED_MANIFEST, preparedDataKey, type PreparedDataKey, type PreparedDataManifest } from './prepared';
import { loadCorpus } from './service';

/** A small corpus, so the suite builds its own prepared folder in seconds. */
const CORPUS = {
  imports: [...QURAN_IMPORTS.filter((i) => ['ar', 'en', 'tr'].includes(i.lang)), BIBLE_IMPORT],
  slice: { surahs: [1, 112], chapters: ['John 3'] },
};
const LOAD = { imports: CORPUS.imports, surahs: CORPUS.slice.surahs, chapters: CORPUS.slice.chapters };
const expected = (): PreparedDataKey => preparedDataKey(CORPUS);

/** Every file and folder under `dir` whose mode is not 0600 (files) or 0700 (folders). */
function notPrivate(dir: string): string[] {
  const wrong: string[] = [];
  const visit = (target: string): void => {
    const stat = fs.lstatSync(target);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) wrong.push(`${path.relative(dir, target) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) visit(path.join(target, name));
  };
  visit(dir);
  return wrong;
}

/** What a started server sees: the database after migrations and the loader, and what the loader did. */
async function startOn(db: Database): Promise<{ loaded: string[]; fingerprint: Record<string, unknown>; version: string }> {
  await migrate(db);
  const result = await loadCorpus(db, LOAD);
  return { loaded: result.loaded.map((l) => l.id), fingerprint: await corpusFingerprint(db), version: await readCorpusVersion(db) };
}

describe('the prepared data folder of a first start', () => {
  let root: string;
  let prepared: string;
  let manifest: PreparedDataManifest;
  let umask: number;
  const dataDir = (): string => fs.mkdtempSync(path.join(root, 'data-'));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-prepared-'));
    prepared = path.join(root, 'prepared');
    manifest = await buildPreparedData(prepared, CORPUS);
  }, 180_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  beforeEach(() => {
    // A server run from a shell with the usual umask 022.
    umask = process.umask(0o022);
  });
  afterEach(() => process.umask(umask));

  it('gives the corpus the ordinary load gives, with nothing left to load and a newer corpus version', async () => {
    const outcomes: FirstStart[] = [];
    const fromPrepared = await openDatabase({ dataDir: dataDir(), databaseUrl: undefined }, { preparedData: { dir: prepared, expected }, onFirstStart: (o) => outcomes.push(o) });
    let viaPrepared: Awaited<ReturnType<typeof startOn>>;
    try {
      viaPrepared = await startOn(fromPrepared);
    } finally {
      await fromPrepared.close();
    }
    const ordinary = await openDatabase({ dataDir: dataDir(), databaseUrl: undefined });
    let viaLoad: Awaited<ReturnType<typeof startOn>>;
    try {
      viaLoad = await startOn(ordinary);
    } finally {
      await ordinary.close();
    }
    expect(outcomes).toEqual([expect.objectContaining({ prepared: true, archive: path.join(prepared, manifest.archive) })]);
    expect(viaPrepared.loaded).toEqual([]);
    expect(viaLoad.loaded).toEqual(CORPUS.imports.map((i) => i.id));
    expect(viaPrepared.fingerprint).toEqual(viaLoad.fingerprint);
    expect(manifest.passages).toBe(((viaLoad.fingerprint.passages ?? []) as { n: number }[]).reduce((sum, r) => sum + r.n, 0));
    // Caches and ETags keyed by the archive's corpus version do not outlive the first start.
    expect(BigInt(viaPrepared.version)).toBeGreaterThan(BigInt(viaLoad.version));
  }, 180_000);

  it.each([
    ['another PGlite', (key: PreparedDataKey): PreparedDataKey => ({ ...key, pglite: '0.0.0' }), 'pglite'],
    ['another corpus', (): PreparedDataKey => preparedDataKey({ ...CORPUS, slice: { surahs: [1, 2], chapters: ['John 3'] } }), 'slice'],
    ['other migrations', (key: PreparedDataKey): PreparedDataKey => ({ ...key, migrations: '0'.repeat(64) }), 'migrations'],
  ])('is not used when built from %s: the corpus is loaded the ordinary way', async (_what, change, field) => {
    const outcomes: FirstStart[] = [];
    const db = await openDatabase(
      { dataDir: dataDir(), databaseUrl: undefined },
      { preparedData: { dir: prepared, expected: () => change(expected()) }, onFirstStart: (o) => outcomes.push(o) },
    );
    try {
      await migrate(db);
      expect((await loadCorpus(db, LOAD)).loaded.map((l) => l.id)).toEqual(CORPUS.imports.map((i) => i.id));
    } finally {
      await db.close();
    }
    expect(outcomes).toEqual([{ prepared: false, reason: 'stale', detail: expect.stringContaining(field) }]);
  }, 120_000);

  it('is not used when missing or damaged, and a start on a loaded folder never looks for it', async () => {
    const damaged = path.join(root, 'damaged');
    fs.mkdirSync(damaged);
    fs.copyFileSync(path.join(prepared, PREPARED_MANIFEST), path.join(damaged, PREPARED_MANIFEST));
    fs.writeFileSync(path.join(damaged, manifest.archive), 'cut short');
    const outcomes: FirstStart[] = [];
    const dir = dataDir();
    for (const [folder, data] of [[path.join(root, 'absent'), dir], [damaged, dataDir()], [prepared, dir]] as const) {
      const db = await openDatabase({ dataDir: data, databaseUrl: undefined }, { preparedData: { dir: folder, expected }, onFirstStart: (o) => outcomes.push(o) });
      await db.close();
    }
    // The first two found nothing usable (an empty database was created); the third found the first's.
    expect(outcomes).toEqual([
      { prepared: false, reason: 'missing', detail: expect.stringContaining(PREPARED_MANIFEST) },
      { prepared: false, reason: 'damaged', detail: expect.stringContaining(`not ${manifest.bytes}`) },
    ]);
  }, 120_000);

  it('keeps the data folder private: folders 0700 while it runs, files 0600 once closed', async () => {
    const dir = dataDir();
    fs.chmodSync(dir, 0o755);
    const db = await openDatabase({ dataDir: dir, databaseUrl: undefined }, { preparedData: { dir: prepared, expected } });
    try {
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dir, PGLITE_SUBDIR)).mode & 0o777).toBe(0o700);
      await db.exec('CHECKPOINT');
    } finally {
      await db.close();
    }
    expect(fs.readdirSync(path.join(dir, PGLITE_SUBDIR)).length).toBeGreaterThan(10);
    expect(notPrivate(dir)).toEqual([]);
  }, 120_000);

  it('starts over after an unpacking cut short, and falls back to an empty database when the archive does not open', async () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, PGLITE_SUBDIR));
    fs.writeFileSync(path.join(dir, PGLITE_SUBDIR, 'PG_VERSION'), '18\n'); // half a folder
    fs.writeFileSync(path.join(dir, UNPACKING_MARKER), '');
    const outcomes: FirstStart[] = [];
    const db = await openDatabase({ dataDir: dir, databaseUrl: undefined }, { preparedData: { dir: prepared, expected }, onFirstStart: (o) => outcomes.push(o) });
    try {
      expect((await startOn(db)).loaded).toEqual([]);
    } finally {
      await db.close();
    }
    expect(fs.existsSync(path.join(dir, UNPACKING_MARKER))).toBe(false);

    // An archive of the recorded size that is no data folder.
    const broken = path.join(root, 'broken');
    fs.mkdirSync(broken);
    fs.copyFileSync(path.join(prepared, PREPARED_MANIFEST), path.join(broken, PREPARED_MANIFEST));
    fs.writeFileSync(path.join(broken, manifest.archive), Buffer.alloc(manifest.bytes, 7));
    const other = dataDir();
    const fallback = await openDatabase({ dataDir: other, databaseUrl: undefined }, { preparedData: { dir: broken, expected }, onFirstStart: (o) => outcomes.push(o) });
    try {
      expect((await startOn(fallback)).loaded).toEqual(CORPUS.imports.map((i) => i.id));
      // The folder stays locked by this process through the fallback.
      await expect(openDatabase({ dataDir: other, databaseUrl: undefined })).rejects.toThrow(DataDirLockedError);
    } finally {
      await fallback.close();
    }
    expect(outcomes).toEqual([
      expect.objectContaining({ prepared: true }),
      { prepared: false, reason: 'failed', detail: expect.stringContaining('did not open') },
    ]);
  }, 180_000);
});

describe.each(testBackends)('opening $name with a prepared data folder', (backend) => {
  it('takes it only for the embedded database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-prepared-pg-'));
    const outcomes: FirstStart[] = [];
    try {
      const databaseUrl = backend.name === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
      const db = await openDatabase({ dataDir: dir, databaseUrl }, { preparedData: { dir: path.join(dir, 'absent') }, onFirstStart: (o) => outcomes.push(o) });
      await db.close();
      expect(outcomes.map((o) => o.prepared)).toEqual(backend.name === 'postgres' ? [] : [false]);
      expect(fs.existsSync(path.join(dir, PGLITE_SUBDIR))).toBe(backend.name === 'pglite');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
