import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { AdminCommandError, type AdminArgs, type AdminCommands } from '../admin/registry.js';
import type { Database } from './database.js';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';
import { PGLITE_SUBDIR } from './open.js';
import { openPGlite, type PGliteOptions } from './pglite.js';

/**
 * Backups of the embedded database (`npm run db -- backup|restore`, docs/operations.md).
 *
 * A backup is PGlite's own archive of the data folder (`dumpDataDir`: a gzipped tar of
 * `DATA_DIR/pgdata`), written by the process that owns the database — the running server
 * through the admin socket (`db.backup`), or the CLI under the folder's lock when no server
 * runs. A restore unpacks such an archive into `DATA_DIR/pgdata` and only ever runs in the
 * CLI, under the lock, so never while a server holds the folder. PostgreSQL servers are backed
 * up with `pg_dump` instead.
 */

/** A refusal or failure whose message is meant for the operator as it is. */
export class BackupError extends AdminCommandError {
  override name = 'BackupError';
}

/** What {@link writeBackup} wrote. */
export interface BackupResult {
  /** Absolute path of the archive. */
  file: string;
  /** Its size (bytes). */
  bytes: number;
}

/**
 * Writes the embedded database's archive to `file` (mode 0600: it holds personal data), first
 * as `<file>.partial` and then renamed, so an interrupted backup never leaves a file that looks
 * complete.
 *
 * @param file absolute path; must not exist yet, its folder must
 * @throws BackupError for PostgreSQL (use pg_dump), an existing file, a missing folder
 */
export async function writeBackup(db: Database, file: string): Promise<BackupResult> {
  if (!db.dumpDataDir) throw new BackupError('this server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump');
  if (!path.isAbsolute(file)) throw new BackupError(`the backup path must be absolute, got "${file}"`);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose another name or remove it first`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`the folder ${path.dirname(file)} does not exist`);
  const archive = await db.dumpDataDir();
  const partial = `${file}.partial`;
  try {
    fs.writeFileSync(partial, archive, { mode: 0o600, flag: 'wx' });
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`could not write ${file}: ${(error as Error).message}`);
  }
  return { file, bytes: archive.byteLength };
}

/**
 * Registers `db.backup` `{ file }` → {@link BackupResult}: the archive of the database this
 * process owns, written by this process. (There is no `db.restore` command: a restore needs the
 * server stopped.)
 */
export function registerDbCommands(commands: AdminCommands, deps: { db: Database }): void {
  commands.register('db.backup', {
    description: 'write an archive of the embedded database to a file (args: file, an absolute path)',
    async run(args: AdminArgs) {
      const file = args.file;
      if (typeof file !== 'string' || file === '') throw new BackupError('db.backup needs "file" (an absolute path)');
      return writeBackup(deps.db, file);
    },
  });
}

/** Entries of a tar archive (names and sizes), enough to tell a data-folder archive. */
function tarEntries(tar: Buffer): { name: string; size: number; offset: number }[] {
  const entries: { name: string; size: number; offset: number }[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    if (header.toString('latin1', 257, 262) !== 'ustar') throw new BackupError('the archive is not a tar file');
    const field = (start: number, length: number): string => header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new BackupError('the archive has a broken tar header');
    entries.push({ name, size, offset: offset + 512 });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/**
 * Reads and checks a backup archive: gzip (or plain tar) holding a PostgreSQL data folder.
 * @returns the uncompressed tar and the PostgreSQL major version it was written by
 * @throws BackupError for a missing or unreadable file, or one that is not such an archive
 */
export function readBackup(file: string): { tar: Buffer; pgVersion: string } {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`no backup file at ${file}`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file`);
    throw new BackupError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let tar: Buffer = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = zlib.gunzipSync(bytes);
    } catch (error) {
      throw new BackupError(`${file} is damaged: it cannot be decompressed (${(error as Error).message})`);
    }
  }
  let entries: ReturnType<typeof tarEntries>;
  try {
    entries = tarEntries(tar);
  } catch (error) {
    if (error instanceof BackupError) throw new BackupError(`${file} is not a backup of this site's database: ${error.message}`);
    throw error;
  }
  const version = entries.find((e) => e.name === 'PG_VERSION' || e.name.endsWith('/PG_VERSION'));
  if (!version || version.offset + version.size > tar.length) {
    throw new BackupError(`${file} is not a backup of this site's database: it holds no PostgreSQL data folder`);
  }
  return { tar, pgVersion: tar.toString('latin1', version.offset, version.offset + version.size).trim() };
}

/** What {@link restoreBackup} did. */
export interface RestoreResult {
  /** The restored database's folder (`DATA_DIR/pgdata`). */
  restoredInto: string;
  /** Where the database that was there before was moved (`--replace`), if any. */
  previousMovedTo?: string;
  /** PostgreSQL major version of the archive. */
  pgVersion: string;
  /** Highest migration recorded in the restored database. */
  schemaVersion: number;
}

/**
 * Restores an archive into `DATA_DIR/pgdata`, under the folder's lock: so it is refused while a
 * server (or another operator command) holds `DATA_DIR`.
 *
 * The archive is unpacked and opened in a staging folder first (`pgdata.restoring`), and only
 * put in place once it opened as this site's database. An existing database is never
 * overwritten: without `replace` the restore is refused; with it the old folder is kept as
 * `pgdata.before-restore-<time>`.
 *
 * @throws BackupError with the holder's PID when a process holds `DATA_DIR`; for a missing,
 *   damaged or foreign archive; when a database exists and `replace` is false
 */
export async function restoreBackup(options: {
  dataDir: string;
  file: string;
  replace?: boolean;
  PGlite?: PGliteOptions['PGlite'];
}): Promise<RestoreResult> {
  const { dataDir, file } = options;
  const { tar, pgVersion } = readBackup(file);
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `restore needs the server stopped: process ${error.pid} holds ${dataDir} (lock file ${error.lockPath}). Stop it, then run the restore again.`,
      );
    }
    throw error;
  }
  try {
    const target = path.join(dataDir, PGLITE_SUBDIR);
    const occupied = fs.existsSync(target) && fs.readdirSync(target).length > 0;
    if (occupied && !options.replace) {
      throw new BackupError(
        `${target} already holds a database. Restore into an empty DATA_DIR, or add --replace to keep the current database as ${PGLITE_SUBDIR}.before-restore-<time> and put the backup in its place.`,
      );
    }
    const staging = `${target}.restoring`;
    fs.rmSync(staging, { recursive: true, force: true });
    let schemaVersion: number;
    try {
      const db = await openPGlite(staging, { PGlite: options.PGlite, loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }) });
      try {
        const rows = await db
          .query<{ version: number | null }>('SELECT max(version)::int AS version FROM schema_migrations')
          .catch(() => [] as { version: number | null }[]);
        const version = rows[0]?.version;
        if (typeof version !== 'number') {
          throw new BackupError(`${file} holds a PostgreSQL data folder, but not this site's database (no schema_migrations)`);
        }
        schemaVersion = version;
      } finally {
        await db.close();
      }
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      if (error instanceof BackupError) throw error;
      throw new BackupError(
        `${file} could not be opened by this PGlite (archive written by PostgreSQL ${pgVersion}): ${(error as Error).message}`,
      );
    }
    let previousMovedTo: string | undefined;
    if (fs.existsSync(target)) {
      if (occupied) {
        previousMovedTo = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        fs.renameSync(target, previousMovedTo);
      } else fs.rmdirSync(target);
    }
    fs.renameSync(staging, target);
    return { restoredInto: target, previousMovedTo, pgVersion, schemaVersion };
  } finally {
    lock.release();
  }
}
