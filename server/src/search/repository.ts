import type { Queryable } from '../db/database.js';
import type { QueryTerm } from './query.js';

/** Which passages are searched: one language and/or one source (undefined = all). */
export interface Scope {
  lang?: string;
  source?: string;
}

/** Per-term statistics of a query within a scope. */
export interface TermStats {
  /** Passages in the scope. */
  scopeSize: number;
  /** Passages matching at least one term. */
  total: number;
  /** Per term: passages matching it (document frequency). */
  df: number[];
  /** Per term: false when the configuration reduced it to nothing (a stopword of PostgreSQL's lists). */
  usable: boolean[];
}

/** A passage's stored columns, as every passage query selects them (`passages` table). */
export interface StoredPassage {
  id: string;
  source: string;
  lang: string;
  ref: string;
  /** Chapter of a verse (`2`, `John 3`), empty when the source has none. */
  section: string;
  /** Running number within the source, for reading order and adjacency. */
  position: number;
  /** The passage exactly as the source ships it. */
  text: string;
  translator: string;
}

/** A ranked passage. */
export interface RankedPassage extends StoredPassage {
  /** Per term: does the passage match it. */
  matched: boolean[];
  /** Number of distinct terms matched. */
  matchedCount: number;
  /** Sum of the weights of the matched terms (0 unless weights were given). */
  weight: number;
  /** `ts_rank_cd` of the OR of all terms (normalized by log length). */
  rank: number;
}

/** Builds the SQL of a query's terms; parameters are appended to `params`. */
class TermSql {
  readonly params: unknown[] = [];
  readonly cte: string;
  readonly names: string[];

  constructor(terms: readonly QueryTerm[]) {
    this.names = terms.map((_, i) => `q${i}`);
    const columns = terms.map((term, i) => {
      // Configurations come from a fixed union type; only lexeme text is a parameter.
      const parts = term.parts.map((p) => `to_tsquery('${p.config}', ${this.param(p.query)})`);
      return `(${parts.join(' || ')}) AS q${i}`;
    });
    this.cte =
      `q AS (SELECT ${columns.join(', ')}), ` + `qa AS (SELECT q.*, (${this.names.join(' || ')}) AS qall FROM q)`;
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  scope(scope: Scope): string {
    let sql = '';
    if (scope.lang !== undefined) sql += ` AND p.lang = ${this.param(scope.lang)}`;
    if (scope.source !== undefined) sql += ` AND p.source = ${this.param(scope.source)}`;
    return sql;
  }
}

/**
 * Counts, for each term, the passages of the scope matching it (its document frequency), the
 * passages matching any term, and the scope's size. Uses the GIN index on `passages.tsv`.
 *
 * @param terms at least one term
 */
export async function termStats(db: Queryable, terms: readonly QueryTerm[], scope: Scope): Promise<TermStats> {
  const sql = new TermSql(terms);
  const where = sql.scope(scope);
  const df = sql.names.map((n) => `(SELECT count(*)::int FROM passages p WHERE p.tsv @@ qa.${n}${where})`);
  const rows = await db.query<{ usable: boolean[]; df: number[]; total: number; scope_size: number }>(
    `WITH ${sql.cte}
     SELECT ARRAY[${sql.names.map((n) => `numnode(qa.${n}) > 0`).join(', ')}] AS usable,
            ARRAY[${df.join(', ')}] AS df,
            (SELECT count(*)::int FROM passages p WHERE p.tsv @@ qa.qall${where}) AS total,
            (SELECT count(*)::int FROM passages p WHERE true${where}) AS scope_size
     FROM qa`,
    sql.params,
  );
  const row = rows[0];
  if (!row) throw new Error('term statistics query returned no row');
  return { usable: row.usable, df: row.df, total: row.total, scopeSize: row.scope_size };
}

/** Options of {@link rankPassages}. */
export interface RankOptions {
  /** Per-term weights (e.g. IDF); default 0 each. */
  weights?: readonly number[];
  /** `terms`: most distinct terms first, then `ts_rank_cd`; `weight`: highest weight sum first, then `ts_rank_cd`. */
  order: 'terms' | 'weight';
  limit: number;
  offset: number;
}

/**
 * The passages of the scope matching any term (OR), ranked: passages matching more of the
 * query's distinct terms (or more weight) first, then by `ts_rank_cd`, then in source order.
 */
export async function rankPassages(
  db: Queryable,
  terms: readonly QueryTerm[],
  scope: Scope,
  options: RankOptions,
): Promise<RankedPassage[]> {
  const sql = new TermSql(terms);
  const where = sql.scope(scope);
  const matches = sql.names.map((n) => `(p.tsv @@ qa.${n})`);
  const weights = sql.names.map((_, i) => `${sql.param(options.weights?.[i] ?? 0)}::float8`);
  const order = options.order === 'weight' ? 'weight DESC, matched_count DESC' : 'matched_count DESC, weight DESC';
  const rows = await db.query<StoredPassage & { matched: boolean[]; matched_count: number; weight: number; rank: number }>(
    `WITH ${sql.cte}
     SELECT * FROM (
       SELECT p.id, p.source, p.lang, p.ref, p.section, p.position, p.text, p.translator,
              ARRAY[${matches.join(', ')}] AS matched,
              (${matches.map((m) => `${m}::int`).join(' + ')}) AS matched_count,
              (${matches.map((m, i) => `CASE WHEN ${m} THEN ${weights[i]} ELSE 0 END`).join(' + ')})::float8 AS weight,
              ts_rank_cd(p.tsv, qa.qall, 1)::float8 AS rank
       FROM passages p CROSS JOIN qa
       WHERE p.tsv @@ qa.qall${where}
     ) m
     ORDER BY ${order}, rank DESC, position, id
     LIMIT ${sql.param(options.limit)} OFFSET ${sql.param(options.offset)}`,
    sql.params,
  );
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    lang: r.lang,
    ref: r.ref,
    section: r.section,
    position: r.position,
    text: r.text,
    translator: r.translator,
    matched: r.matched,
    matchedCount: r.matched_count,
    weight: r.weight,
    rank: r.rank,
  }));
}

