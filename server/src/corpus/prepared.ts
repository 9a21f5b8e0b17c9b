/**
 * The data folder prepared by `npm run build` (docs/performance.md, "First start and restart"):
 * the embedded database as a first start would leave it — every migration applied and the
 * shipped corpus loaded, its indexes and frequent-term table built and vacuumed — archived with
 * PGlite's `dumpDataDir` in `server/dist/prepared-data/` (never committed). A first start on an
 * empty `DATA_DIR/pgdata` unpacks it instead of running initdb, the load and the refresh
 * (`db/open.ts`); the migrations and the loader then find everything recorded.
 *
 * The archive belongs to what it was built from: the PGlite version, the migrations, the
 * server's code (the loader computes the stored index forms) and each shipped import's package
 * file. {@link preparedDataKey} records all of them in the manifest, and a first start whose
 * own key differs loads the corpus the ordinary way instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { migrate, readMigrations } from '../db/migrate.js';
import { openPGliteWorker } from '../db/pglite-worker.js';
import { passageCounts } from '../passages/catalog.js';
import { PREPARED_DATA_DIR, preparedKey, serverCodeHash, writeWhole } from '../prepared-data.js';
import { importFile, SHIPPED_IMPORTS, type CorpusImport, type CorpusSlice } from './catalog.js';
import { loadCorpus } from './service.js';

export { PREPARED_DATA_DIR };

/** The manifest's file name in the prepared data folder. */
export const PREPARED_MANIFEST = 'manifest.json';

/** The archive's file name: a plain tar (see {@link PREPARED_COMPRESSION}). */
export const PREPARED_ARCHIVE = 'pgdata.tar';

/**
 * How the archive is stored. Plain: on this machine unpacking the gzipped archive took twice
 * as long as the plain one (docs/performance.md); the folder is built locally, never shipped
 * over a network or committed, so its size matters less than a first start's time.
 */
export const PREPARED_COMPRESSION: 'gzip' | 'none' = 'none';

/** Bumped when the manifest's meaning changes, so an older build's folder is never taken for current. */
const FORMAT = 1;

/** What a prepared data folder was built from; two folders are interchangeable when their keys are equal. */
export interface PreparedDataKey {
  /** {@link FORMAT} of the build that wrote it. */
  format: number;
  /** `@electric-sql/pglite` version (its data folder format and PostgreSQL build). */
  pglite: string;
  /** {@link preparedKey} of every migration's number, name and SQL. */
  migrations: string;
  /** sha256 of the server's code (every `.js` file of `server/dist`; `.ts` sources under jest). */
  code: string;
  /** Each import loaded, in order, with the key ({@link preparedKey}) of the package file it is read from. */
  imports: { id: string; source: string; lang: string; translator: string; origin: string; file: string; sha256: string }[];
  /** The slice of the corpus loaded (tests); `null`: all of it. */
  slice: CorpusSlice | null;
}

/** The prepared data folder's description (`manifest.json`), written after the archive. */
export interface PreparedDataManifest {
  key: PreparedDataKey;
  /** The archive's file name in the folder. */
  archive: string;
  /** Its size (bytes): a different size means a damaged or half-written archive. */
  bytes: number;
  /** When it was built (ISO 8601). */
  builtAt: string;
  /** How long the build took (ms): migrations, corpus load and archive. */
  buildMs: number;
  /** Passages in the archive. */
  passages: number;
  /** PostgreSQL's `server_version` inside PGlite. */
  postgres: string;
}

/** The installed version of `@electric-sql/pglite` (its package.json, found above its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && typeof pkg.version === 'string') return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the version of @electric-sql/pglite');
    dir = parent;
  }
}

/**
 * What a prepared data folder built now from this installation would record: the PGlite
 * version, the migrations, the server's code and the package files of the imports. Reads every
 * one of those files (about 30 MB for the shipped corpus; tens of ms).
 *
 * @param options `imports` (default: the shipped corpus) and a `slice` of it (tests)
 * @throws when a package file or the migrations folder cannot be read
 */
export function preparedDataKey(options: { imports?: readonly CorpusImport[]; slice?: CorpusSlice } = {}): PreparedDataKey {
  const imports = options.imports ?? SHIPPED_IMPORTS;
  return {
    format: FORMAT,
    pglite: pgliteVersion(),
    migrations: preparedKey(...readMigrations().flatMap((m) => [String(m.version), m.name, m.sql])),
    code: serverCodeHash(),
    imports: imports.map((entry) => ({
      id: entry.id,
      source: entry.source,
      lang: entry.lang,
      translator: entry.translator,
      origin: entry.origin,
      file: entry.file,
      sha256: preparedKey(fs.readFileSync(importFile(entry))),
    })),
    slice: options.slice ? { surahs: options.slice.surahs ?? [], chapters: options.slice.chapters ?? [] } : null,
  };
}

/** A WAL segment in a data-folder archive, e.g. `/pg_wal/000000010000000000000009`. */
const WAL_SEGMENT = /^\/?pg_wal\/([0-9A-F]{24})$/;

/**
 * `tar` without the entries whose names `drop` selects (a ustar archive as PGlite writes it:
 * regular files and folders, no extended headers).
 * @throws when a header is not ustar or holds no valid size
 */
function tarWithout(tar: Uint8Array, drop: (name: string) => boolean): Buffer {
  const bytes = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  const kept: Buffer[] = [];
  let offset = 0;
  while (offset + 512 <= bytes.length) {
    const header = bytes.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number): string => header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    if (field(257, 5) !== 'ustar') throw new Error(`the data-folder archive has a header that is not ustar at byte ${offset}`);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new Error(`the data-folder archive has a broken size for ${name}`);
    const end = offset + 512 + Math.ceil(size / 512) * 512;
    if (!drop(name)) kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  kept.push(Buffer.alloc(1024)); // the two empty blocks that end a tar
  return Buffer.concat(kept);
}

