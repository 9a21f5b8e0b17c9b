import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { AdminCommandError, AdminCommands, type AdminArgs } from '../admin/registry.js';
import { AdminUnavailableError, adminSocketPath, callAdmin } from '../admin/socket.js';
import type { Config } from '../config.js';
import { ImportFileError, readImportRecords, type ImportRecord } from '../corpus/files.js';
import { registerCorpusCommands } from '../corpus/imports.js';
import type { Database } from '../db/database.js';
import { DataDirLockedError } from '../db/lock.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { MAX_BATCH, registerEmbeddingCommands } from '../embeddings/commands.js';
import { HelpRequested, loadConfigOrExit, onlyOptions, parseCommandLine, reportUsage, UsageError } from './args.js';
import { describeDatabase } from '../db/describe.js';
import { describeOutcome, embeddedDatabaseExists, NoDatabaseError } from './operator.js';
import { PGLITE_SUBDIR } from '../db/open.js';

/**
 * `npm run corpus -- …`: the corpus's operator commands.
 *
 *   status
 *   import <path> --source <id> --lang <code> [--translator NAME]
 *   remove <source>
 *   embed [--source id] [--lang code] [--batch N]
 *
 * Runs through the server's admin socket when it runs, else on the database directly. Exit
 * status: 0 done, 1 failed, 2 wrong usage, 130 interrupted (nothing imported; for embed, the
 * batches done stay stored).
 */

export const USAGE = `Usage: npm run corpus -- <command> [--init]

  status
        Passages per source and language.
  import <path> --source <id> --lang <code> [--translator NAME]
        Import a JSON Lines file (.jsonl: one {"ref","text","title"?,"url"?} per line), a CSV
        file (.csv with the columns ref,text,title,url) or a folder of Markdown files (one
        passage per heading section). Every record is checked first; a bad one stops the
        import with its file and line. Importing the same file again changes nothing.
  remove <source>
        Remove an imported source.
  embed [--source <id>] [--lang <code>] [--batch <n>]
        Store a vector for every passage (or those of one source/language) that has none for
        EMBEDDINGS_MODEL, asking EMBEDDINGS_BASE_URL in batches of n (default EMBEDDINGS_BATCH).
        Resumable: passages already embedded are skipped; an interrupted run keeps its batches.

Runs through the server's admin socket (DATA_DIR/admin.sock) when the server runs, else on
the database directly (DATABASE_URL, or DATA_DIR under its lock). Without a server and without
a database in DATA_DIR it refuses and creates nothing (a wrong DATA_DIR), unless --init asks
it to create the database there.`;

/** Largest batch sent in one command (bytes of JSON; the socket takes lines up to 1 MiB). */
const BATCH_BYTES = 256 * 1024;
/** Most records in one batch. */
const BATCH_RECORDS = 1000;

/** A command line, parsed; `init` (`--init`): create the embedded database if DATA_DIR has none. */
export type CorpusCommand = { init?: boolean } & (
  | { verb: 'status' }
  | { verb: 'remove'; source: string }
  | { verb: 'import'; path: string; source: string; lang: string; translator?: string }
  | { verb: 'embed'; source?: string; lang?: string; batch?: number }
);

/**
 * Parses the arguments after `npm run corpus --` (with `util.parseArgs`, {@link parseCommandLine}).
 * @throws HelpRequested for `help`, `--help` or `-h`
 * @throws UsageError naming what is wrong
 */
export function parseCorpusArgs(argv: readonly string[]): CorpusCommand {
  const line = parseCommandLine(argv, { values: ['source', 'lang', 'translator', 'batch'], flags: ['init'] });
  const init = line.flags.has('init') ? { init: true } : {};
  const options = line.values;
  const allow = (...names: string[]): void => onlyOptions(line, ...names);
  const [verb, ...rest] = line.positionals;
  if (verb === 'help') throw new HelpRequested();
  if (verb === 'status' && rest.length === 0) {
    allow('init');
    return { verb, ...init };
  }
  if (verb === 'remove' && rest.length === 1) {
    allow('init');
    return { verb, source: rest[0] ?? '', ...init };
  }
  if (verb === 'import' && rest.length === 1) {
    allow('source', 'lang', 'translator', 'init');
    const source = options.get('source');
    const lang = options.get('lang');
    if (!source || !lang) throw new UsageError('import needs --source <id> and --lang <code>');
    return { verb, path: path.resolve(rest[0] ?? ''), source, lang, translator: options.get('translator'), ...init };
  }
  if (verb === 'embed' && rest.length === 0) {
    allow('source', 'lang', 'batch', 'init');
    const batch = options.get('batch');
    if (batch !== undefined && (!/^\d+$/.test(batch) || Number(batch) < 1 || Number(batch) > MAX_BATCH)) {
      throw new UsageError(`--batch must be a whole number between 1 and ${MAX_BATCH}`);
    }
    return { verb, source: options.get('source'), lang: options.get('lang'), batch: batch === undefined ? undefined : Number(batch), ...init };
  }
  throw new UsageError(verb ? `cannot ${verb} that way` : 'which command?');
}

