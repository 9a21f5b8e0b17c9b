/** The SQL text of scoring and ranking passages, built with its parameters. */
import { storedPassage, type RankedPassage, type StoredPassage } from '../types.js';
import type { PreparedGroup } from './prepare.js';

/** SQL text and its parameters, built together. */
export class Sql {
  readonly params: unknown[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  tsquery(text: string): string {
    return `${this.param(text)}::tsquery`;
  }
}

/** How the rows are ordered: `terms` (matched terms first) or `weight` (weight sum first); then `ts_rank_cd`, source order. */
export type Order = 'terms' | 'weight';

function orderBy(order: Order, table = ''): string {
  const keys =
    order === 'weight'
      ? ['weight DESC', 'matched_count DESC', 'rank DESC', 'position', 'id']
      : ['matched_count DESC', 'weight DESC', 'rank DESC', 'position', 'id'];
  return keys.map((k) => `${table}${k}`).join(', ');
}

/**
 * The SELECT of one language's matching passages with their term scores (`g`: the group's
 * index, `id`, `position`, `scores`, `matched`, `matched_count`, `weight`; no rank: see
 * {@link rankedRows}), read from `table` (a SELECT of the given columns from `passages p`) when
 * given, without the ids of `exclude` (an SQL array) when given, every row of `table` when
 * `unmatched`. `scan`:
 * read the scope's rows (index on language and source) and test each, instead of the GIN index
 * — cheaper for a small source than fetching a frequent word's matches in every source.
 */
export function scoredSelect(
  sql: Sql,
  index: number,
  group: PreparedGroup,
  weights: readonly number[],
  source: string | undefined,
  from: { table?: (columns: string) => string; scan?: boolean; exclude?: string; unmatched?: boolean; rank?: boolean } = {},
): string {
  // The group's whole tsquery, as a parameter only where the statement uses it.
  let allParam: string | undefined;
  const allOf = (): string => (allParam ??= sql.tsquery(group.all ?? ''));
  const match = (text: string | undefined): string => (text === undefined ? 'false' : `p.tsv @@ ${sql.tsquery(text)}`);
  const terms = group.terms.map(
    (t, i) =>
      `(CASE WHEN ${match(t.parts)} THEN ${t.partWeight === 1 ? '1' : `${sql.param(t.partWeight)}::float8`} WHEN ${match(t.alternatives)} THEN ${sql.param(t.alternativeWeight)}::float8 ELSE 0 END)::float8 AS m${i}`,
  );
  const m = group.terms.map((_, i) => `s.m${i}`);
  const weighted = m.map((x, i) => `${x} * ${sql.param(weights[i] ?? 0)}::float8`);
  const langSql = group.lang === undefined ? '' : ` AND p.lang = ${sql.param(group.lang)}`;
  const sourceSql = source === undefined ? '' : ` AND p.source = ${sql.param(source)}`;
  const excludeSql = from.exclude === undefined ? '' : ` AND p.id <> ALL (${from.exclude})`;
  // Each row's tsvector is read once (`|| ''` makes a copy in memory): every @@ on a stored
  // (TOASTed) one would fetch it again — 200,000 buffer reads instead of 52,000 for 8,866
  // candidates at 400,000 passages (docs/performance.md).
  const columns = `p.id, p.position, p.lang, p.source, p.tsv || ''::tsvector AS tsv`;
  const table =
    from.table !== undefined
      ? `(${from.table(columns)}) p`
      : from.scan === true
        ? `(SELECT ${columns} FROM passages p WHERE true${langSql}${sourceSql} OFFSET 0) p`
        : `(SELECT ${columns} FROM passages p WHERE p.tsv @@ ${allOf()}${langSql}${sourceSql} OFFSET 0) p`;
  // Which rows match: the GIN path's rows all do (its own WHERE); otherwise a row matches `all`
  // exactly when a term scores it, and with every weight above 0 that test (on the scores,
  // after an OFFSET 0 fence so they are computed once) spares each row one more long @@.
  const gin = from.unmatched !== true && from.table === undefined && from.scan !== true;
  const byScores = from.unmatched !== true && !gin && group.terms.every((t) => t.partWeight > 0 && (t.alternatives === undefined || t.alternativeWeight > 0));
  const inner = from.unmatched === true || gin || byScores ? 'true' : `p.tsv @@ ${allOf()}`;
  return `SELECT ${index} AS g, s.id, s.position, ARRAY[${m.join(', ')}]::float8[] AS scores, ARRAY[${m.map((x) => `${x} > 0`).join(', ')}]::boolean[] AS matched,
            (${m.join(' + ')})::float8 AS matched_count, (${weighted.join(' + ')})::float8 AS weight${from.rank === true ? ', s.rank' : ''}
          FROM (SELECT p.id, p.position, ${terms.join(', ')}${from.rank === true ? `, (${rankSum(sql, group)})::float8 AS rank` : ''}
                FROM ${table}
                WHERE ${inner}${langSql}${sourceSql}${excludeSql}${byScores ? ' OFFSET 0' : ''}) s${byScores ? ` WHERE ${m.map((x) => `${x} > 0`).join(' OR ')}` : ''}`;
}

/** A passage's rank (`p.tsv` against the group's distinct disjuncts): the sum of their `ts_rank_cd`. */
function rankSum(sql: Sql, group: PreparedGroup): string {
  return group.rankQueries.map((q) => `ts_rank_cd(p.tsv, ${sql.tsquery(q)}, 1)`).join(' + ') || '0';
}

/** Most `ts_rank_cd` calls per row (distinct disjuncts of all groups) for the rank to be computed for every row in one pass. */
const INLINE_RANK_CALLS = 3;

/** True when the groups' rank is cheap enough to compute for every scored row (see {@link rankedRows}). */
export function inlineRank(groups: readonly PreparedGroup[]): boolean {
  return groups.reduce((n, g) => n + g.rankQueries.length, 0) <= INLINE_RANK_CALLS;
}

/**
 * One page of the rows of `scored` (a UNION of {@link scoredSelect}s), ranked, with their
 * stored columns and, when `total`, the number of rows. When the rows carry no rank (see
 * {@link inlineRank}), `ts_rank_cd` is computed only for the rows that can reach the page —
 * those whose matched count and weight are at least the page's last row's — since with many
 * distinct disjuncts it is the costly part.
 */
export function rankedRows(
  sql: Sql,
  groups: readonly PreparedGroup[],
  scored: string,
  order: Order,
  page: { limit: number; offset: number },
  total: boolean,
): string {
  if (inlineRank(groups)) {
    return `SELECT r.*, p.source, p.lang, p.ref, p.section, p.text, p.translator
            FROM (SELECT m.*${total ? ', count(*) OVER ()::int AS total' : ''} FROM (${scored}) m
                  ORDER BY ${orderBy(order)} LIMIT ${sql.param(page.limit)} OFFSET ${sql.param(page.offset)}) r
            JOIN passages p ON p.id = r.id
            ORDER BY ${orderBy(order, 'r.')}`;
  }
  const [first, second] = order === 'weight' ? ['weight', 'matched_count'] : ['matched_count', 'weight'];
  const depth = page.offset + page.limit;
  const rank = groups.map((g, i) => `WHEN ${i} THEN ${rankSum(sql, g)}`);
  return `WITH s AS MATERIALIZED (${scored}),
          cut AS (SELECT ${first} AS a, ${second} AS b FROM s ORDER BY ${first} DESC, ${second} DESC
                  LIMIT 1 OFFSET ${sql.param(Math.max(depth - 1, 0))})
          SELECT r.*, p.source, p.lang, p.ref, p.section, p.text, p.translator${total ? ', (SELECT count(*) FROM s)::int AS total' : ''}
          FROM (SELECT s.id, s.position, s.scores, s.matched, s.matched_count, s.weight,
                       (CASE s.g ${rank.join(' ')} ELSE 0 END)::float8 AS rank
                FROM s CROSS JOIN LATERAL (SELECT x.tsv || ''::tsvector AS tsv FROM passages x WHERE x.id = s.id OFFSET 0) p
                WHERE NOT EXISTS (SELECT 1 FROM cut)
                   OR s.${first} > (SELECT a FROM cut) + 1e-9
                   OR (s.${first} > (SELECT a FROM cut) - 1e-9 AND s.${second} > (SELECT b FROM cut) - 1e-9)
                ORDER BY ${orderBy(order)}
                LIMIT ${sql.param(page.limit)} OFFSET ${sql.param(page.offset)}) r
          JOIN passages p ON p.id = r.id
          ORDER BY ${orderBy(order, 'r.')}`;
}

export type ScoredRow = StoredPassage & { scores: number[]; matched: boolean[]; matched_count: number; weight: number; rank: number };

/** The public shape of ranked rows. */
export function toRanked(rows: readonly ScoredRow[]): RankedPassage[] {
  return rows.map((r) => ({
    ...storedPassage(r),
    termScores: r.scores,
    matched: r.matched,
    matchedCount: r.matched_count,
    weight: r.weight,
    rank: r.rank,
  }));
}
