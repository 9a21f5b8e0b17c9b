/**
 * Writing the passages table: the shipped corpus's inserts and import records, and the
 * operator's imports (`corpus_staging` → `passages`) and removals, under the corpus lock.
 */
import type { Queryable } from '../db/database.js';
import { refreshTermTable } from './term-table.js';
import { bumpCorpusVersion } from './version.js';

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

/** True when `passages` holds at least one row. */
export async function hasPassages(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM passages) AS any');
  return row?.any === true;
}

/**
 * Drops the indexes of `passages` that back no constraint (the primary key and the unique
 * `(source, ref, lang)` stay: inserts need them) and returns their `CREATE INDEX` statements,
 * as `pg_get_indexdef` gives them, to run once the table is filled (a bulk load into an empty
 * table: one index build is several times cheaper than maintaining the index row by row). Run
 * it in the load's transaction, so a failure rolls the drop back too.
 *
 * @returns the definitions of the dropped indexes, in name order
 * @throws on a database error
 */
export async function dropSecondaryIndexes(tx: Queryable): Promise<string[]> {
  const rows = await tx.query<{ name: string; definition: string }>(
    `SELECT quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = to_regclass('passages')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
     ORDER BY c.relname`,
  );
  for (const row of rows) await tx.exec(`DROP INDEX ${row.name}`);
  return rows.map((r) => r.definition);
}

/**
 * Refreshes the planner's statistics of `passages` (`ANALYZE`; allowed in a transaction, unlike
 * `VACUUM`, and it counts the transaction's own new rows). A bulk load runs it before refreshing
 * the frequent-term table: planned without statistics on a freshly filled table, that refresh
 * took several times longer (docs/performance.md, "First start").
 *
 * @throws on a database error
 */
export async function analyzePassages(tx: Queryable): Promise<void> {
  await tx.exec('ANALYZE passages');
}

/**
 * What a corpus load wrote, to compare two builds of the loader (`server/scripts/
 * measure-first-start.mjs`): passages per source and language, an md5 of every passage's
 * columns (its tsvector included), the frequent-term tables' counts, sums and md5s, the import
 * records and the index definitions of `passages`. Reads every passage: seconds on the full
 * corpus.
 *
 * @throws on a database error
 */
export async function corpusFingerprint(db: Queryable): Promise<Record<string, unknown>> {
  const one = async (sql: string): Promise<Record<string, unknown> | undefined> => (await db.query(sql))[0];
  return {
    passages: await db.query('SELECT source, lang, count(*)::int AS n FROM passages GROUP BY 1, 2 ORDER BY 1, 2'),
    passagesMd5: await one(
      `SELECT md5(string_agg(concat_ws('|', id, source, lang, ref, position, section, text, norm, fold, translator, title, url, tsv::text), E'\n' ORDER BY id)) AS h
       FROM passages`,
    ),
    termStats: await one(
      'SELECT count(*)::int AS n, sum(ndoc)::bigint::text AS ndoc, count(floor_rank)::int AS frequent, round(sum(floor_rank)::numeric, 6)::text AS floors FROM term_stats',
    ),
    termTop: await one(
      "SELECT count(*)::int AS n, round(sum(rank)::numeric, 6)::text AS ranks, md5(string_agg(lang || lexeme || passage_id, ',' ORDER BY lang, lexeme, passage_id)) AS h FROM term_top",
    ),
    termLangs: await db.query('SELECT lang, passages, top_k FROM term_langs ORDER BY lang'),
    termSample: await one("SELECT count(*)::int AS n, md5(string_agg(lang || tsv::text, E'\n' ORDER BY lang, tsv::text)) AS h FROM term_sample"),
    imports: await db.query('SELECT id, passages FROM corpus_imports ORDER BY id'),
    indexes: await db.query(
      "SELECT indexdef FROM pg_indexes WHERE tablename = 'passages' AND schemaname = current_schema() ORDER BY indexname",
    ),
  };
}

/** Records a finished import and raises the corpus version (run it in the import's transaction). */
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
  await bumpCorpusVersion(db);
}

/** Takes the corpus loader's advisory lock for the rest of the transaction (one loader per schema). */
export async function lockCorpus(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':corpus'))");
}

/** A record staged for an operator import, with its index forms (see `indexForms`). */
export interface StagedRecord {
  position: number;
  ref: string;
  text: string;
  norm: string;
  fold: string;
  title?: string | null;
  url?: string | null;
}

/**
 * Drops the staged rows older than `olderThanMs` (ms): an abandoned import's.
 *
 * @throws on a database error
 */
export async function dropStaleStaging(db: Queryable, olderThanMs: number): Promise<void> {
  await db.query("DELETE FROM corpus_staging WHERE staged_at < now() - make_interval(secs => $1)", [olderThanMs / 1000]);
}

/**
 * Stages one batch of an import in `corpus_staging` in one statement; a position staged again
 * replaces the earlier record.
 *
 * @throws on a database error
 */
