import { loadConfig } from '../config.js';
import { registerReleaseCommands } from '../releases/commands.js';
import type { ActivationResult, AuditEvent, CanaryResult, PruneResult, PublishResult, Release } from '../releases/registry.js';
import { HelpRequested, onlyOptions, parseCommandLine, reportUsage, UsageError } from './args.js';
import { describeDatabase } from '../db/describe.js';
import { describeOutcome, NoDatabaseError, reportOperatorError, runOperatorCommand } from './operator.js';

/**
 * `npm run remotes -- …`: the release registry's operator commands (docs/operations.md).
 *
 *   list [name]
 *   publish <name> [--base-url URL] [--force]
 *   activate <name> <version> [--percent N] [--force]
 *   promote <name>
 *   rollback <name>
 *   history [name] [--limit N]
 *   prune --keep N [name]
 *
 * `--init` (any command) creates the embedded database when DATA_DIR has none; without it a
 * DATA_DIR without a database is refused and nothing is created. Every run says on stderr
 * which database it used. Exit status: 0 done, 1 refused or failed, 2 wrong usage.
 */

const USAGE = `Usage: npm run remotes -- <command> [--init]

  list [name]                      every release (of one remote), newest first; * marks the active one,
                                   ~ the canary (with its share of visitors)
  publish <name> [--base-url URL]  verify the remote's current build and copy it into RELEASES_DIR as a
                                   new release (with --base-url: verify and record a copy already
                                   uploaded there, e.g. a CDN)
  activate <name> <version>        verify that release and make it active (seen on the next page load)
    [--percent N]                  or start it as the remote's canary: served to N % of visitors
                                   (1-99), the active release to the others; again replaces it
  promote <name>                   make the running canary the active release for every visitor
  rollback <name>                  end the running canary (everyone gets the active release again),
                                   else go back to the release that was active before
  history [name] [--limit N]       who published, activated, rolled back or pruned what, and when
                                   (the latest N entries, default 100, oldest first)
  prune --keep N [name]            remove releases beyond the newest N of each remote (or of one);
                                   never the active, the canary, the rollback target, one active in the last 24 h
                                   or the current build (a --base-url release: only its record)

  --force   publish or activate a release that fails verification (its manifest or remoteEntry.js
            missing, unreadable or not exposing the contract's modules), with a warning
  --init    create the database in DATA_DIR if there is none (otherwise refused: a wrong DATA_DIR)

Remotes: knowledge, assistant, forms. Runs through the server's admin socket when the server
runs on DATA_DIR, else on the database directly (DATABASE_URL, or DATA_DIR under its lock);
stderr says which database was used.`;

/** An operator command from the command line. */
export interface RemotesCommandLine {
  command: string;
  args: Record<string, unknown>;
  /** `--init`: create the embedded database if DATA_DIR has none. */
  init: boolean;
}

function wholeNumber(raw: string | undefined, option: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,6}$/.test(raw)) throw new UsageError(`${option} must be a whole number`);
  return Number(raw);
}

/**
 * Parses the arguments after `npm run remotes --`.
 * @throws HelpRequested for `help`, `--help` or `-h`
 * @throws UsageError naming what is wrong (an empty message for no command: usage alone)
 */
export function parseRemotesArgs(argv: readonly string[]): RemotesCommandLine {
  const line = parseCommandLine(argv, {
    values: ['base-url', 'keep', 'limit', 'percent'],
    flags: ['force', 'init'],
    needsValue: {
      'base-url': '--base-url needs a URL',
      keep: '--keep needs a number of releases',
      limit: '--limit needs a number',
      percent: '--percent needs a share of visitors (1-99)',
    },
  });
  const baseUrl = line.values.get('base-url');
  if (baseUrl === '') throw new UsageError('--base-url needs a URL');
  const [verb, ...rest] = line.positionals;
  if (baseUrl !== undefined && verb !== 'publish') throw new UsageError('--base-url goes with publish');
  const init = line.flags.has('init');
  const force = line.flags.has('force') ? { force: true } : {};
  const command = (name: string, args: Record<string, unknown>): RemotesCommandLine => ({ command: name, args, init });
  switch (verb) {
    case 'list':
      onlyOptions(line, 'init');
      if (rest.length > 1) throw new UsageError('list takes at most one remote name');
      return command('remotes.list', rest[0] ? { name: rest[0] } : {});
    case 'publish':
      onlyOptions(line, 'init', 'base-url', 'force');
      if (rest.length !== 1) throw new UsageError('publish which remote?');
      return command('remotes.publish', { name: rest[0], ...(baseUrl ? { baseUrl } : {}), ...force });
    case 'activate': {
      onlyOptions(line, 'init', 'force', 'percent');
      if (rest.length !== 2) throw new UsageError('activate needs a remote name and a version');
      const percent = wholeNumber(line.values.get('percent'), '--percent');
      if (percent !== undefined && (percent < 1 || percent > 99)) {
        throw new UsageError('--percent must be from 1 to 99 (for every visitor: activate without --percent, or promote)');
      }
      return command('remotes.activate', { name: rest[0], version: rest[1], ...(percent !== undefined ? { percent } : {}), ...force });
    }
    case 'promote':
      onlyOptions(line, 'init');
      if (rest.length !== 1) throw new UsageError('promote which remote?');
      return command('remotes.promote', { name: rest[0] });
    case 'rollback':
      onlyOptions(line, 'init');
      if (rest.length !== 1) throw new UsageError('rollback which remote?');
      return command('remotes.rollback', { name: rest[0] });
    case 'history': {
      onlyOptions(line, 'init', 'limit');
      if (rest.length > 1) throw new UsageError('history takes at most one remote name');
      const limit = wholeNumber(line.values.get('limit'), '--limit');
      if (limit === 0) throw new UsageError('--limit must be at least 1');
      return command('remotes.history', { ...(rest[0] ? { name: rest[0] } : {}), ...(limit ? { limit } : {}) });
    }
    case 'prune': {
      onlyOptions(line, 'init', 'keep');
      if (rest.length > 1) throw new UsageError('prune takes at most one remote name');
      const keep = wholeNumber(line.values.get('keep'), '--keep');
      if (keep === undefined) throw new UsageError('prune needs --keep N (how many of the newest releases to keep)');
      return command('remotes.prune', { keep, ...(rest[0] ? { name: rest[0] } : {}) });
    }
    case 'help':
      throw new HelpRequested();
    default:
      throw new UsageError(verb === undefined ? '' : `unknown command "${verb}"`);
  }
}

