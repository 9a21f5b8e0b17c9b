/**
 * Full-text ranking over the `passages` table: the public entry points (ranking, searching,
 * scoring listed passages, term statistics, highlighting). The SQL they run is built in
 * `internal/`.
 */
import type { Queryable } from '../db/database.js';
import { keptFigures, keptUnderVersion } from '../cache/corpus-version.js';
import type { QueryTerm } from './terms.js';
import { orQuery, prepare } from './internal/prepare.js';
import { rank } from './internal/rank.js';
import { smallScope } from './internal/full-ranking.js';
import { inlineRank, rankedRows, scoredSelect, Sql, toRanked, type ScoredRow } from './internal/sql.js';
import type { LanguageTerms, RankedPassage, RankStrategy, Scope, TermStats, WordForms } from './types.js';

/** Most term statistics kept per database (each a few hundred bytes with its key). */
export const TERM_STATS_CACHE_ENTRIES = 5_000;

/**
 * Counts, for each term, the passages of the scope matching it (its document frequency,
 * through its parts or alternatives), the passages matching any term (unless `countTotal` is
 * false), and the scope's size: with the total, for one source of at most 20,000 passages in
 * one language, in one pass over its rows; else one count per term, through the GIN index on
 * `passages.tsv` or the scope's rows as the planner chooses.
 *
 * Inside the computation of a response the response cache keeps (`computeUnder` in
 * `cache/corpus-version.ts`), the figures are kept in memory too, under that response's corpus
 * version (`keptUnderVersion`: at most {@link TERM_STATS_CACHE_ENTRIES} per kind and database,
 * least recently used dropped first): with `countTotal`, per list of terms; without it, per
 * term and scope, so a new question whose words were all counted before runs no statement.
 * An import or a removal through any server raises the version, and every kept figure of an
 * older version is dropped when a newer one is seen. Elsewhere (`SEARCH_CACHE=off`, the
 * evaluation, a version that could not be read) they are counted every time.
 *
 * @param terms at least one term
 * @param options `countTotal` (default true): count the passages matching any term
 * @throws on a database error (nothing is kept then)
 */
export async function termStats(
  db: Queryable,
  terms: readonly QueryTerm[],
  scope: Scope,
  { countTotal = true }: { countTotal?: boolean } = {},
): Promise<TermStats> {
  const where = [scope.lang ?? null, scope.source ?? null];
  if (countTotal) {
    // What the figures depend on: the scope and each term's parts and alternatives (not its
    // word, weights or anchors).
    const key = JSON.stringify([...where, terms.map((t) => [t.parts, t.alternatives ?? []])]);
    return structuredClone(await keptUnderVersion(db, 'term-stats', key, TERM_STATS_CACHE_ENTRIES, () => countTermStats(db, terms, scope, true)));
  }
  const kept = keptFigures(db, 'term-df', TERM_STATS_CACHE_ENTRIES);
  if (!kept) return countTermStats(db, terms, scope, false);
  const keys = terms.map((t) => JSON.stringify([...where, t.parts, t.alternatives ?? []]));
  const sizeKey = JSON.stringify(where);
  const missing = keys.flatMap((key, i) => (kept.get(key) ? [] : [i]));
  if (missing.length > 0 || !kept.get(sizeKey)) {
    const counting = countTermStats(db, missing.map((i) => terms[i] as QueryTerm), scope, false);
    missing.forEach((i, j) => kept.set(keys[i] as string, counting.then((s) => ({ usable: s.usable[j], df: s.df[j] }))));
    kept.set(sizeKey, counting.then((s) => s.scopeSize));
  }
  const perTerm = await Promise.all(keys.map((k) => kept.get<{ usable: boolean; df: number }>(k)));
  const scopeSize = await kept.get<number>(sizeKey);
  if (scopeSize === undefined || perTerm.some((t) => t === undefined)) return countTermStats(db, terms, scope, false);
  return { usable: perTerm.map((t) => t?.usable ?? false), df: perTerm.map((t) => t?.df ?? 0), scopeSize };
}

