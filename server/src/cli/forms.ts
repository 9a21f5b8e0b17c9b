import fs from 'node:fs';
import { loadConfig } from '../config.js';
import { registerFormsCommands } from '../forms/commands.js';
import { HelpRequested, onlyOptions, parseCommandLine, reportUsage, UsageError } from './args.js';
import { describeOutcome, reportOperatorError, runOperatorCommand } from './operator.js';

/**
 * `npm run forms -- …`: the forms' operator commands (docs/operations.md).
 *
 *   export contacts|subscribers [--since DATE] [--format csv|json] [--out FILE]
 *   delete <email>
 *   purge --older-than <days>
 *
 * Exit status: 0 done, 1 failed, 2 wrong usage.
 */

const USAGE = `Usage: npm run forms -- <command>

  export contacts|subscribers [--since DATE] [--format csv|json] [--out FILE]
        Contact messages or newsletter subscribers (with each one's unsubscribe URL), stored
        at or after DATE (2025-01-31 or an ISO date-time). CSV by default; written to
        standard output, or to FILE (created with mode 0600: it holds personal data).
  delete <email>
        Erase that person's subscription and contact messages (letter case ignored).
  purge --older-than <days>
        Delete contact messages older than <days> days.

Runs through the server's admin socket (DATA_DIR/admin.sock) when the server runs, else on
the database directly (DATABASE_URL, or DATA_DIR under its lock).`;

/** An operator command from the command line. */
export interface FormsCommandLine {
  command: string;
  args: Record<string, unknown>;
  out?: string;
}

/**
 * Parses the arguments after `npm run forms --` into an operator command.
 * @throws HelpRequested for `help`, `--help` or `-h`
 * @throws UsageError naming what is wrong (an empty message for no command: usage alone)
 */
export function parseFormsArgs(argv: readonly string[]): FormsCommandLine {
  const line = parseCommandLine(argv, { values: ['since', 'format', 'out', 'older-than'] });
  const options = line.values;
  const allow = (...names: string[]): void => onlyOptions(line, ...names);
  const [verb, ...rest] = line.positionals;
  switch (verb) {
    case 'export': {
      allow('since', 'format', 'out');
      if (rest.length !== 1) throw new UsageError('export what? contacts or subscribers');
      return {
        command: 'forms.export',
        args: { kind: rest[0], format: options.get('format') ?? 'csv', since: options.get('since') },
        out: options.get('out'),
      };
    }
    case 'delete':
      allow();
      if (rest.length !== 1) throw new UsageError('delete whom? give one e-mail address');
      return { command: 'forms.delete', args: { email: rest[0] } };
    case 'purge': {
      allow('older-than');
      const raw = options.get('older-than');
      if (rest.length !== 0 || raw === undefined || !/^\d+$/.test(raw)) throw new UsageError('purge needs --older-than <days>');
      return { command: 'forms.purge', args: { olderThanDays: Number(raw) } };
    }
    case 'help':
      throw new HelpRequested();
    default:
      throw new UsageError(verb === undefined ? '' : `unknown command "${verb}"`);
  }
}

function describe(command: string, result: unknown): string {
  const r = (result ?? {}) as { subscriptions?: number; messages?: number };
  if (command === 'forms.delete') return `Erased ${r.subscriptions ?? 0} subscription(s) and ${r.messages ?? 0} contact message(s).`;
  return `Deleted ${r.messages ?? 0} contact message(s).`;
}

/**
 * Runs the tool with the arguments after `--`.
 * @returns the exit status: 0 done (or `--help`), 1 refused or failed, 2 wrong usage
 */
export async function main(argv: readonly string[]): Promise<number> {
  let parsed: FormsCommandLine;
  try {
    parsed = parseFormsArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportUsage(error, USAGE, 'forms: ');
  }
  try {
    const config = loadConfig();
    const outcome = await runOperatorCommand({
      config,
      command: parsed.command,
      args: parsed.args,
      register: (commands, db) => registerFormsCommands(commands, { db, publicOrigin: config.publicOrigin }),
    });
    const { result } = outcome;
    if (parsed.command === 'forms.export') {
      const text = (result as { text?: unknown } | null)?.text;
      if (typeof text !== 'string') throw new Error('the export gave no text');
      if (parsed.out) fs.writeFileSync(parsed.out, text, { mode: 0o600 });
      else process.stdout.write(text);
    } else {
      process.stdout.write(`${describe(parsed.command, result)}\n`);
    }
    process.stderr.write(describeOutcome('forms', outcome));
    return 0;
  } catch (error) {
    return reportOperatorError('forms', error);
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
