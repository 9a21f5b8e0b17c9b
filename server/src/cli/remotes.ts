import { loadConfig } from '../config.js';
import { registerReleaseCommands } from '../releases/commands.js';
import type { Release } from '../releases/registry.js';
import { HelpRequested, parseCommandLine, reportUsage, UsageError } from './args.js';
import { reportOperatorError, runOperatorCommand } from './operator.js';

/**
 * `npm run remotes -- …`: the release registry's operator commands (docs/operations.md).
 *
 *   list [name]
 *   publish <name> [--base-url URL]
 *   activate <name> <version>
 *   rollback <name>
 *
 * Exit status: 0 done, 1 refused or failed, 2 wrong usage.
 */

const USAGE = `Usage: npm run remotes -- <command>

  list [name]                      every release (of one remote), newest first; * marks the active one
  publish <name> [--base-url URL]  copy the remote's current build into RELEASES_DIR as a new release
                                   (with --base-url: record a copy already uploaded there, e.g. a CDN)
  activate <name> <version>        make that release active (seen on the next page load)
  rollback <name>                  go back to the release that was active before

Remotes: knowledge, assistant, forms. Runs through the server's admin socket when the server
runs, else on the database directly (DATABASE_URL, or DATA_DIR under its lock).`;

/** An operator command from the command line. */
export interface RemotesCommandLine {
  command: string;
  args: Record<string, unknown>;
}

/**
 * Parses the arguments after `npm run remotes --`.
 * @throws HelpRequested for `help`, `--help` or `-h`
 * @throws UsageError naming what is wrong (an empty message for no command: usage alone)
 */
export function parseRemotesArgs(argv: readonly string[]): RemotesCommandLine {
  const line = parseCommandLine(argv, { values: ['base-url'], needsValue: { 'base-url': '--base-url needs a URL' } });
  const baseUrl = line.values.get('base-url');
  if (baseUrl === '') throw new UsageError('--base-url needs a URL');
  const [verb, ...rest] = line.positionals;
  if (baseUrl !== undefined && verb !== 'publish') throw new UsageError('--base-url goes with publish');
  switch (verb) {
    case 'list':
      if (rest.length > 1) throw new UsageError('list takes at most one remote name');
      return { command: 'remotes.list', args: rest[0] ? { name: rest[0] } : {} };
    case 'publish':
      if (rest.length !== 1) throw new UsageError('publish which remote?');
      return { command: 'remotes.publish', args: { name: rest[0], ...(baseUrl ? { baseUrl } : {}) } };
    case 'activate':
      if (rest.length !== 2) throw new UsageError('activate needs a remote name and a version');
      return { command: 'remotes.activate', args: { name: rest[0], version: rest[1] } };
    case 'rollback':
      if (rest.length !== 1) throw new UsageError('rollback which remote?');
      return { command: 'remotes.rollback', args: { name: rest[0] } };
    case 'help':
      throw new HelpRequested();
    default:
      throw new UsageError(verb === undefined ? '' : `unknown command "${verb}"`);
  }
}

function show(command: string, result: unknown): string {
  switch (command) {
    case 'remotes.list': {
      const releases = result as Release[];
      if (releases.length === 0) return 'No releases yet: build the remotes and start the server, or publish one.';
      return releases
        .map((r) => `${r.active ? '*' : ' '} ${r.name.padEnd(10)} ${r.version.padEnd(24)} ${r.publishedAt}${r.baseUrl ? `  ${r.baseUrl}` : ''}`)
        .join('\n');
    }
    case 'remotes.publish': {
      const r = result as Release;
      return `Published ${r.name}@${r.version}${r.baseUrl ? ` at ${r.baseUrl}` : ''}. Activate it with: npm run remotes -- activate ${r.name} ${r.version}`;
    }
    case 'remotes.activate': {
      const r = result as { name: string; version: string };
      return `${r.name}@${r.version} is active; visitors get it on their next page load.`;
    }
    default: {
      const r = result as { from: string; to: string };
      return `Rolled back from ${r.from} to ${r.to}; visitors get it on their next page load.`;
    }
  }
}

/**
 * Runs the tool with the arguments after `--`.
 * @returns the exit status: 0 done (or `--help`), 1 refused or failed, 2 wrong usage
 */
export async function main(argv: readonly string[]): Promise<number> {
  let parsed: RemotesCommandLine;
  try {
    parsed = parseRemotesArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportUsage(error, USAGE, 'remotes: ');
  }
  try {
    const config = loadConfig();
    const { result } = await runOperatorCommand({
      config,
      command: parsed.command,
      args: parsed.args,
      register: (commands, db) =>
        registerReleaseCommands(commands, { db, webRoot: config.webRoot, releasesDir: config.releasesDir }),
    });
    process.stdout.write(`${show(parsed.command, result)}\n`);
    return 0;
  } catch (error) {
    return reportOperatorError('remotes', error);
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
