import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';

/**
 * What the command-line tools (`npm run corpus|forms|db|remotes|eval -- …`, the attestation
 * tool) and the server's entry point share: reading a command line with Node's
 * `util.parseArgs` (strict), `--help` (usage on stdout, exit 0), wrong usage (message and
 * usage on stderr, exit 2), and loading the configuration or exiting.
 */

/** Wrong usage of a command: the message (empty: only the usage text) goes to stderr, exit status 2. */
export class UsageError extends Error {}

/** `--help`, `-h` (or a tool's `help` command): the usage text goes to stdout, exit status 0. */
export class HelpRequested extends UsageError {
  constructor() {
    super('');
  }
}

/** The options a command line may carry. */
export interface CommandLineSpec {
  /** Options with a value: `--name value` or `--name=value` (`--name=` gives the empty string). */
  values?: readonly string[];
  /** Options without a value: `--name`. */
  flags?: readonly string[];
  /** The message for an option of `values` given without one (default `--name needs a value`). */
  needsValue?: Readonly<Record<string, string>>;
}

/** A command line, read. */
export interface CommandLine {
  /** The arguments that are not options, in order (everything after `--` too). */
  positionals: string[];
  /** Each value option given (the last one when repeated). */
  values: Map<string, string>;
  /** Each flag given. */
  flags: Set<string>;
}

/** One sentence for a `util.parseArgs` error (their own messages name Node's API, not the tool). */
function usageMessage(error: Error & { code?: string }, spec: CommandLineSpec): string {
  const quoted = /'(-[^' ]*)/.exec(error.message)?.[1] ?? '';
  // parseArgs names an option with a short alias as '-h, --help'.
  const name = /'(?:-\w, )?(--[^' ]+)/.exec(error.message)?.[1] ?? quoted;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${quoted}`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(error.message)) return `${name} takes no value`;
    return spec.needsValue?.[name.slice(2)] ?? `${name} needs a value`;
  }
  return error.message.split('\n')[0] ?? error.message;
}

/**
 * Reads `argv` (the arguments after the script) with `util.parseArgs` in strict mode. `--help`
 * or `-h` anywhere asks for the usage text alone.
 *
 * @throws HelpRequested for `--help` or `-h`
 * @throws UsageError `unknown option --x` for an option not in `spec`, `--name needs a value`
 *   (or `spec.needsValue[name]`) for a value option without one (or followed by another
 *   option: `--name=-x` passes a value starting with a dash), `--name takes no value` for a
 *   flag given one
 */
export function parseCommandLine(argv: readonly string[], spec: CommandLineSpec = {}): CommandLine {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const name of spec.values ?? []) options[name] = { type: 'string' };
  for (const name of spec.flags ?? []) options[name] = { type: 'boolean' };
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    const e = error as Error & { code?: string };
    if (!e.code?.startsWith('ERR_PARSE_ARGS_')) throw error;
    throw new UsageError(usageMessage(e, spec));
  }
  if (parsed.values.help === true) throw new HelpRequested();
  const line: CommandLine = { positionals: parsed.positionals, values: new Map(), flags: new Set() };
  for (const [name, value] of Object.entries(parsed.values)) {
    if (name === 'help' || value === undefined) continue;
    if (typeof value === 'string') line.values.set(name, value);
    else if (value) line.flags.add(name);
  }
  return line;
}

/**
 * Refuses options of `line` other than `names` (a command's own subset of the CLI's options).
 * @throws UsageError `unknown option --x`
 */
export function onlyOptions(line: CommandLine, ...names: string[]): void {
  for (const name of [...line.values.keys(), ...line.flags]) {
    if (!names.includes(name)) throw new UsageError(`unknown option --${name}`);
  }
}

/**
 * Reports a usage error or a request for help and returns the exit status: for
 * {@link HelpRequested}, the usage text on stdout and 0; otherwise `<prefix><message>` and a
 * blank line (when there is a message), then the usage text, on stderr, and 2.
 *
 * @param prefix put before the message, e.g. `forms: `
 */
export function reportUsage(error: UsageError, usage: string, prefix = ''): 0 | 2 {
  if (error instanceof HelpRequested) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (error.message) process.stderr.write(`${prefix}${error.message}\n\n`);
  process.stderr.write(`${usage}\n`);
  return 2;
}

/**
 * The configuration from the environment; on a configuration error, writes
 * `Configuration error: <message>` to stderr and exits with status 1 (the server and
 * `npm run corpus`).
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
