/** What the passages table holds: languages, counts per source and language, texts by ref. */
import { keptUnderVersion } from '../cache/corpus-version.js';
import type { Queryable } from '../db/database.js';

/** Most source language lists kept per database and corpus version. */
const LANGUAGE_LISTS_KEPT = 1_000;

/**
 * Languages that have passages (of `source`, else of any), from the import records (small
 * table), sorted. Kept per corpus version inside a response's computation
 * (`keptUnderVersion`); the array returned is the caller's own.
 *
 * @throws on a database error
 */
export async function passageLanguages(db: Queryable, source?: string): Promise<string[]> {
  const langs = await keptUnderVersion(db, 'passage-languages', JSON.stringify([source ?? null]), LANGUAGE_LISTS_KEPT, async () => {
    const rows = await db.query<{ lang: string }>(
      source === undefined
        ? 'SELECT DISTINCT lang FROM corpus_imports ORDER BY lang'
        : 'SELECT DISTINCT lang FROM corpus_imports WHERE source = $1 ORDER BY lang',
      source === undefined ? [] : [source],
    );
    return rows.map((r) => r.lang);
  });
  return [...langs];
}

/**
 * Texts of the given refs in one source and language, `Map<ref, text>` (the Arabic originals
 * of cited translations).
 */
export async function passageTexts(
  db: Queryable,
  source: string,
  lang: string,
  refs: readonly string[],
): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const rows = await db.query<{ ref: string; text: string }>(
    'SELECT ref, text FROM passages WHERE source = $1 AND lang = $2 AND ref = ANY($3::text[])',
    [source, lang, [...refs]],
  );
  return new Map(rows.map((r) => [r.ref, r.text]));
}

/**
 * Passages in the search index per source id, over all languages, read from the `passages`
 * table (`server/migrations/0001_passages.sql`). Sources without passages are absent.
 *
 * @returns a map `source id → passage count`
 * @throws the driver's error when the query fails (e.g. the table does not exist yet)
 */
export async function countIndexedPassages(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ source: string; passages: number }>(
    'SELECT source, count(*)::int AS passages FROM passages GROUP BY source',
  );
  return new Map(rows.map((r) => [r.source, r.passages]));
}

/** Passages per source and language, `[{ source, lang, passages }]`, sorted. */
export async function passageCounts(db: Queryable): Promise<{ source: string; lang: string; passages: number }[]> {
  return db.query(
    'SELECT source, lang, count(*)::int AS passages FROM passages GROUP BY source, lang ORDER BY source, lang',
  );
}

/** One source in one language: its passages and the translators credited for them. */
export interface LanguageCount {
  source: string;
  lang: string;
  passages: number;
  /** Distinct translators of its passages, sorted. */
  translators: string[];
}

/**
 * Passages per source and language with the translators credited for each, sorted by source
 * and language (one `GROUP BY` over the passages table).
 *
 * @throws on a database error
 */
export async function languageCounts(db: Queryable): Promise<LanguageCount[]> {
  return db.query<LanguageCount>(
    `SELECT source, lang, count(*)::int AS passages, array_agg(DISTINCT translator ORDER BY translator) AS translators
     FROM passages GROUP BY source, lang ORDER BY source, lang`,
  );
}

/** One source in one language as the corpus status reports it. */
export interface ImportedCount {
  source: string;
  lang: string;
  passages: number;
  /** When it was last imported (`corpus_imports.imported_at` as text), null when never recorded. */
  importedAt: string | null;
}

/**
 * Passages per source and language with the time of their latest import, sorted by source and
 * language (the operator's `corpus.status`).
 *
 * @throws on a database error
 */
export async function importedCounts(db: Queryable): Promise<ImportedCount[]> {
  const rows = await db.query<{ source: string; lang: string; passages: number; imported_at: string | null }>(
    `SELECT p.source, p.lang, count(*)::int AS passages,
            (SELECT max(imported_at)::text FROM corpus_imports i WHERE i.source = p.source AND i.lang = p.lang) AS imported_at
     FROM passages p GROUP BY p.source, p.lang ORDER BY p.source, p.lang`,
  );
  return rows.map((r) => ({ source: r.source, lang: r.lang, passages: r.passages, importedAt: r.imported_at }));
}