/** Where commands run: the server's socket, or this process on the database. */
interface Channel {
  via: 'server' | 'embedded' | 'postgres';
  run(command: string, args?: AdminArgs): Promise<unknown>;
  close(): Promise<void>;
}

async function openChannel(config: CorpusCliDeps['config'], init: boolean): Promise<Channel> {
  const socket = adminSocketPath(config.dataDir);
  if (!config.databaseUrl) {
    try {
      await callAdmin(socket, 'corpus.status', {});
      return { via: 'server', run: (command, args = {}) => callAdmin(socket, command, args), close: () => Promise.resolve() };
    } catch (error) {
      if (!(error instanceof AdminUnavailableError)) throw error;
    }
    if (!init && !embeddedDatabaseExists(config.dataDir)) {
      throw new NoDatabaseError(
        `no database in ${path.join(config.dataDir, PGLITE_SUBDIR)} and no server answers on ${socket}. ` +
          "Set DATA_DIR to the server's data folder (its start-up log names the database), or pass --init to create a new database there. Nothing was created.",
      );
    }
  }
  const db: Database = await openDatabase(config);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const commands = new AdminCommands();
  registerCorpusCommands(commands, { db });
  registerEmbeddingCommands(commands, { db, config: config.embeddings });
  return { via: config.databaseUrl ? 'postgres' : 'embedded', run: (command, args = {}) => commands.run(command, args), close: () => db.close() };
}

