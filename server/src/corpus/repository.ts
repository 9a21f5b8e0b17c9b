import type { Queryable } from '../db/database.js';

/** A passage row as the loader writes it. */
export interface PassageRow {
  id: string;
  ref: string;
  position: number;
  /** Chapter of a verse (`2`, `John 3`), empty for passages without chapters. */
  section: string;
  text: string;
  norm: string;
  fold: string;
  /** Imported passages only: a title and a link to the original. */
  title?: string | null;
  url?: string | null;
}

/** Ids of the imports already recorded in `corpus_imports`. */
export async function importedIds(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('SELECT id FROM corpus_imports');
  return new Set(rows.map((r) => r.id));
}

/**
 * Inserts passages of one source and language with a single statement (arrays unnested), so a
 * batch of hundreds of rows is one round trip. The tsvector is computed by the database.
 */
export async function insertPassages(
  db: Queryable,
  meta: { source: string; lang: string; translator: string },
  rows: readonly PassageRow[],
): Promise<void> {
  await db.query(
    `INSERT INTO passages (id, source, lang, ref, position, section, text, norm, fold, translator, title, url)
     SELECT t.id, $1, $2, t.ref, t.position, t.section, t.text, t.norm, t.fold, $3, t.title, t.url
     FROM unnest($4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
       AS t(id, ref, position, section, text, norm, fold, title, url)`,
    [
      meta.source,
      meta.lang,
      meta.translator,
      rows.map((r) => r.id),
      rows.map((r) => r.ref),
      rows.map((r) => r.position),
      rows.map((r) => r.section),
      rows.map((r) => r.text),
      rows.map((r) => r.norm),
      rows.map((r) => r.fold),
      rows.map((r) => r.title ?? null),
      rows.map((r) => r.url ?? null),
    ],
  );
}

/** Records a finished import. */
export async function recordImport(
  db: Queryable,
  entry: { id: string; source: string; lang: string; origin: string },
  passages: number,
): Promise<void> {
  await db.query('INSERT INTO corpus_imports (id, source, lang, origin, passages) VALUES ($1, $2, $3, $4, $5)', [
    entry.id,
    entry.source,
    entry.lang,
    entry.origin,
    passages,
  ]);
}

/** Takes the corpus loader's advisory lock for the rest of the transaction (one loader per schema). */
export async function lockCorpus(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':corpus'))");
}

/** Passages per source and language, `[{ source, lang, passages }]`, sorted. */
export async function passageCounts(db: Queryable): Promise<{ source: string; lang: string; passages: number }[]> {
  return db.query(
    'SELECT source, lang, count(*)::int AS passages FROM passages GROUP BY source, lang ORDER BY source, lang',
  );
}