export async function stageRecords(db: Queryable, importId: string, records: readonly StagedRecord[]): Promise<void> {
  await db.query(
    `INSERT INTO corpus_staging (import_id, position, ref, text, norm, fold, title, url)
     SELECT $1, t.position, t.ref, t.text, t.norm, t.fold, t.title, t.url
     FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
       AS t(position, ref, text, norm, fold, title, url)
     ON CONFLICT (import_id, position) DO UPDATE SET ref = EXCLUDED.ref, text = EXCLUDED.text, norm = EXCLUDED.norm,
       fold = EXCLUDED.fold, title = EXCLUDED.title, url = EXCLUDED.url`,
    [
      importId,
      records.map((r) => r.position),
      records.map((r) => r.ref),
      records.map((r) => r.text),
      records.map((r) => r.norm),
      records.map((r) => r.fold),
      records.map((r) => r.title ?? null),
      records.map((r) => r.url ?? null),
    ],
  );
}

/** What committing an import did: the source's passages in the language after it, and how many were new or replaced. */
export interface CommittedImport {
  source: string;
  lang: string;
  passages: number;
  added: number;
  replaced: number;
}

/**
 * Moves an import's staged rows into `passages` (new refs inserted, known refs' text replaced),
 * drops them from staging, refreshes the frequent-term table for the language and records the
 * import (`import:<source>:<lang>` in `corpus_imports`, with the source's passage count) and
 * raises the corpus version. Run it
 * in a transaction holding {@link lockCorpus}; compact after the commit
 * (`compactAfterCorpusChange`).
 *
 * @returns undefined, having changed nothing, when nothing is staged for `importId`
 * @throws on a database error
 */
export async function commitStaged(
  tx: Queryable,
  entry: { importId: string; source: string; lang: string; translator: string; origin: string },
): Promise<CommittedImport | undefined> {
  const { importId, source, lang, translator, origin } = entry;
  const [counts] = await tx.query<{ staged: number; known: number }>(
    `SELECT count(*)::int AS staged,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM passages p WHERE p.source = $2 AND p.lang = $3 AND p.ref = s.ref))::int AS known
     FROM corpus_staging s WHERE s.import_id = $1`,
    [importId, source, lang],
  );
  if (!counts || counts.staged === 0) return undefined;
  await tx.query(
    `INSERT INTO passages (id, source, lang, ref, position, section, text, norm, fold, translator, title, url)
     SELECT $2 || ':' || $3 || ':' || s.ref, $2, $3, s.ref, s.position, '', s.text, s.norm, s.fold, $4, s.title, s.url
     FROM corpus_staging s WHERE s.import_id = $1
     ON CONFLICT (source, ref, lang) DO UPDATE SET position = EXCLUDED.position, text = EXCLUDED.text, norm = EXCLUDED.norm,
       fold = EXCLUDED.fold, translator = EXCLUDED.translator, title = EXCLUDED.title, url = EXCLUDED.url`,
    [importId, source, lang, translator],
  );
  await tx.query('DELETE FROM corpus_staging WHERE import_id = $1', [importId]);
  await refreshTermTable(tx, [lang]);
  const [total] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM passages WHERE source = $1 AND lang = $2', [source, lang]);
  await tx.query(
    `INSERT INTO corpus_imports (id, source, lang, origin, passages) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET origin = EXCLUDED.origin, passages = EXCLUDED.passages, imported_at = now()`,
    [`import:${source}:${lang}`, source, lang, origin, total?.n ?? 0],
  );
  await bumpCorpusVersion(tx);
  return { source, lang, passages: total?.n ?? 0, added: counts.staged - counts.known, replaced: counts.known };
}

/**
 * Drops the staged rows of an import.
 *
 * @returns how many rows were dropped
 * @throws on a database error
 */
export async function dropStaged(db: Queryable, importId: string): Promise<number> {
  const rows = await db.query<{ n: number }>('WITH d AS (DELETE FROM corpus_staging WHERE import_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM d', [importId]);
  return rows[0]?.n ?? 0;
}

/** Rows waiting in `corpus_staging` (abandoned imports'). */
export async function stagedCount(db: Queryable): Promise<number> {
  const [staged] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM corpus_staging');
  return staged?.n ?? 0;
}

/**
 * Deletes every passage of a source, refreshes the frequent-term table for the languages it
 * had, forgets its import records and raises the corpus version. Run it in a transaction holding {@link lockCorpus};
 * compact after the commit (`compactAfterCorpusChange`).
 *
 * @returns how many passages were deleted
 * @throws on a database error
 */
export async function removeSource(tx: Queryable, source: string): Promise<number> {
  const rows = await tx.query<{ n: number; langs: string[] }>(
    'WITH d AS (DELETE FROM passages WHERE source = $1 RETURNING lang) SELECT count(*)::int AS n, coalesce(array_agg(DISTINCT lang), ARRAY[]::text[]) AS langs FROM d',
    [source],
  );
  await refreshTermTable(tx, rows[0]?.langs ?? []);
  await tx.query('DELETE FROM corpus_imports WHERE source = $1', [source]);
  await bumpCorpusVersion(tx);
  return rows[0]?.n ?? 0;
}
