import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';

/**
 * What the operator CLIs (`npm run corpus|forms|db|remotes -- …`) and the server's entry point
 * share: reading a command line with Node's `util.parseArgs`, reporting wrong usage (exit 2),
 * and loading the configuration or exiting.
 */

/** Wrong usage of a command: the message (empty: only the usage text) goes to stderr, exit status 2. */
export class UsageError extends Error {}

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

/**
 * Reads `argv` (the arguments after the script) with `util.parseArgs`. `--help` or `-h`
 * anywhere asks for the usage text alone.
 *
 * @throws UsageError `unknown option --x` for an option not in `spec`, `--name needs a value`
 *   (or `spec.needsValue[name]`) for a value option without one, `--name takes no value` for a
 *   flag given one, and with an empty message for `--help`
 */
export function parseCommandLine(argv: readonly string[], spec: CommandLineSpec = {}): CommandLine {
  const valueNames = new Set(spec.values ?? []);
  const flagNames = new Set(spec.flags ?? []);
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of valueNames) options[name] = { type: 'string' };
  for (const name of flagNames) options[name] = { type: 'boolean' };
  const { tokens } = parseArgs({ args: [...argv], options, allowPositionals: true, strict: false, tokens: true });
  const line: CommandLine = { positionals: [], values: new Map(), flags: new Set() };
  for (const token of tokens) {
    if (token.kind === 'positional') line.positionals.push(token.value);
    if (token.kind !== 'option') continue;
    if (token.name === 'help' || token.name === 'h') throw new UsageError('');
    if (valueNames.has(token.name)) {
      if (token.value === undefined) throw new UsageError(spec.needsValue?.[token.name] ?? `${token.rawName} needs a value`);
      line.values.set(token.name, token.value);
    } else if (flagNames.has(token.name)) {
      if (token.inlineValue) throw new UsageError(`${token.rawName} takes no value`);
      line.flags.add(token.name);
    } else {
      throw new UsageError(`unknown option ${token.rawName}`);
    }
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
 * Writes a usage error to stderr: `<prefix><message>` and a blank line (when there is a
 * message), then the usage text.
 *
 * @param prefix put before the message, e.g. `forms: `
 * @returns 2, the exit status of wrong usage
 */
export function reportUsageError(error: UsageError, usage: string, prefix = ''): 2 {
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