/** {@link termStats} counted now, without the cache; `total` only when `countTotal`. */
async function countTermStats(db: Queryable, terms: readonly QueryTerm[], scope: Scope, countTotal: boolean): Promise<TermStats> {
  const [group] = await prepare(db, [{ lang: scope.lang, terms }]);
  const prepared = group?.terms ?? [];
  const termQueries = prepared.map((t) => orQuery([t.parts ?? '', t.alternatives ?? '']));
  const sql = new Sql();
  let where = '';
  if (scope.lang !== undefined) where += ` AND p.lang = ${sql.param(scope.lang)}`;
  if (scope.source !== undefined) where += ` AND p.source = ${sql.param(scope.source)}`;
  let query: string;
  if (countTotal && scope.lang !== undefined && (await smallScope(db, scope.lang, scope.source))) {
    // One pass over the scope's rows, every count at once (the total's OR of every term is
    // the costly part through the index). Without the total, each term's count is left to the
    // planner (GIN, or the scope's rows): 3.5 ms against 11.5 for an answer's terms
    // (docs/performance.md, "An answer's figures kept per term").
    const count = (text: string | undefined): string => (text === undefined ? '0' : `count(*) FILTER (WHERE p.tsv @@ ${sql.tsquery(text)})::int`);
    query = `SELECT ARRAY[${termQueries.map(count).join(', ')}]::int[] AS df, ${count(group?.all)} AS total, count(*)::int AS scope_size
             FROM (SELECT p.tsv FROM passages p WHERE true${where} OFFSET 0) p`;
  } else {
    const count = (text: string | undefined): string =>
      text === undefined ? '0' : `(SELECT count(*)::int FROM passages p WHERE p.tsv @@ ${sql.tsquery(text)}${where})`;
    query = `SELECT ARRAY[${termQueries.map(count).join(', ')}]::int[] AS df, ${countTotal ? count(group?.all) : 'NULL::int'} AS total,
                    (SELECT count(*)::int FROM passages p WHERE true${where}) AS scope_size`;
  }
  const rows = await db.query<{ df: number[]; total: number | null; scope_size: number }>(query, sql.params);
  const row = rows[0];
  if (!row) throw new Error('term statistics query returned no row');
  const stats: TermStats = { usable: termQueries.map((q) => q !== undefined), df: row.df, scopeSize: row.scope_size };
  if (countTotal) stats.total = row.total ?? 0;
  return stats;
}

/** Options of {@link rankPassages}. */
export interface RankOptions {
  /** Per-term weights (e.g. IDF); default 0 each. */
  weights?: readonly number[];
  /** `terms`: most distinct terms first, then `ts_rank_cd`; `weight`: highest weight sum first, then `ts_rank_cd`. */
  order: 'terms' | 'weight';
  limit: number;
  offset: number;
  /** `auto` (default): the frequent-term table's candidates for the first rows of a query with frequent lexemes matching many passages; `candidates`: the table whenever it lists a lexeme of the query; `full`: rank every match. */
  strategy?: RankStrategy;
}

/**
 * The passages of the scope matching any term (OR), ranked: passages matching more of the
 * query's distinct terms (or more weight) first, then by rank (the sum of `ts_rank_cd` over
 * the query's distinct disjuncts: for an OR of lexemes, `ts_rank_cd` of the whole query), then
 * in source order. A term matched only through its alternatives counts its `alternativeWeight`
 * instead of 1 (both times its `partWeight`, when given). With a language and no source in
 * the scope, the first 100 rows of a query whose frequent lexemes could match more than
 * `FULL_RANK_LIMIT` passages (`internal/candidates.ts`) are ranked from the frequent-term
 * table's candidates (see `internal/rank.ts`); a small source (≤ 20,000 passages in the
 * language) is read whole instead of through GIN.
 */
