/**
 * The registry of operator commands (ARCHITECTURE.md "Data"). Components import it to add
 * their commands (`forms/commands.ts`, `releases/commands.ts`, …); the composition root
 * (`operations.ts`) registers them and hands the registry to the admin socket
 * (`admin/socket.ts`) or, with no server running, an operator CLI runs it in its own process.
 * It imports nothing of the server, so no command module can form an import cycle through it.
 */

/**
 * The command a server registers to answer `{ database }`, the database it uses in words
 * (`db/describe.ts`); operator commands ask it first and refuse to act through a server on
 * another database than their own configuration names.
 */
export const SERVER_DATABASE_COMMAND = 'server.database';

/** Arguments of a command: a JSON object. */
export type AdminArgs = Readonly<Record<string, unknown>>;

/** Who runs a command: sent with each admin-socket request, or the CLI's own user in-process. */
export interface AdminContext {
  /**
   * The operator's OS user name (`os.userInfo().username` of the CLI), `start` for what
   * `npm start` does itself, `unknown` when a client sent none. Only the socket's owner (mode
   * 0600) can connect, so it names a user of the server's account (or root), as they said.
   */
  actor: string;
}

/** The context of a request that named no actor. */
export const UNKNOWN_ACTOR: AdminContext = { actor: 'unknown' };

/** One operator command. */
export interface AdminCommand {
  /** One line for `help`. */
  description: string;
  /**
   * Runs the command.
   * @returns a JSON-serializable result
   * @throws AdminCommandError for a refusal the operator should read (bad arguments, …);
   *   any other error is answered as `internal error` and logged
   */
  run(args: AdminArgs, context: AdminContext): Promise<unknown>;
}

/** A refusal whose message is shown to the operator as it is. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

/** The registry of operator commands, by dotted name (`forms.export`, `remotes.publish`, …). */
export class AdminCommands {
  private readonly commands = new Map<string, AdminCommand>();

  /**
   * Adds a command.
   * @throws Error when `name` is taken (`help` and `ping` are built in) or not `lowercase.dotted-name`
   */
  register(name: string, command: AdminCommand): this {
    if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/.test(name)) throw new Error(`invalid admin command name "${name}"`);
    if (this.commands.has(name) || name === 'help' || name === 'ping') throw new Error(`admin command "${name}" is already registered`);
    this.commands.set(name, command);
    return this;
  }

  /** Names and descriptions of every command, sorted by name. */
  list(): { name: string; description: string }[] {
    return [...this.commands.entries()]
      .map(([name, c]) => ({ name, description: c.description }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Runs a command by name on behalf of `context.actor`.
   * @throws AdminCommandError for an unknown command, and whatever the command throws
   */
  async run(name: string, args: AdminArgs = {}, context: AdminContext = UNKNOWN_ACTOR): Promise<unknown> {
    if (name === 'help') return this.list();
    if (name === 'ping') return { pong: true, pid: process.pid };
    const command = this.commands.get(name);
    if (!command) throw new AdminCommandError(`unknown command "${name}"; try "help"`);
    return command.run(args, context);
  }
}
