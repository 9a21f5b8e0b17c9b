/** What the passages table holds: languages, counts per source and language, texts by ref. */
import type { Queryable } from '../db/database.js';

/** Languages that have passages, from the import records (small table). */
export async function passageLanguages(db: Queryable, source?: string): Promise<string[]> {
  const rows = await db.query<{ lang: string }>(
    source === undefined
      ? 'SELECT DISTINCT lang FROM corpus_imports ORDER BY lang'
      : 'SELECT DISTINCT lang FROM corpus_imports WHERE source = $1 ORDER BY lang',
    source === undefined ? [] : [source],
  );
  return rows.map((r) => r.lang);
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
