import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config.js';
import { DataDirLockedError } from '../db/lock.js';
import { AdminCommandError, AdminCommands, SERVER_DATABASE_COMMAND, type AdminArgs } from '../admin/registry.js';
import { AdminUnavailableError, adminSocketPath, callAdmin, currentOsUser } from '../admin/socket.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { describeDatabase } from '../db/describe.js';
import { openDatabase, PGLITE_SUBDIR } from '../db/open.js';

/**
 * How an operator command runs (ARCHITECTURE.md "Data"): through the running server's admin
 * socket (`DATA_DIR/admin.sock`) when it answers and uses the same database; otherwise in this
 * process, on the database opened under the data folder's lock (so no server can start on it
 * meanwhile), or directly against PostgreSQL with `DATABASE_URL`. It never creates an
 * embedded database unless asked (`init`), so a wrong `DATA_DIR` is reported instead of
 * answered from a new, empty database.
 */

/**
 * The server answering on `DATA_DIR/admin.sock` uses another database than the command's
 * configuration names (a `DATABASE_URL` set on one side only, or another PostgreSQL).
 */
export class DatabaseMismatchError extends Error {
  override name = 'DatabaseMismatchError';
}

/**
 * No embedded database where the configuration points: the operator's `DATA_DIR` is probably
 * not the server's. Its message names the folder looked for and what to do.
 */
export class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
}

/** True when `DATA_DIR` holds an embedded database (PGlite writes `PG_VERSION` when it creates one). */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, PGLITE_SUBDIR, 'PG_VERSION'));
}

/** Where a command ran. */
export type RanVia = 'server' | 'embedded' | 'postgres';

/** What {@link runOperatorCommand} needs. */
export interface OperatorCommand {
  config: Pick<Config, 'dataDir' | 'databaseUrl'>;
  /** Registered name, e.g. `forms.export`. */
  command: string;
  args: AdminArgs;
  /** Registers the component's commands over `db` (the same function the server calls at start). */
  register(commands: AdminCommands, db: Database): void;
  /**
   * Create the embedded database when `DATA_DIR` has none (`--init`); otherwise that is
   * refused with {@link NoDatabaseError} and nothing is created.
   */
  init?: boolean;
  /** What the tool calls `--init` in its advice, or undefined when it has no such option. */
  initOption?: string;
}

/** Where a command ran, and on which database. */
export interface OperatorOutcome {
  result: unknown;
  via: RanVia;
  /** {@link describeDatabase} of the configuration. */
  database: string;
}

async function runLocally(op: OperatorCommand): Promise<unknown> {
  const db = await openDatabase(op.config);
  try {
    await migrate(db);
    const commands = new AdminCommands();
    op.register(commands, db);
    return await commands.run(op.command, op.args, { actor: currentOsUser() });
  } finally {
    await db.close();
  }
}

/**
 * Runs one operator command where it must run.
 *
 * @returns the command's result, where it ran and on which database
 * @throws DatabaseMismatchError when the server on the socket uses another database
 * @throws NoDatabaseError when neither a server answers on `DATA_DIR/admin.sock` nor an
 *   embedded database exists in `DATA_DIR` (without `init`); nothing is created then
 * @throws AdminCommandError with the command's refusal (bad arguments, …)
 * @throws DataDirLockedError (with advice) when a process holds the data folder but does not
 *   answer on the socket (a server still starting up)
 * @throws the database's error when it cannot be opened
 */
export async function runOperatorCommand(op: OperatorCommand): Promise<OperatorOutcome> {
  const database = describeDatabase(op.config);
  const socket = adminSocketPath(op.config.dataDir);
  let server: string | undefined;
  try {
    const answer = (await callAdmin(socket, SERVER_DATABASE_COMMAND, {}, 10_000)) as { database?: unknown } | null;
    server = typeof answer?.database === 'string' ? answer.database : database;
  } catch (error) {
    // A server from before `server.database` existed: its socket is in our DATA_DIR, trust it as before.
    if (error instanceof AdminCommandError) server = database;
    else if (!(error instanceof AdminUnavailableError)) throw error;
  }
  if (server !== undefined) {
    if (server !== database) {
      throw new DatabaseMismatchError(
        `the server answering on ${socket} uses ${server}, but this command is configured for ${database}. ` +
          'Run it with the same DATA_DIR and DATABASE_URL as the server. Nothing was changed.',
      );
    }
    return { result: await callAdmin(socket, op.command, op.args), via: 'server', database };
  }
  if (op.config.databaseUrl) return { result: await runLocally(op), via: 'postgres', database };
  if (!op.init && !embeddedDatabaseExists(op.config.dataDir)) {
    throw new NoDatabaseError(
      `no database in ${path.join(op.config.dataDir, PGLITE_SUBDIR)} and no server answers on ${socket}. ` +
        `Set DATA_DIR to the server's data folder (its start-up log names the database)${op.initOption ? `, or pass ${op.initOption} to create a new database there` : ''}. Nothing was created.`,
    );
  }
  return { result: await runLocally(op), via: 'embedded', database };
}

/**
 * One line for stderr saying which database a command used and how, e.g.
 * `remotes: database PGlite in /srv/kb/data/pgdata, through the running server`.
 */
export function describeOutcome(tool: string, outcome: Pick<OperatorOutcome, 'via' | 'database'>): string {
  const how =
    outcome.via === 'server' ? 'through the running server' : outcome.via === 'postgres' ? 'directly' : 'opened directly (no server running)';
  return `${tool}: database ${outcome.database}, ${how}\n`;
}

/**
 * Reports an operator command's failure on stderr as `<tool>: <message>` and returns its exit
 * status: 2 for a configuration error (wrong usage of the environment), 1 for a refusal
 * (`AdminCommandError`), a data folder held by another process (with advice to wait for a
 * starting server) or any other failure.
 *
 * @param tool the command's name as the operator typed it (`forms`, `remotes`, `db`)
 */
export function reportOperatorError(tool: string, error: unknown): 1 | 2 {
  if (error instanceof ConfigError) {
    process.stderr.write(`${tool}: ${error.message}\n`);
    return 2;
  }
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${tool}: ${error.message}\nIf the server is starting up, wait until it listens and try again.\n`);
    return 1;
  }
  process.stderr.write(`${tool}: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}
