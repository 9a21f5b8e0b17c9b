import crypto from 'node:crypto';
import { AdminCommandError, type AdminArgs, type AdminCommands } from '../admin/registry.js';
import type { Database, Queryable } from '../db/database.js';
import { SHIPPED_IMPORTS } from './catalog.js';
import { MAX_REF_CHARS, MAX_TEXT_CHARS, type ImportRecord } from './files.js';
import { indexForms } from './normalize.js';
import { importedCounts } from '../passages/catalog.js';
import { commitStaged, dropStaged, dropStaleStaging, lockCorpus, removeSource, stageRecords, stagedCount } from '../passages/corpus.js';
import { compactAfterCorpusChange } from '../passages/term-table.js';
import { announceCorpusChange } from '../cache/corpus-version.js';

/**
 * Operator imports of further collections (`npm run corpus -- import|remove|status`), as
 * admin commands so they run inside the server when it runs (the one process that owns the
 * embedded database) and in the CLI's own process otherwise:
 *
 * - `corpus.begin` → an import id; `corpus.stage` puts one batch of records into
 *   `corpus_staging` (one transaction per batch); `corpus.commit` moves them into `passages`
 *   in one transaction (inserting new refs, replacing the text of known ones, so importing a
 *   file twice changes nothing) and records the import; `corpus.abort` drops the staged rows.
 *   Nothing is visible in search before the commit, so a failure or Ctrl-C leaves no half import.
 * - `corpus.remove` deletes an imported source; `corpus.status` counts passages per source
 *   and language.
 *
 * A commit or removal raises the corpus version in its transaction and announces the change to
 * this process's response caches (other servers see the new version within a second).
 */

/** Sources shipped with the site: loaded on first start, never imported or removed by hand. */
export const SHIPPED_SOURCES: ReadonlySet<string> = new Set(SHIPPED_IMPORTS.map((i) => i.source));

const SOURCE_ID = /^[a-z0-9-]{1,40}$/;
const LANG = /^[a-z]{2,3}$/;
const IMPORT_ID = /^[a-z0-9-]{1,40}:[a-z]{2,3}:[0-9a-f]{16}$/;
/** Staged rows older than this are an abandoned import's and are dropped (ms). */
export const STALE_STAGING_MS = 6 * 60 * 60 * 1000;

function text(args: AdminArgs, name: string, pattern?: RegExp): string {
  const v = args[name];
  if (typeof v !== 'string' || (pattern && !pattern.test(v))) throw new AdminCommandError(`${name} is missing or invalid`);
  return v;
}

function importedSource(args: AdminArgs): string {
  const source = text(args, 'source', SOURCE_ID);
  if (SHIPPED_SOURCES.has(source)) {
    throw new AdminCommandError(`"${source}" is shipped with the site and loaded on first start; import other collections under their own id`);
  }
  return source;
}

function records(value: unknown): (ImportRecord & { position: number })[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 5000) throw new AdminCommandError('records must be a list of 1–5000 records');
  return value.map((raw: unknown, i) => {
    const r = raw as Partial<ImportRecord & { position: number }> | null;
    if (
      !r ||
      typeof r.ref !== 'string' ||
      r.ref.length === 0 ||
      r.ref.length > MAX_REF_CHARS ||
      typeof r.text !== 'string' ||
      r.text.length === 0 ||
      r.text.length > MAX_TEXT_CHARS ||
      !Number.isInteger(r.position) ||
      (r.title !== undefined && typeof r.title !== 'string') ||
      (r.url !== undefined && typeof r.url !== 'string')
    ) {
      throw new AdminCommandError(`record ${i + 1} of the batch is invalid`);
    }
    return { ref: r.ref, text: r.text, title: r.title, url: r.url, position: Number(r.position) };
  });
}

/** Passages per source and language, and how many staged rows wait (abandoned imports). */
export interface CorpusStatus {
  sources: { source: string; lang: string; passages: number; shipped: boolean; importedAt: string | null }[];
  staged: number;
}

/** Reads the corpus status. */
export async function corpusStatus(db: Queryable): Promise<CorpusStatus> {
  const rows = await importedCounts(db);
  const staged = await stagedCount(db);
  return {
    sources: rows.map((r) => ({ source: r.source, lang: r.lang, passages: r.passages, shipped: SHIPPED_SOURCES.has(r.source), importedAt: r.importedAt })),
    staged,
  };
}

/**
 * Registers the `corpus.*` commands (see the module comment) over `db`. Called by the server
 * at start (its admin socket) and by the corpus CLI when no server runs.
 */
export function registerCorpusCommands(commands: AdminCommands, deps: { db: Database }): void {
  const { db } = deps;
  commands.register('corpus.status', {
    description: 'passages per source and language',
    run: () => corpusStatus(db),
  });
  commands.register('corpus.begin', {
    description: 'start an import: { source, lang } → { importId }',
    async run(args) {
      const source = importedSource(args);
      const lang = text(args, 'lang', LANG);
      await dropStaleStaging(db, STALE_STAGING_MS);
      return { importId: `${source}:${lang}:${crypto.randomBytes(8).toString('hex')}` };
    },
  });
  commands.register('corpus.stage', {
    description: 'stage one batch of an import: { importId, records: [{ position, ref, text, title?, url? }] }',
    async run(args) {
      const importId = text(args, 'importId', IMPORT_ID);
      const lang = importId.split(':')[1] ?? '';
      const batch = records(args.records);
      const forms = batch.map((r) => indexForms(lang, r.title ? `${r.title}\n${r.text}` : r.text));
      await stageRecords(
        db,
        importId,
        batch.map((r, i) => ({ ...r, norm: forms[i]?.norm ?? '', fold: forms[i]?.fold ?? '' })),
      );
      return { staged: batch.length };
    },
  });
  commands.register('corpus.commit', {
    description: 'finish an import: { importId, translator?, origin? } → { passages, added, replaced }',
    async run(args) {
      const importId = text(args, 'importId', IMPORT_ID);
      const [source = '', lang = ''] = importId.split(':');
      const translator = typeof args.translator === 'string' && args.translator.trim() ? args.translator.trim().slice(0, 200) : source;
      const origin = typeof args.origin === 'string' ? args.origin.slice(0, 500) : 'npm run corpus -- import';
      const committed = await db.transaction(async (tx) => {
        await lockCorpus(tx);
        const done = await commitStaged(tx, { importId, source, lang, translator, origin });
        if (!done) throw new AdminCommandError('nothing staged for this import (it was aborted or already committed)');
        return done;
      });
      announceCorpusChange(db);
      await compactAfterCorpusChange(db);
      return committed;
    },
  });
  commands.register('corpus.abort', {
    description: 'drop the staged rows of an import: { importId }',
    async run(args) {
      const importId = text(args, 'importId', IMPORT_ID);
      return { dropped: await dropStaged(db, importId) };
    },
  });
  commands.register('corpus.remove', {
    description: 'remove an imported source: { source } → { removed }',
    async run(args) {
      const source = importedSource(args);
      const removed = await db.transaction(async (tx) => {
        await lockCorpus(tx);
        return { source, removed: await removeSource(tx, source) };
      });
      announceCorpusChange(db);
      await compactAfterCorpusChange(db);
      return removed;
    },
  });
}
