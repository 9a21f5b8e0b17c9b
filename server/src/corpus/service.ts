import type { Database } from '../db/database.js';
import { QURAN_IMPORTS, readVerses, type CorpusImport } from './catalog.js';
import { indexForms } from './normalize.js';
import { importedIds, insertPassages, lockCorpus, recordImport, type PassageRow } from './repository.js';

/** Rows per INSERT statement. */
const BATCH_SIZE = 500;

/** Options of {@link loadCorpus}. */
export interface LoadOptions {
  /** The imports to load (default: the whole catalog). */
  imports?: readonly CorpusImport[];
  /** Only these surahs (tests load a slice). */
  surahs?: readonly number[];
  /** Called with verses done and verses to do, across all pending imports. */
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
 * Loads the corpus into the passages table, once: each import (one source in one language,
 * read from the `quran-json` package) is inserted in batches inside one transaction together
 * with its `corpus_imports` row, so a crash leaves no half import and a second run skips it.
 * Concurrent loaders (several servers on one PostgreSQL) serialize on an advisory lock.
 *
 * @returns the imports loaded now and those skipped
 * @throws when a package file is missing or malformed, or on a database error (that import is rolled back)
 */
export async function loadCorpus(db: Database, options: LoadOptions = {}): Promise<LoadResult> {
  const imports = options.imports ?? QURAN_IMPORTS;
  const surahs = options.surahs ? new Set(options.surahs) : undefined;
  const already = await importedIds(db);
  const pending = imports.filter((entry) => !already.has(entry.id));
  const result: LoadResult = { loaded: [], skipped: imports.filter((e) => already.has(e.id)).map((e) => e.id) };
  const verses = pending.map((entry) => ({ entry, verses: readVerses(entry, surahs) }));
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
  return result;
}

/**
 * True when every import of the catalog is recorded (the readiness condition).
 * @throws on a database error
 */
export async function isCorpusLoaded(db: Database, imports: readonly CorpusImport[] = QURAN_IMPORTS): Promise<boolean> {
  const ids = await importedIds(db);
  return imports.every((entry) => ids.has(entry.id));
}