/**
 * Builds the prepared data folder in `dir` (created when missing): a new in-memory PGlite
 * (in a worker thread, as the server runs it) gets every migration and the corpus load, then
 * a `CHECKPOINT` and `dumpDataDir`. The WAL segments the checkpoint made unnecessary (before its
 * redo point, and those recycled for later use: 150 MB of 290 MB on the shipped corpus) are
 * left out of the archive; PostgreSQL creates segments as it needs them. The manifest is
 * removed first and written last, so an interrupted build leaves no folder that looks usable.
 *
 * @param options `imports`/`slice`: what to load (default: the shipped corpus; tests a slice);
 *   `compression`: the archive's (default {@link PREPARED_COMPRESSION})
 * @returns the manifest written
 * @throws the loader's or the database's error (no manifest is written then)
 */
export async function buildPreparedData(
  dir: string,
  options: { imports?: readonly CorpusImport[]; slice?: CorpusSlice; compression?: 'gzip' | 'none' } = {},
): Promise<PreparedDataManifest> {
  const started = performance.now();
  const compression = options.compression ?? PREPARED_COMPRESSION;
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(path.join(dir, PREPARED_MANIFEST), { force: true });
  const key = preparedDataKey(options);
  const db = await openPGliteWorker(undefined);
  let tar: Uint8Array;
  let facts: { passages: number; postgres: string; current: string; redo: string };
  try {
    await migrate(db);
    await loadCorpus(db, { imports: options.imports, surahs: options.slice?.surahs, chapters: options.slice?.chapters });
    tar = await db.dumpDataDir('none'); // after a CHECKPOINT, under PGlite's lock
    const [row] = await db.query<Omit<typeof facts, 'passages'>>(
      `SELECT current_setting('server_version') AS postgres, pg_walfile_name(pg_current_wal_lsn()) AS current, c.redo_wal_file AS redo
       FROM pg_control_checkpoint() c`,
    );
    if (!row) throw new Error('the prepared database did not describe itself');
    facts = { ...row, passages: (await passageCounts(db)).reduce((sum, c) => sum + c.passages, 0) };
  } finally {
    await db.close();
  }
  const trimmed = tarWithout(tar, (name) => {
    const segment = WAL_SEGMENT.exec(name)?.[1];
    return segment !== undefined && (segment < facts.redo || segment > facts.current);
  });
  const archive = compression === 'gzip' ? zlib.gzipSync(trimmed) : trimmed;
  const archiveName = compression === 'gzip' ? `${PREPARED_ARCHIVE}.gz` : PREPARED_ARCHIVE;
  for (const name of [PREPARED_ARCHIVE, `${PREPARED_ARCHIVE}.gz`]) fs.rmSync(path.join(dir, name), { force: true });
  writeWhole(path.join(dir, archiveName), archive);
  const manifest: PreparedDataManifest = {
    key,
    archive: archiveName,
    bytes: archive.byteLength,
    builtAt: new Date().toISOString(),
    buildMs: Math.round(performance.now() - started),
    passages: facts.passages,
    postgres: facts.postgres,
  };
  writeWhole(path.join(dir, PREPARED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Whether a first start may use a prepared data folder, and why not. */
export type PreparedDataLookup =
  | { usable: true; archive: string; manifest: PreparedDataManifest }
  | { usable: false; reason: 'missing' | 'damaged' | 'stale'; detail: string };

/**
 * Looks for a usable prepared data folder in `dir`: its manifest, an archive of the size it
 * records, and a key equal to `expected` — this installation's (default: the shipped corpus's,
 * computed only when a manifest is there). Reads no archive bytes.
 *
 * @returns the archive's path and manifest, or why it cannot be used: `missing` (no manifest),
 *   `damaged` (unreadable manifest, archive absent or of another size), `stale` (built from
 *   something else: `detail` names what)
 */
export function findPreparedData(dir: string, expected?: () => PreparedDataKey): PreparedDataLookup {
  const manifestFile = path.join(dir, PREPARED_MANIFEST);
  let text: string;
  try {
    text = fs.readFileSync(manifestFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { usable: false, reason: 'missing', detail: `no ${manifestFile}` };
    return { usable: false, reason: 'damaged', detail: `cannot read ${manifestFile}: ${(error as Error).message}` };
  }
  let manifest: PreparedDataManifest;
  try {
    manifest = JSON.parse(text) as PreparedDataManifest;
    if (typeof manifest.archive !== 'string' || typeof manifest.bytes !== 'number' || typeof manifest.key !== 'object') throw new Error('fields missing');
  } catch (error) {
    return { usable: false, reason: 'damaged', detail: `${manifestFile} is not a manifest (${(error as Error).message})` };
  }
  const archive = path.join(dir, path.basename(manifest.archive));
  const size = fs.statSync(archive, { throwIfNoEntry: false })?.size;
  if (size !== manifest.bytes) {
    return { usable: false, reason: 'damaged', detail: `${archive} ${size === undefined ? 'is missing' : `holds ${size} bytes, not ${manifest.bytes}`}` };
  }
  const key = (expected ?? preparedDataKey)();
  const differ = (Object.keys(key) as (keyof PreparedDataKey)[]).filter(
    (field) => JSON.stringify(key[field]) !== JSON.stringify(manifest.key?.[field]),
  );
  if (differ.length > 0) {
    return { usable: false, reason: 'stale', detail: `built on ${manifest.builtAt} from a different ${differ.join(', ')}` };
  }
  return { usable: true, archive, manifest };
}