/** A word to test for highlighting, in its indexed forms (see `indexForms`). */
export interface WordForms {
  lang: string;
  norm: string;
  fold: string;
}

/**
 * Which of `words` match any of the terms, judged exactly as passages are: through the
 * database's `kb_index_tsvector` and the same tsqueries.
 *
 * @returns indexes into `words`
 */
export async function matchingWords(
  db: Queryable,
  terms: readonly QueryTerm[],
  words: readonly WordForms[],
): Promise<Set<number>> {
  if (words.length === 0 || terms.length === 0) return new Set();
  const sql = new TermSql(terms);
  const langs = sql.param(words.map((w) => w.lang));
  const norms = sql.param(words.map((w) => w.norm));
  const folds = sql.param(words.map((w) => w.fold));
  const rows = await db.query<{ i: number }>(
    `WITH ${sql.cte}
     SELECT (w.i - 1)::int AS i
     FROM unnest(${langs}::text[], ${norms}::text[], ${folds}::text[]) WITH ORDINALITY AS w(lang, norm, fold, i)
     CROSS JOIN qa
     WHERE kb_index_tsvector(w.lang, w.norm, w.fold) @@ qa.qall`,
    sql.params,
  );
  return new Set(rows.map((r) => r.i));
}

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

/** The terms of a query in one passage language (each language drops its own stopwords). */
export interface LanguageTerms {
  lang: string;
  terms: readonly QueryTerm[];
}

/**
 * One page of the passages matching any term, over one or several languages, and how many
 * match in all (`count(*) OVER ()` of the same scan, so the total costs no second pass).
 * Each language is matched only with its own terms (a passage in French is never tested
 * against the Arabic or Turkish forms of a word), which keeps `lang=all` close to the cost of
 * its matches. Ranked as {@link rankPassages} with `order: 'terms'`.
 *
 * @param groups one entry per language searched, each with at least one term
 * @param source a catalog source id, or undefined for all
 */
export async function searchPassages(
  db: Queryable,
  groups: readonly LanguageTerms[],
  source: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ total: number; passages: RankedPassage[] }> {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const sourceSql = source === undefined ? '' : ` AND p.source = ${param(source)}`;
  const selects = groups
    .filter((g) => g.terms.length > 0)
    .map((g) => {
      const queries = g.terms.map(
        (term) => `(${term.parts.map((p) => `to_tsquery('${p.config}', ${param(p.query)})`).join(' || ')})`,
      );
      const matches = queries.map((q) => `(p.tsv @@ ${q})`);
      const all = `(${queries.join(' || ')})`;
      return `SELECT p.id, p.source, p.lang, p.ref, p.section, p.text, p.translator, p.position,
                (${matches.map((m) => `${m}::int`).join(' + ')}) AS matched_count,
                ts_rank_cd(p.tsv, ${all}, 1)::float8 AS rank
              FROM passages p
              WHERE p.lang = ${param(g.lang)} AND p.tsv @@ ${all}${sourceSql}`;
    });
  if (selects.length === 0) return { total: 0, passages: [] };
  const rows = await db.query<StoredPassage & { matched_count: number; rank: number; total: number }>(
    `SELECT m.*, count(*) OVER ()::int AS total FROM (${selects.join(' UNION ALL ')}) m
     ORDER BY matched_count DESC, rank DESC, position, id
     LIMIT ${param(page.limit)} OFFSET ${param(page.offset)}`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  return {
    total,
    passages: rows.map((r) => ({
      id: r.id,
      source: r.source,
      lang: r.lang,
      ref: r.ref,
      section: r.section,
      position: r.position,
      text: r.text,
      translator: r.translator,
      matched: [],
      matchedCount: r.matched_count,
      weight: 0,
      rank: r.rank,
    })),
  };
}