export async function rankPassages(
  db: Queryable,
  terms: readonly QueryTerm[],
  scope: Scope,
  options: RankOptions,
): Promise<RankedPassage[]> {
  if (terms.length === 0) return [];
  const groups = await prepare(db, [{ lang: scope.lang, terms }]);
  const weights = [terms.map((_, i) => options.weights?.[i] ?? 0)];
  const ranked = await rank(db, groups, weights, scope.source, {
    order: options.order,
    limit: options.limit,
    offset: options.offset,
    strategy: options.strategy ?? 'auto',
    total: false,
  });
  return ranked.passages;
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
  const sql = new Sql();
  // Configurations come from a fixed union type; only the query text is a parameter.
  const parts = terms.flatMap((t) => [...t.parts, ...(t.alternatives ?? [])]).map((p) => `to_tsquery('${p.config}', ${sql.param(p.query)})`);
  const rows = await db.query<{ i: number }>(
    `WITH q AS (SELECT ${parts.join(' || ')} AS q)
     SELECT (w.i - 1)::int AS i
     FROM unnest(${sql.param(words.map((w) => w.lang))}::text[], ${sql.param(words.map((w) => w.norm))}::text[],
                 ${sql.param(words.map((w) => w.fold))}::text[]) WITH ORDINALITY AS w(lang, norm, fold, i)
     CROSS JOIN q
     WHERE kb_index_tsvector(w.lang, w.norm, w.fold) @@ q.q`,
    sql.params,
  );
  return new Set(rows.map((r) => r.i));
}

/**
 * The listed passages of one language (by source and ref), scored against the terms exactly as
 * the ranking scores its matches (`termScores`, `matched`, `matchedCount`, `rank`; `weight` 0),
 * whether or not they match any term. Passages missing from the corpus are left out; the order
 * is the ranking's.
 *
 * @throws on a database error
 */
export async function scorePassages(
  db: Queryable,
  lang: string,
  refs: readonly { source: string; ref: string }[],
  terms: readonly QueryTerm[],
): Promise<RankedPassage[]> {
  if (refs.length === 0 || terms.length === 0) return [];
  const [group] = await prepare(db, [{ lang, terms }]);
  if (!group) return [];
  const sql = new Sql();
  const listed = `unnest(${sql.param(refs.map((r) => r.source))}::text[], ${sql.param(refs.map((r) => r.ref))}::text[]) AS a(source, ref)`;
  const langParam = sql.param(lang);
  const table = (columns: string): string =>
    `SELECT ${columns} FROM passages p JOIN ${listed} ON p.source = a.source AND p.ref = a.ref WHERE p.lang = ${langParam} OFFSET 0`;
  const scored = scoredSelect(sql, 0, group, terms.map(() => 0), undefined, { table, unmatched: true, rank: inlineRank([group]) });
  const rows = await db.query<ScoredRow>(rankedRows(sql, [group], scored, 'terms', { limit: refs.length, offset: 0 }, false), sql.params);
  return toRanked(rows);
}

/**
 * One page of the passages matching any term, over one or several languages, and how many
 * match in all (exact: a GIN count of the same tsqueries). Each language is matched only with
 * its own terms (a passage in French is never tested against the Arabic or Turkish forms of a
 * word). Ranked as {@link rankPassages} with `order: 'terms'`: without a source, when the
 * query's frequent lexemes could match more than `FULL_RANK_LIMIT` passages, the first 100 rows
 * come from the frequent-term table's candidates (see `internal/rank.ts`; the total may then be
 * estimated, see `EXACT_TOTAL_LIMIT` in `internal/candidates.ts`), else every match is ranked
 * (`strategy: 'full'` forces it).
 *
 * @param groups one entry per language searched, each with at least one term
 * @param source a catalog source id, or undefined for all
 * @returns the page, the total, and how it was ranked (`path`, diagnostics: `exact` or
 *   `approximate` from the candidates, `full`)
 */
export async function searchPassages(
  db: Queryable,
  groups: readonly LanguageTerms[],
  source: string | undefined,
  page: { limit: number; offset: number },
  strategy: RankStrategy = 'auto',
): Promise<{ total: number; passages: RankedPassage[]; path?: 'exact' | 'approximate' | 'full' }> {
  const prepared = await prepare(db, groups.filter((g) => g.terms.length > 0));
  const weights = prepared.map((g) => g.terms.map(() => 0));
  return rank(db, prepared, weights, source, { order: 'terms', limit: page.limit, offset: page.offset, strategy, total: true });
}
