/**
 * The command line of the repository's scripts (bench/, soak/, server/scripts/), read with
 * Node's `util.parseArgs` the way the server's own tools read theirs (server/src/cli/args.ts):
 * `--help` or `-h` prints the usage on stdout and exits 0; wrong usage prints
 * `<tool>: <message>` and the usage on stderr and exits 2.
 */
import { parseArgs } from 'node:util';

/**
 * Prints `<tool>: <message>`, a blank line and the usage on stderr, and exits with status 2.
 * @param {string} tool
 * @param {string} usage
 * @param {string} message
 * @returns {never}
 */
export function usageError(tool, usage, message) {
  process.stderr.write(`${tool}: ${message}\n\n${usage}\n`);
  process.exit(2);
}

/** One sentence for a `util.parseArgs` error (its own messages name Node's API, not the tool). */
function usageMessage(error) {
  const quoted = /'(-[^' ]*)/.exec(error.message)?.[1] ?? '';
  // parseArgs names an option with a short alias as '-h, --help'.
  const name = /'(?:-\w, )?(--[^' ]+)/.exec(error.message)?.[1] ?? quoted;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${quoted}`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument ${/'([^']*)'/.exec(error.message)?.[1] ?? ''}`.trim();
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return /does not take an argument/.test(error.message) ? `${name} takes no value` : `${name} needs a value`;
  }
  return error.message.split('\n')[0];
}

/**
 * Reads the script's arguments with `util.parseArgs` (strict); `help`/`h` is added to `options`.
 * On `--help`, writes `usage` to stdout and exits 0; on wrong usage, exits 2 ({@link usageError}).
 *
 * @param {{ tool: string, usage: string, options: import('node:util').ParseArgsConfig['options'],
 *   allowPositionals?: boolean, argv?: string[] }} spec `argv` defaults to `process.argv.slice(2)`
 * @returns {{ values: Record<string, string | boolean | undefined>, positionals: string[] }}
 */
export function readCommandLine({ tool, usage, options, allowPositionals = false, argv = process.argv.slice(2) }) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true });
  } catch (error) {
    if (!String(error.code).startsWith('ERR_PARSE_ARGS_')) throw error;
    usageError(tool, usage, usageMessage(error));
  }
  if (parsed.values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}
