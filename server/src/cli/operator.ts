import { ConfigError, type Config } from '../config.js';
import { DataDirLockedError } from '../db/lock.js';
import { AdminCommands, type AdminArgs } from '../admin/registry.js';
import { AdminUnavailableError, adminSocketPath, callAdmin } from '../admin/socket.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';

/**
 * How an operator command runs (ARCHITECTURE.md "Data"): through the running server's admin
 * socket when it answers; otherwise in this process, on the database opened under the data
 * folder's lock (so no server can start on it meanwhile); with `DATABASE_URL`, always directly
 * against PostgreSQL.
 */

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
}

async function runLocally(op: OperatorCommand): Promise<unknown> {
  const db = await openDatabase(op.config);
  try {
    await migrate(db);
    const commands = new AdminCommands();
    op.register(commands, db);
    return await commands.run(op.command, op.args);
  } finally {
    await db.close();
  }
}

/**
 * Runs one operator command where it must run.
 *
 * @returns the command's result and where it ran
 * @throws AdminCommandError with the command's refusal (bad arguments, …)
 * @throws DataDirLockedError (with advice) when a process holds the data folder but does not
 *   answer on the socket (a server still starting up)
 * @throws the database's error when it cannot be opened
 */
export async function runOperatorCommand(op: OperatorCommand): Promise<{ result: unknown; via: RanVia }> {
  if (op.config.databaseUrl) return { result: await runLocally(op), via: 'postgres' };
  try {
    return { result: await callAdmin(adminSocketPath(op.config.dataDir), op.command, op.args), via: 'server' };
  } catch (error) {
    if (!(error instanceof AdminUnavailableError)) throw error;
  }
  return { result: await runLocally(op), via: 'embedded' };
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