/** Warnings of a forced publish or activation, one `remotes: warning: …` line each (stderr). */
function warningLines(warnings: readonly string[]): string {
  return warnings.map((w) => `remotes: warning: ${w}\n`).join('');
}

function show(command: string, result: unknown): string {
  switch (command) {
    case 'remotes.list': {
      const releases = result as Release[];
      if (releases.length === 0) return 'No releases yet: build the remotes and start the server, or publish one.';
      return releases
        .map(
          (r) =>
            `${r.active ? '*' : r.canaryPercent !== null ? '~' : ' '} ${r.name.padEnd(10)} ${r.version.padEnd(24)} ${r.publishedAt}${r.baseUrl ? `  ${r.baseUrl}` : ''}${r.canaryPercent !== null ? `  canary ${r.canaryPercent} %` : ''}`,
        )
        .join('\n');
    }
    case 'remotes.publish': {
      const r = result as PublishResult;
      return `Published ${r.name}@${r.version}${r.baseUrl ? ` at ${r.baseUrl}` : ''}. Activate it with: npm run remotes -- activate ${r.name} ${r.version}`;
    }
    case 'remotes.activate': {
      if ('percent' in (result as object)) {
        const c = result as CanaryResult;
        if (!c.changed) return `${c.name}@${c.version} already runs as the canary at ${c.percent} %; nothing changed.`;
        const was = c.replaced ? ` (replacing ${c.replaced.version} at ${c.replaced.percent} %)` : '';
        return `${c.name}@${c.version} is the canary for ${c.percent} % of visitors${was}; the others keep ${c.active}. Promote it with: npm run remotes -- promote ${c.name}`;
      }
      const r = result as ActivationResult;
      if (!r.changed) return `${r.name}@${r.to} was already active; nothing changed.`;
      return `${r.name}@${r.to} is active${r.from ? ` (was ${r.from})` : ''}; visitors get it on their next page load.`;
    }
    case 'remotes.history': {
      const events = result as AuditEvent[];
      if (events.length === 0) return 'No changes recorded yet.';
      return events
        .map((e) => {
          const change = e.action === 'prune' ? `removed ${e.from ?? ''}` : e.from ? `${e.from} → ${e.to ?? ''}` : (e.to ?? '');
          const share = e.percent !== null ? ` (${e.percent} %)` : '';
          return `${e.at}  ${e.action.padEnd(8)} ${e.name.padEnd(10)} ${change}${share}  by ${e.actor}${e.forced ? '  (forced)' : ''}`;
        })
        .join('\n');
    }
    case 'remotes.prune': {
      const r = result as PruneResult;
      const lines = r.removed.map((x) => `Removed ${x.name}@${x.version}${x.baseUrl ? ` (record only; the files at ${x.baseUrl} are yours to delete)` : ''}`);
      lines.push(...r.protected.map((x) => `Kept ${x.name}@${x.version} (${x.reason})`));
      if (r.removed.length === 0) lines.push('Nothing to remove.');
      return lines.join('\n');
    }
    case 'remotes.promote': {
      const r = result as { from: string; to: string };
      return `Promoted the canary: ${r.to} is active for every visitor (was ${r.from}); visitors get it on their next page load.`;
    }
    default: {
      const r = result as { from: string; to: string; canaryEnded?: boolean };
      if (r.canaryEnded) return `Ended the canary ${r.from}; every visitor gets ${r.to} again on their next page load.`;
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
  let database: string | undefined;
  try {
    const config = loadConfig();
    database = describeDatabase(config);
    const outcome = await runOperatorCommand({
      config,
      command: parsed.command,
      args: parsed.args,
      init: parsed.init,
      initOption: '--init',
      register: (commands, db) =>
        registerReleaseCommands(commands, { db, webRoot: config.webRoot, releasesDir: config.releasesDir }),
    });
    process.stderr.write(describeOutcome('remotes', outcome));
    const warnings = (outcome.result as { warnings?: string[] } | null)?.warnings ?? [];
    if (warnings.length > 0) process.stderr.write(`${warningLines(warnings)}remotes: --force: going ahead although verification failed\n`);
    process.stdout.write(`${show(parsed.command, outcome.result)}\n`);
    return 0;
  } catch (error) {
    // A refusal says which database refused (a missing database names itself).
    if (database !== undefined && !(error instanceof NoDatabaseError)) process.stderr.write(`remotes: database ${database}\n`);
    return reportOperatorError('remotes', error);
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