function batches(records: readonly ImportRecord[]): (ImportRecord & { position: number })[][] {
  const out: (ImportRecord & { position: number })[][] = [];
  let current: (ImportRecord & { position: number })[] = [];
  let bytes = 0;
  records.forEach((r, i) => {
    const size = Buffer.byteLength(JSON.stringify(r)) + 32;
    if (current.length > 0 && (bytes + size > BATCH_BYTES || current.length >= BATCH_RECORDS)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push({ ...r, position: i + 1 });
    bytes += size;
  });
  if (current.length > 0) out.push(current);
  return out;
}

/** What the CLI needs from its surroundings (tests pass their own). */
export interface CorpusCliDeps {
  /** `embeddings` (`EMBEDDINGS_*`) is used by `embed` when no server runs. */
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'embeddings'>>;
  out: (text: string) => void;
  err: NodeJS.WritableStream;
  /** Aborts an import between batches (Ctrl-C; the staged rows are dropped), or `embed` between batches (those done stay stored). */
  signal?: AbortSignal;
  /** Called after each staged (import) or stored (embed) batch (tests interrupt here). */
  afterBatch?: (done: number, total: number) => void;
}

/** Thrown when an import was interrupted; nothing of it was imported. */
export class ImportInterrupted extends Error {
  override name = 'ImportInterrupted';
}

/** Thrown when `embed` was interrupted; the batches done are stored and a new run continues. */
export class EmbedInterrupted extends Error {
  override name = 'EmbedInterrupted';
}

function progressBar(what: string, err: NodeJS.WritableStream): SingleBar {
  return new SingleBar({
    format: `${what} [{bar}] {percentage}% | {value}/{total} passages | {rate}/s | ETA {eta_formatted}`,
    stream: err,
    noTTYOutput: true,
    notTTYSchedule: 1000,
    hideCursor: true,
  });
}

/** `embed`: the pending passages in batches through `channel`, with a progress bar on `err`; prints `{ model, embedded, passages }`. */
async function runEmbed(cmd: Extract<CorpusCommand, { verb: 'embed' }>, channel: Channel, deps: CorpusCliDeps): Promise<void> {
  const scope = { source: cmd.source, lang: cmd.lang };
  const status = (await channel.run('embeddings.status', scope)) as { model: string; passages: number; embedded: number; pending: number };
  const bar = progressBar('Embedding', deps.err);
  const started = Date.now();
  bar.start(status.pending, 0, { rate: 0 });
  let done = 0;
  let after = '';
  try {
    for (;;) {
      if (deps.signal?.aborted) {
        throw new EmbedInterrupted(`interrupted: ${done} passages embedded in this run are stored; run embed again to continue`);
      }
      const result = (await channel.run('embeddings.batch', { ...scope, after, limit: cmd.batch })) as { embedded: number; last: string | null };
      if (result.embedded === 0 || result.last === null) break;
      done += result.embedded;
      after = result.last;
      bar.update(Math.min(done, status.pending), { rate: Math.round(done / Math.max(0.001, (Date.now() - started) / 1000)) });
      deps.afterBatch?.(done, status.pending);
    }
  } finally {
    bar.stop();
  }
  deps.out(`${JSON.stringify({ model: status.model, embedded: done, passages: status.passages })}\n`);
}

/**
 * Runs one corpus command and prints its result (JSON for status/remove, a summary for
 * import). An import shows a progress bar on `err` (passages, rate, ETA).
 *
 * @returns where it ran
 * @throws NoDatabaseError when no server answers and DATA_DIR holds no database (without
 *   `cmd.init`); nothing is created then
 * @throws ImportFileError for a bad record (file and line), AdminCommandError for a refusal
 *   (for embed: embeddings not configured, endpoint unreachable, 401, dimension mismatch,
 *   pgvector missing), ImportInterrupted or EmbedInterrupted when `signal` aborted it, DataDirLockedError when a server holds the
 *   folder without answering on its socket
 */
export async function runCorpusCommand(cmd: CorpusCommand, deps: CorpusCliDeps): Promise<'server' | 'embedded' | 'postgres'> {
  const records = cmd.verb === 'import' ? readImportRecords(cmd.path) : [];
  const channel = await openChannel(deps.config, cmd.init === true);
  try {
    if (cmd.verb === 'status') {
      deps.out(`${JSON.stringify(await channel.run('corpus.status'), null, 2)}\n`);
    } else if (cmd.verb === 'remove') {
      deps.out(`${JSON.stringify(await channel.run('corpus.remove', { source: cmd.source }))}\n`);
    } else if (cmd.verb === 'embed') {
      await runEmbed(cmd, channel, deps);
    } else {
      const { importId } = (await channel.run('corpus.begin', { source: cmd.source, lang: cmd.lang })) as { importId: string };
      const bar = progressBar('Importing', deps.err);
      const started = Date.now();
      bar.start(records.length, 0, { rate: 0 });
      let done = 0;
      try {
        const all = batches(records);
        for (const batch of all) {
          if (deps.signal?.aborted) throw new ImportInterrupted('interrupted; nothing was imported');
          await channel.run('corpus.stage', { importId, records: batch });
          done += batch.length;
          bar.update(done, { rate: Math.round(done / Math.max(0.001, (Date.now() - started) / 1000)) });
          deps.afterBatch?.(done, records.length);
        }
        if (deps.signal?.aborted) throw new ImportInterrupted('interrupted; nothing was imported');
        const result = await channel.run('corpus.commit', {
          importId,
          translator: cmd.translator,
          origin: `${path.basename(cmd.path)} (npm run corpus -- import)`,
        });
        bar.stop();
        deps.out(`${JSON.stringify(result)}\n`);
      } catch (error) {
        bar.stop();
        await channel.run('corpus.abort', { importId }).catch(() => undefined);
        throw error;
      }
    }
    return channel.via;
  } finally {
    await channel.close();
  }
}

/**
 * Runs `npm run corpus` with the arguments after `--`.
 * @returns the exit status (0 done, 2 wrong usage, 0 for `--help`); a failure exits the
 *   process itself (1, or 130 when interrupted)
 */
export async function main(argv: readonly string[]): Promise<number> {
  let cmd: CorpusCommand;
  try {
    cmd = parseCorpusArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportUsage(error, USAGE);
  }
  const config = loadConfigOrExit();
  const interrupt = new AbortController();
  process.on('SIGINT', () => {
    if (interrupt.signal.aborted) process.exit(130);
    process.stderr.write(
      cmd.verb === 'embed'
        ? '\nInterrupted: stopping after this batch; the batches done stay stored.\n'
        : '\nInterrupted: stopping after this batch; nothing will be imported.\n',
    );
    interrupt.abort();
  });
  try {
    const via = await runCorpusCommand(cmd, {
      config,
      out: (text) => process.stdout.write(text),
      err: process.stderr,
      signal: interrupt.signal,
    });
    process.stderr.write(describeOutcome('corpus', { via, database: describeDatabase(config) }));
  } catch (error) {
    if (error instanceof ImportInterrupted || error instanceof EmbedInterrupted) {
      process.stderr.write(`${error.message}\n`);
      process.exit(130);
    }
    if (error instanceof ImportFileError || error instanceof AdminCommandError || error instanceof DataDirLockedError || error instanceof NoDatabaseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  return 0;
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
