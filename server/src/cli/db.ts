import path from 'node:path';
import { loadConfig } from '../config.js';
import { registerDbCommands, restoreBackup, type BackupResult } from '../db/backup.js';
import { HelpRequested, onlyOptions, parseCommandLine, reportUsage, UsageError } from './args.js';
import { describeOutcome, reportOperatorError, runOperatorCommand } from './operator.js';

/**
 * `npm run db -- …`: backups of the embedded database (docs/operations.md).
 *
 *   backup <file>             archive of DATA_DIR/pgdata, taken by the running server (admin
 *                             socket) or, with no server, by this command under the lock
 *   restore <file> [--replace] unpack an archive into DATA_DIR/pgdata; the server must be stopped
 *
 * With DATABASE_URL both answer with the pg_dump / pg_restore command to use instead.
 * Exit status: 0 done, 1 failed or refused, 2 wrong usage.
 */

const USAGE = `Usage: npm run db -- <command>

  backup <file>
        Write an archive of the embedded database (DATA_DIR/pgdata) to <file> (a new file,
        mode 0600). Works while the server runs: the server writes it.
  restore <file> [--replace]
        Put the database of an archive into DATA_DIR/pgdata. The server must be stopped. An
        existing database is kept as pgdata.before-restore-<time> with --replace, and
        otherwise the restore is refused.

With DATABASE_URL (a PostgreSQL server) use pg_dump and pg_restore instead; the commands
print how.`;

/** A command line of `npm run db`, read. */
export interface DbCommandLine {
  verb: 'backup' | 'restore';
  /** Absolute path: a relative name is resolved against the caller's folder (`INIT_CWD`). */
  file: string;
  replace: boolean;
}

/**
 * Parses the arguments after `npm run db --`.
 * @throws HelpRequested for `help`, `--help` or `-h`
 * @throws UsageError naming what is wrong (an empty message for no command: usage alone)
 */
export function parseDbArgs(argv: readonly string[]): DbCommandLine {
  const line = parseCommandLine(argv, { flags: ['replace'] });
  const [verb, ...rest] = line.positionals;
  if (verb === 'help') throw new HelpRequested();
  if (verb === undefined) throw new UsageError('');
  if (verb !== 'backup' && verb !== 'restore') throw new UsageError(`unknown command "${verb}"`);
  onlyOptions(line, ...(verb === 'restore' ? ['replace'] : []));
  if (rest.length !== 1 || rest[0] === '') throw new UsageError(`${verb} needs one file name`);
  // npm runs scripts in the repository root; a relative name means the caller's folder.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), rest[0] ?? '');
  return { verb, file, replace: line.flags.has('replace') };
}

function postgresAdvice(verb: DbCommandLine['verb'], file: string): string {
  return verb === 'backup'
    ? `DATABASE_URL is set: back up the PostgreSQL database with pg_dump, e.g.\n  pg_dump --format=custom --file=${file} "$DATABASE_URL"\n`
    : `DATABASE_URL is set: restore a pg_dump archive with pg_restore, e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}\n(stop the server first).\n`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Runs the tool with the arguments after `--`.
 * @returns the exit status: 0 done (or `--help`), 1 refused or failed, 2 wrong usage
 */
export async function main(argv: readonly string[]): Promise<number> {
  let parsed: DbCommandLine;
  try {
    parsed = parseDbArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportUsage(error, USAGE, 'db: ');
  }
  try {
    const config = loadConfig();
    if (config.databaseUrl) {
      process.stderr.write(postgresAdvice(parsed.verb, parsed.file));
      return 1;
    }
    if (parsed.verb === 'backup') {
      const outcome = await runOperatorCommand({
        config,
        command: 'db.backup',
        args: { file: parsed.file },
        register: (commands, db) => registerDbCommands(commands, { db }),
      });
      const r = outcome.result as BackupResult;
      process.stderr.write(describeOutcome('db', outcome));
      process.stdout.write(`Backup written to ${r.file} (${megabytes(r.bytes)}, ${outcome.via === 'server' ? 'by the running server' : 'the server was not running'}).\n`);
      return 0;
    }
    const r = await restoreBackup({ dataDir: config.dataDir, file: parsed.file, replace: parsed.replace });
    process.stdout.write(
      `Restored ${parsed.file} into ${r.restoredInto} (PostgreSQL ${r.pgVersion}, schema version ${r.schemaVersion}).\n` +
        (r.previousMovedTo ? `The database that was there is kept in ${r.previousMovedTo}.\n` : '') +
        'Start the server as usual; it applies any newer migrations.\n',
    );
    return 0;
  } catch (error) {
    return reportOperatorError('db', error);
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
