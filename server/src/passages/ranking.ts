import type { Queryable } from '../db/database.js';
import { DEFAULT_ALTERNATIVE_WEIGHT, type QueryTerm, type TermPart } from './terms.js';
import { disjuncts, distinctDisjuncts, itemText, type Disjunct, type TsItem } from './internal/tsquery.js';

/** Which passages are searched: one language and/or one source (undefined = all). */
export interface Scope {
  lang?: string;
  source?: string;
}

/** Per-term statistics of a query within a scope. */
export interface TermStats {
  /** Passages in the scope. */
  scopeSize: number;
  /** Passages matching at least one term (through its parts or its alternatives). */
  total: number;
  /** Per term: passages matching it, through its parts or its alternatives (document frequency). */
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
  /** Per term: its `partWeight` (default 1) matched through one of its parts, `alternativeWeight × partWeight` through its alternatives only, 0 not matched. */
  termScores: number[];
  /** Per term: does the passage match it (through its parts or its alternatives). */
  matched: boolean[];
  /**
   * Sum over the terms of how each is matched (`termScores`): 1 (or the term's `partWeight`)
   * through one of its parts, its `alternativeWeight` (default {@link DEFAULT_ALTERNATIVE_WEIGHT})
   * times that through its alternatives only, 0 not at all. Equals the number of distinct terms
   * matched when no term has alternatives or a part weight.
   */
  matchedCount: number;
  /** Sum over the terms of weight × how it is matched (as in `matchedCount`); 0 unless weights were given. */
  weight: number;
  /**
   * Sum of `ts_rank_cd` (normalized by log length) over the distinct disjuncts of all terms'
   * parts and alternatives; for an OR of lexemes, `ts_rank_cd` of that OR.
   */
  rank: number;
}

/**
 * The frequent-term table (migration 0004, `kb_refresh_term_top`): a lexeme is frequent when at
 * least `minDocs` passages and `minShare` of its language's passages contain it; its `topK`
 * best passages are kept. Measured with `npm run bench` (scale) at 100k and 400k passages.
 */
export const TERM_TABLE = { minShare: 0.005, minDocs: 1000, topK: 300 } as const;

/** Settings of {@link refreshTermTable} (tests use tiny ones). */
export interface TermTableSettings {
  minShare: number;
  minDocs: number;
  topK: number;
}

/**
 * Rebuilds the frequent-term table (`term_stats`, `term_top`) for the given languages, or all
 * when none are given, in one statement (atomic on its own; inside the caller's transaction
 * when given one). Call it whenever passages are added, changed or removed: rankings use the
 * table's bounds and would be wrong, never failing, with a stale one. Costs a scan of the
 * languages' passages (seconds at 400,000 passages; see bench).
 *
 * @param langs passage languages to rebuild (undefined: all; empty: nothing)
 * @throws on a database error
 */
export async function refreshTermTable(
  db: Queryable,
  langs?: readonly string[],
  settings: TermTableSettings = TERM_TABLE,
): Promise<void> {
  if (langs !== undefined && langs.length === 0) return;
  await db.query('SELECT kb_refresh_term_top($1::text[], $2::float8, $3::int, $4::int)', [
    langs === undefined ? null : [...langs],
    settings.minShare,
    settings.minDocs,
    settings.topK,
  ]);
}

/**
 * After a corpus change has committed: reclaims the space of the rows it replaced in
 * `passages` and in the frequent-term table (each refresh deletes and rewrites `term_stats` and
 * `term_top`) and refreshes the planner's statistics — `VACUUM (ANALYZE)`, which neither blocks
 * readers nor writers. PGlite has no autovacuum: without it, the table grew by its whole size at
 * every refresh (`term_top` 99 → 395 MB after two refreshes at 400,000 passages, bench).
 * VACUUM cannot run inside a transaction: call it with the database, after the commit.
 *
 * @throws on a database error
 */
export async function compactAfterCorpusChange(db: Queryable): Promise<void> {
  await db.exec('VACUUM (ANALYZE) passages, term_stats, term_top');
}

/** OR of normalized tsquery texts (empty ones dropped); undefined when nothing is left. */
function orQuery(texts: readonly string[]): string | undefined {
  const kept = texts.filter((t) => t.trim() !== '');
  return kept.length === 0 ? undefined : kept.map((t) => `(${t})`).join(' | ');
}

/** A term with its tsqueries normalized by the database (`to_tsquery(config, query)::text`). */
interface PreparedTerm {
  /** OR of the parts, or undefined when they reduce to nothing. */
  parts?: string;
  /** OR of the alternatives, or undefined. */
  alternatives?: string;
  /** What a match through the alternatives only is worth: the term's `alternativeWeight × partWeight`. */
  alternativeWeight: number;
  /** What a match through the parts is worth (`QueryTerm.partWeight`, default 1). */
  partWeight: number;
  /** Disjuncts of the parts and of the alternatives; undefined when a tsquery cannot be decomposed. */
  partDisjuncts?: Disjunct[];
  alternativeDisjuncts?: Disjunct[];
}

/** The terms of one passage language (undefined: matched in every language), normalized. */
interface PreparedGroup {
  lang?: string;
  terms: PreparedTerm[];
  /** OR of every term's parts and alternatives; undefined when all reduce to nothing. */
  all?: string;
  /**
   * tsqueries whose `ts_rank_cd` values are summed into a passage's rank: the distinct
   * disjuncts of all terms (for an OR of lexemes the sum equals `ts_rank_cd` of the whole OR,
   * at a fraction of its cost), or `all` itself when a term cannot be decomposed.
   */
  rankQueries: string[];
}

/**
 * Normalized tsquery texts by configuration and query text: `to_tsquery` depends on nothing
 * else (the configurations' dictionaries are built into the database), so a repeated word costs
 * no round trip. Cleared when full.
 */
const normalizedCache = new Map<string, string>();
const NORMALIZED_CACHE_SIZE = 20_000;

/**
 * Normalizes every part and alternative of the groups' terms in one round trip, so the
 * ranking queries carry constant tsqueries (`$n::tsquery`, parsed once per statement).
 */
async function prepare(
  db: Queryable,
  groups: readonly { lang?: string; terms: readonly QueryTerm[] }[],
): Promise<PreparedGroup[]> {
  const configs: string[] = [];
  const queries: string[] = [];
  const add = (parts: readonly TermPart[]): number[] =>
    parts.map((p) => {
      configs.push(p.config);
      queries.push(p.query);
      return configs.length - 1;
    });
  const layout = groups.map((g) => g.terms.map((t) => ({ parts: add(t.parts), alternatives: add(t.alternatives ?? []), term: t })));
  const keys = configs.map((c, i) => `${c}\u0000${queries[i] ?? ''}`);
  const missing = [...new Set(keys.filter((k) => !normalizedCache.has(k)))];
  if (missing.length > 0) {
    const rows = await db.query<{ t: string }>(
      `SELECT to_tsquery(x.c::regconfig, x.q)::text AS t
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(c, q, i) ORDER BY x.i`,
      [missing.map((k) => k.split('\u0000')[0]), missing.map((k) => k.slice(k.indexOf('\u0000') + 1))],
    );
    if (normalizedCache.size + missing.length > NORMALIZED_CACHE_SIZE) normalizedCache.clear();
    missing.forEach((k, i) => normalizedCache.set(k, rows[i]?.t ?? ''));
  }
  const normalized = keys.map((k) => normalizedCache.get(k) ?? '');
  const disjunctsOf = (indexes: number[]): Disjunct[] | undefined => {
    const all: Disjunct[] = [];
    for (const i of indexes) {
      const found = disjuncts(normalized[i] ?? '');
      if (!found) return undefined;
      all.push(...found);
    }
    return all;
  };
  return groups.map((g, gi) => {
    // Each OR is written with its distinct disjuncts only: a word's forms in two configurations
    // and a concept's wordings often normalize alike ('sadaka':* ten times over), and every
    // repeated item is tested again on every row.
    const or = (indexes: number[], list: Disjunct[] | undefined): string | undefined =>
      list === undefined ? orQuery(indexes.map((i) => normalized[i] ?? '')) : orQuery(distinctDisjuncts([list]).map((d) => d.text));
    const terms = (layout[gi] ?? []).map(({ parts, alternatives, term }): PreparedTerm => {
      const partDisjuncts = disjunctsOf(parts);
      const alternativeDisjuncts = disjunctsOf(alternatives);
      return {
        parts: or(parts, partDisjuncts),
        alternatives: or(alternatives, alternativeDisjuncts),
        alternativeWeight: (term.alternativeWeight ?? DEFAULT_ALTERNATIVE_WEIGHT) * (term.partWeight ?? 1),
        partWeight: term.partWeight ?? 1,
        partDisjuncts,
        alternativeDisjuncts,
      };
    });
    const lists = terms.flatMap((t) => [t.partDisjuncts, t.alternativeDisjuncts]);
    const decomposed = lists.every((l) => l !== undefined);
    const distinct = decomposed ? distinctDisjuncts(lists as Disjunct[][]).map((d) => d.text) : undefined;
    const all = distinct ? orQuery(distinct) : orQuery(terms.flatMap((t) => [t.parts ?? '', t.alternatives ?? '']));
    const rankQueries = distinct ?? (all === undefined ? [] : [all]);
    return { lang: g.lang, terms, all, rankQueries };
  });
}

/** SQL text and its parameters, built together. */
class Sql {
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
type Order = 'terms' | 'weight';

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
function scoredSelect(
  sql: Sql,
  index: number,
  group: PreparedGroup,
  weights: readonly number[],
  source: string | undefined,
  from: { table?: (columns: string) => string; scan?: boolean; exclude?: string; unmatched?: boolean; rank?: boolean } = {},
): string {
  const all = from.unmatched === true ? '' : sql.tsquery(group.all ?? '');
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
  // candidates at 400,000 passages (README "Performance").
  const columns = `p.id, p.position, p.lang, p.source, p.tsv || ''::tsvector AS tsv`;
  const table =
    from.table !== undefined
      ? `(${from.table(columns)}) p`
      : from.scan === true
        ? `(SELECT ${columns} FROM passages p WHERE true${langSql}${sourceSql} OFFSET 0) p`
        : `(SELECT ${columns} FROM passages p WHERE p.tsv @@ ${all}${langSql}${sourceSql} OFFSET 0) p`;
  return `SELECT ${index} AS g, s.id, s.position, ARRAY[${m.join(', ')}]::float8[] AS scores, ARRAY[${m.map((x) => `${x} > 0`).join(', ')}]::boolean[] AS matched,
            (${m.join(' + ')})::float8 AS matched_count, (${weighted.join(' + ')})::float8 AS weight${from.rank === true ? ', s.rank' : ''}
          FROM (SELECT p.id, p.position, ${terms.join(', ')}${from.rank === true ? `, (${rankSum(sql, group)})::float8 AS rank` : ''}
                FROM ${table}
                WHERE ${from.unmatched === true ? 'true' : `p.tsv @@ ${all}`}${langSql}${sourceSql}${excludeSql}) s`;
}

/** A passage's rank (`p.tsv` against the group's distinct disjuncts): the sum of their `ts_rank_cd`. */
function rankSum(sql: Sql, group: PreparedGroup): string {
  return group.rankQueries.map((q) => `ts_rank_cd(p.tsv, ${sql.tsquery(q)}, 1)`).join(' + ') || '0';
}

/** Most `ts_rank_cd` calls per row (distinct disjuncts of all groups) for the rank to be computed for every row in one pass. */
const INLINE_RANK_CALLS = 3;

/** True when the groups' rank is cheap enough to compute for every scored row (see {@link rankedRows}). */
function inlineRank(groups: readonly PreparedGroup[]): boolean {
  return groups.reduce((n, g) => n + g.rankQueries.length, 0) <= INLINE_RANK_CALLS;
}

/**
 * One page of the rows of `scored` (a UNION of {@link scoredSelect}s), ranked, with their
 * stored columns and, when `total`, the number of rows. When the rows carry no rank (see
 * {@link inlineRank}), `ts_rank_cd` is computed only for the rows that can reach the page —
 * those whose matched count and weight are at least the page's last row's — since with many
 * distinct disjuncts it is the costly part.
 */
function rankedRows(
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

type ScoredRow = StoredPassage & { scores: number[]; matched: boolean[]; matched_count: number; weight: number; rank: number };

/** The {@link StoredPassage} columns of a query row (dropping whatever else the row carries). */
export function storedPassage(r: StoredPassage): StoredPassage {
  return {
    id: r.id,
    source: r.source,
    lang: r.lang,
    ref: r.ref,
    section: r.section,
    position: r.position,
    text: r.text,
    translator: r.translator,
  };
}

/** The public shape of ranked rows. */
function toRanked(rows: readonly ScoredRow[]): RankedPassage[] {
  return rows.map((r) => ({
    ...storedPassage(r),
    termScores: r.scores,
    matched: r.matched,
    matchedCount: r.matched_count,
    weight: r.weight,
    rank: r.rank,
  }));
}

/**
 * The full ranking: every match scored (GIN), one page, and the number of matches. With
 * `exclude` (ids), those passages are left out of the ranking and of the count.
 */
async function fullRanking(
  db: Queryable,
  groups: readonly PreparedGroup[],
  weights: readonly number[][],
  source: string | undefined,
  order: Order,
  page: { limit: number; offset: number },
  scan: boolean,
  exclude?: readonly string[],
): Promise<{ total: number; rows: ScoredRow[] }> {
  const sql = new Sql();
  const excluded = exclude && exclude.length > 0 ? `${sql.param([...exclude])}::text[]` : undefined;
  const selects = groups.flatMap((g, i) =>
    g.all === undefined ? [] : [scoredSelect(sql, i, g, weights[i] ?? [], source, { scan, exclude: excluded, rank: inlineRank(groups) })],
  );
  if (selects.length === 0) return { total: 0, rows: [] };
  const rows = await db.query<ScoredRow & { total: number }>(rankedRows(sql, groups, selects.join(' UNION ALL '), order, page, true), sql.params);
  return { total: rows[0]?.total ?? 0, rows };
}

/** Most rare forms of a prefix with frequent forms that the candidates take through GIN (one by one). */
const MAX_PREFIX_LEXEMES = 200;

/**
 * Listed passages the candidates take in all, shared among the query's frequent lexemes (each
 * gets its best `CANDIDATE_BUDGET / n`, at least {@link MIN_LISTED}, at most the table's
 * `topK`): scoring a candidate costs about 10 µs at 400,000 passages, so a question with many
 * frequent words stays near 10 ms (README "Performance").
 */
const CANDIDATE_BUDGET = 1200;
/** Fewest listed passages taken per frequent lexeme. */
const MIN_LISTED = 40;

/**
 * Most passages (document frequencies summed) the rare lexemes and compounds may bring to the
 * candidates through GIN, the rarest first: several less rare ones (Turkish "gibi", "bütün"
 * at 400,000 passages) would otherwise bring thousands, each read from the table. At least
 * the rarest one is always taken.
 */
const RARE_BUDGET = 4000;

/**
 * Most passages a prefix's rare forms may hold (document frequencies summed) to be candidates
 * through GIN; above it only the prefix's frequent forms (listed) are.
 */
const PREFIX_RARE_LIMIT = 2000;

/**
 * Above this many possible matches (the document frequencies of the query's lexemes summed),
 * the first pages are ranked from the candidates; at or below it, every match is ranked (at
 * about 12 µs a match at 400,000 passages, some 25 ms).
 */
export const FULL_RANK_LIMIT = 2000;

/** Scores no passage outside the candidates can exceed (componentwise), per {@link RankedPassage} field. */
interface Bound {
  matchedCount: number;
  weight: number;
  rank: number;
}

/** One language's candidates: GIN matches of `rare`, plus the best `listed` passages of each `frequent` lexeme. */
interface CandidatePlan {
  /** Rare lexemes and compounds whose passages are all candidates (GIN), within {@link RARE_BUDGET}. */
  rare?: string;
  frequent: string[];
  /** Listed passages taken per frequent lexeme (the table holds `topK` and ties). */
  listed: number;
  /** Per frequent lexeme that matches on its own: passages of the language containing it (each a lower bound of the total). */
  frequentDocs: number[];
  /** Passages that may match through frequent lexemes: their document frequencies summed (a compound's: its rarest lexeme's). */
  frequentUpper: number;
  /** Passages that may match the rare part (document frequencies from `term_stats`, summed: an upper bound). */
  rareDocs: number;
  /** Passages of the language when the table was built. */
  passages: number;
  /** What a passage outside the candidates can earn at most; undefined when nothing bounds it. */
  bound?: Bound;
}

/** How a lexeme of the query is found: listed passages of frequent lexemes, GIN for the rest. */
interface Placement {
  /** Frequent lexemes it stands for (a prefix: its frequent expansions). */
  frequent: { lexeme: string; floor: number; ndoc: number }[];
  /** tsquery items left to GIN (a rare lexeme, a prefix's rare expansions or the prefix whole). */
  rare: TsItem[];
  /** Passages that may hold the rare items (their document frequencies summed). */
  rareDocs: number;
  /** Rare forms of a prefix left out of the candidates (too many passages hold them). */
  dropped?: boolean;
}

/**
 * Splits each group's lexemes into frequent ones (listed in `term_top`) and the rest. The
 * candidates are the passages matching a rare lexeme, or a compound disjunct that may match
 * through one (GIN), and the best listed passages of each frequent lexeme. A passage outside
 * them holds frequent lexemes only, none among its listed best: it earns at most every term
 * that has a frequent lexeme (the bound's matched count and weight), and its rank — the sum of
 * its disjuncts' `ts_rank_cd` — stays below the sum of those lexemes' floors (the lowest
 * listed score, when all of a lexeme's listed passages are taken). A compound of frequent
 * lexemes only (`'gök' & 'yer'`) adds a rank nothing bounds: then there is no bound.
 *
 * @returns one plan per group, or undefined when the table cannot help (no frequent lexeme, a
 *   tsquery that cannot be decomposed, a group without a language)
 */
async function planCandidates(
  db: Queryable,
  groups: readonly PreparedGroup[],
  weights: readonly number[][],
): Promise<CandidatePlan[] | undefined> {
  const exact: { lang: string; lexeme: string }[] = [];
  const prefixes: { lang: string; lexeme: string }[] = [];
  for (const g of groups) {
    if (g.lang === undefined) return undefined;
    for (const t of g.terms) {
      if (!t.partDisjuncts || !t.alternativeDisjuncts) return undefined;
      for (const d of [...t.partDisjuncts, ...t.alternativeDisjuncts]) {
        for (const item of d.kind === 'item' ? [d.item] : d.items) (item.prefix ? prefixes : exact).push({ lang: g.lang, lexeme: item.lexeme });
      }
    }
  }
  const rows = await db.query<{ kind: string; lang: string; key: string; lexeme: string; floor_rank: number | null; ndoc: number; top_k: number }>(
    `SELECT 'n' AS kind, l.lang, '' AS key, '' AS lexeme, NULL::float8 AS floor_rank, l.passages AS ndoc, l.top_k
     FROM term_langs l WHERE l.lang = ANY ($5::text[])
     UNION ALL
     SELECT 'e', i.lang, i.lexeme, s.lexeme, s.floor_rank, s.ndoc, 0
     FROM unnest($1::text[], $2::text[]) AS i(lang, lexeme)
     JOIN term_stats s ON s.lang = i.lang AND s.lexeme = i.lexeme COLLATE "C"
     UNION ALL
     SELECT 'p', i.lang, i.lexeme, s.lexeme, s.floor_rank, s.ndoc, 0
     FROM unnest($3::text[], $4::text[]) AS i(lang, lexeme)
     CROSS JOIN LATERAL (
       SELECT s.lexeme, s.floor_rank, s.ndoc FROM term_stats s
       WHERE s.lang = i.lang AND s.lexeme >= i.lexeme COLLATE "C" AND s.lexeme < (i.lexeme || chr(1114111)) COLLATE "C"
         AND s.floor_rank IS NOT NULL
       UNION ALL
       (SELECT s.lexeme, s.floor_rank, s.ndoc FROM term_stats s
        WHERE s.lang = i.lang AND s.lexeme >= i.lexeme COLLATE "C" AND s.lexeme < (i.lexeme || chr(1114111)) COLLATE "C"
          AND s.floor_rank IS NULL
        ORDER BY s.lexeme LIMIT ${MAX_PREFIX_LEXEMES})) s
     UNION ALL
     SELECT 'q', i.lang, i.lexeme, '', NULL, coalesce(s.docs, 0), coalesce(s.forms, 0)
     FROM unnest($3::text[], $4::text[]) AS i(lang, lexeme)
     CROSS JOIN LATERAL (
       SELECT sum(s.ndoc)::int AS docs, count(*)::int AS forms FROM term_stats s
       WHERE s.lang = i.lang AND s.lexeme >= i.lexeme COLLATE "C" AND s.lexeme < (i.lexeme || chr(1114111)) COLLATE "C"
         AND s.floor_rank IS NULL) s`,
    [exact.map((e) => e.lang), exact.map((e) => e.lexeme), prefixes.map((e) => e.lang), prefixes.map((e) => e.lexeme), groups.map((g) => g.lang)],
  );
  const exactStats = new Map<string, { floor: number | null; ndoc: number }>();
  const expansions = new Map<string, { lexeme: string; floor: number | null; ndoc: number }[]>();
  const sizes = new Map<string, { passages: number; topK: number }>();
  /** Per prefix: its rare forms (not listed), how many and how many passages hold one (summed). */
  const rareForms = new Map<string, { forms: number; docs: number }>();
  /** Passages holding each lexeme read (document frequency). */
  const docsOf = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.lang}\u0000${r.key}`;
    if (r.kind === 'n') sizes.set(r.lang, { passages: r.ndoc, topK: r.top_k });
    else if (r.kind === 'e') exactStats.set(key, { floor: r.floor_rank, ndoc: r.ndoc });
    else if (r.kind === 'q') rareForms.set(key, { forms: r.top_k, docs: r.ndoc });
    else expansions.set(key, [...(expansions.get(key) ?? []), { lexeme: r.lexeme, floor: r.floor_rank, ndoc: r.ndoc }]);
    if (r.kind === 'e' || r.kind === 'p') docsOf.set(`${r.lang}\u0000${r.lexeme}`, r.ndoc);
  }
  let any = false;
  const plans = groups.map((g, gi): CandidatePlan => {
    const lang = g.lang ?? '';
    const place = (item: TsItem): Placement => {
      const key = `${lang}\u0000${item.lexeme}`;
      if (!item.prefix) {
        const stats = exactStats.get(key);
        return stats?.floor === null || stats === undefined
          ? { frequent: [], rare: [item], rareDocs: stats?.ndoc ?? 0 }
          : { frequent: [{ lexeme: item.lexeme, floor: stats.floor, ndoc: stats.ndoc }], rare: [], rareDocs: 0 };
      }
      const expansion = expansions.get(key) ?? [];
      const listed = expansion.flatMap((e) => (e.floor === null ? [] : [{ lexeme: e.lexeme, floor: e.floor, ndoc: e.ndoc }]));
      const rest = rareForms.get(key) ?? { forms: 0, docs: 0 };
      // No frequent form: the prefix whole to GIN.
      if (listed.length === 0) return { frequent: [], rare: [item], rareDocs: rest.docs };
      // Many rare forms of a frequent prefix ('olm':* → the forms of "olmak", 'peygamber':*)
      // would make the GIN part as costly as ranking every match: only its frequent forms are
      // candidates.
      if (rest.forms > MAX_PREFIX_LEXEMES || rest.docs > PREFIX_RARE_LIMIT) return { frequent: listed, rare: [], rareDocs: rest.docs, dropped: true };
      return {
        frequent: listed,
        rare: expansion.flatMap((e) => (e.floor === null ? [{ lexeme: e.lexeme, prefix: false }] : [])),
        rareDocs: rest.docs,
      };
    };
    /** Rare lexemes and compounds to GIN: tsquery text → the terms holding it and its passages (at most). */
    const rare = new Map<string, { terms: Set<number>; docs: number }>();
    const addRare = (text: string, docs: number, term: number): void => {
      const known = rare.get(text);
      rare.set(text, { terms: (known?.terms ?? new Set<number>()).add(term), docs: Math.max(docs, known?.docs ?? 0) });
    };
    let rareDocs = 0;
    let unbounded = false;
    /** Frequent lexemes to list; `alone`: it matches a disjunct on its own (its passages all match). */
    const frequent = new Map<string, { floor: number; ndoc: number; alone: boolean }>();
    let compoundDocs = 0;
    const listLexeme = (f: { lexeme: string; floor: number; ndoc: number }, alone: boolean): void => {
      const known = frequent.get(f.lexeme);
      frequent.set(f.lexeme, { floor: f.floor, ndoc: f.ndoc, alone: alone || (known?.alone ?? false) });
    };
    const bound: Bound = { matchedCount: 0, weight: 0, rank: 0 };
    g.terms.forEach((t, ti) => {
      /** What this term gives a passage holding only frequent lexemes: 1 through a part, its alternative weight through an alternative. */
      let credit = 0;
      const visit = (list: readonly Disjunct[], most: number): void => {
        for (const d of list) {
          const items = d.kind === 'item' ? [d.item] : d.items;
          const placed = items.map(place);
          if (items.length === 1) {
            // One lexeme (perhaps weighted): its rare forms to GIN, its frequent ones listed.
            const [only] = placed;
            if (only?.dropped === true) unbounded = true;
            for (const f of only?.frequent ?? []) listLexeme(f, true);
            const forms = only?.rare ?? [];
            // A prefix whole: its forms' passages summed; one lexeme: its own.
            for (const r of forms) addRare(itemText(r), r.prefix ? (only?.rareDocs ?? 0) : (docsOf.get(`${lang}\u0000${r.lexeme}`) ?? 0), ti);
            rareDocs += only?.rareDocs ?? 0;
            if ((only?.frequent.length ?? 0) > 0) credit = Math.max(credit, most);
          } else if (placed.some((p) => p.rare.length > 0 || p.dropped === true)) {
            // A compound that may match through a rare lexeme: to GIN whole (an AND: few matches).
            addRare(d.text, Math.min(...placed.map((p) => p.rareDocs + p.frequent.reduce((sum, f) => sum + f.ndoc, 0))), ti);
            rareDocs += Math.min(...placed.map((p) => p.rareDocs + p.frequent.reduce((sum, f) => sum + f.ndoc, 0)));
          } else {
            // A compound of frequent lexemes only: found through their lists, its rank unbounded.
            for (const p of placed) for (const f of p.frequent) listLexeme(f, false);
            compoundDocs += Math.min(...placed.map((p) => p.frequent.reduce((sum, f) => sum + f.ndoc, 0)));
            unbounded = true;
            credit = Math.max(credit, most);
          }
        }
      };
      visit(t.partDisjuncts ?? [], t.partWeight);
      visit(t.alternativeDisjuncts ?? [], t.alternativeWeight);
      bound.matchedCount += credit;
      bound.weight += credit * Math.max(0, weights[gi]?.[ti] ?? 0);
    });
    if (frequent.size > 0) any = true;
    const size = sizes.get(lang) ?? { passages: 0, topK: 0 };
    const listed = Math.min(Math.max(MIN_LISTED, Math.floor(CANDIDATE_BUDGET / Math.max(frequent.size, 1))), size.topK);
    // Floors bound an unlisted passage's score only when every listed passage is taken.
    bound.rank = listed >= size.topK ? [...frequent.values()].reduce((sum, f) => sum + f.floor, 0) : Number.POSITIVE_INFINITY;
    // The rarest first, while their passages fit the budget; the rest are left out (their
    // passages are candidates only through the other terms).
    const taken: string[] = [];
    let spent = 0;
    for (const [text, r] of [...rare].sort((a, b) => a[1].docs - b[1].docs)) {
      if (spent + r.docs > RARE_BUDGET && taken.length > 0) {
        unbounded = true;
        continue;
      }
      spent += r.docs;
      taken.push(text);
    }
    return {
      rare: taken.length > 0 ? taken.join(' | ') : undefined,
      frequent: [...frequent.keys()],
      listed,
      frequentDocs: [...frequent.values()].flatMap((f) => (f.alone ? [f.ndoc] : [])),
      frequentUpper: [...frequent.values()].reduce((sum, f) => sum + (f.alone ? f.ndoc : 0), compoundDocs),
      rareDocs,
      passages: size.passages,
      bound: unbounded ? undefined : bound,
    };
  });
  return any || plans.some((p) => p.rareDocs > FULL_RANK_LIMIT) ? plans : undefined;
}

/**
 * `a` ranks strictly before every passage outside the candidates: their matched count and
 * weight are at most the bound's, their rank strictly less than `bound.rank`.
 */
function ranksAbove(a: ScoredRow, bound: Bound, order: Order): boolean {
  const eps = 1e-9;
  const rankAbove = a.rank >= bound.rank;
  const keys: [number, number][] =
    order === 'weight'
      ? [
          [a.weight, bound.weight],
          [a.matched_count, bound.matchedCount],
        ]
      : [
          [a.matched_count, bound.matchedCount],
          [a.weight, bound.weight],
        ];
  for (const [x, b] of keys) {
    if (x > b + eps) return true;
    if (x < b - eps) return false;
  }
  return rankAbove;
}

/** The candidates rank the first this many rows (the head); deeper rows come from the full ranking without them. */
const HEAD_DEPTH = 100;

/**
 * The first `depth` rows of the ranking of the candidates only (see {@link planCandidates}),
 * and whether they are provably the full ranking's first rows (`depth` rows found, the last
 * above every plan's bound).
 */
async function candidateRanking(
  db: Queryable,
  groups: readonly PreparedGroup[],
  plans: readonly CandidatePlan[],
  weights: readonly number[][],
  source: string | undefined,
  order: Order,
  depth: number,
): Promise<{ rows: ScoredRow[]; exact: boolean }> {
  const sql = new Sql();
  const selects = groups.flatMap((g, i) => {
    const plan = plans[i];
    if (g.all === undefined || !plan) return [];
    const lang = sql.param(g.lang ?? '');
    const ginQuery = plan.rare === undefined ? undefined : sql.tsquery(plan.rare);
    const listed =
      plan.frequent.length === 0
        ? undefined
        : `SELECT DISTINCT t.passage_id AS id FROM unnest(${sql.param(plan.frequent)}::text[]) AS f(lexeme)
           CROSS JOIN LATERAL (SELECT t.passage_id FROM term_top t WHERE t.lang = ${lang} AND t.lexeme = f.lexeme COLLATE "C"
                               ORDER BY t.rank DESC, t.passage_id LIMIT ${sql.param(plan.listed)}) t`;
    if (ginQuery === undefined && listed === undefined) return [];
    // The GIN matches are read once, scored where they are found; listed passages that are not
    // among them are fetched by id.
    const table = (columns: string): string =>
      [
        ginQuery === undefined ? undefined : `SELECT ${columns} FROM passages p WHERE p.lang = ${lang} AND p.tsv @@ ${ginQuery} OFFSET 0`,
        listed === undefined
          ? undefined
          : `SELECT ${columns} FROM (${listed}) c JOIN passages p ON p.id = c.id${ginQuery === undefined ? '' : ` WHERE NOT (p.tsv @@ ${ginQuery})`} OFFSET 0`,
      ]
        .filter((x) => x !== undefined)
        .map((x) => `(${x})`)
        .join(' UNION ALL ');
    return [scoredSelect(sql, i, g, weights[i] ?? [], source, { table, rank: inlineRank(groups) })];
  });
  if (selects.length === 0) return { rows: [], exact: false };
  const rows = await db.query<ScoredRow>(rankedRows(sql, groups, selects.join(' UNION ALL '), order, { limit: depth, offset: 0 }, false), sql.params);
  const last = rows.at(-1);
  const bounds = plans.map((p) => p.bound);
  const exact =
    rows.length === depth &&
    last !== undefined &&
    bounds.every((b) => b !== undefined) &&
    ranksAbove(
      last,
      {
        matchedCount: Math.max(...bounds.map((b) => b?.matchedCount ?? 0)),
        weight: Math.max(...bounds.map((b) => b?.weight ?? 0)),
        rank: Math.max(...bounds.map((b) => b?.rank ?? 0)),
      },
      order,
    );
  return { rows, exact };
}

/** Passages of the scope matching any of the groups' terms (GIN), `lang`-restricted per group. */
async function countMatches(db: Queryable, groups: readonly PreparedGroup[], source: string | undefined): Promise<number> {
  const sql = new Sql();
  const sourceSql = source === undefined ? '' : ` AND p.source = ${sql.param(source)}`;
  const counts = groups
    .filter((g) => g.all !== undefined)
    .map((g) => {
      const langSql = g.lang === undefined ? '' : ` AND p.lang = ${sql.param(g.lang)}`;
      return `(SELECT count(*)::int FROM passages p WHERE p.tsv @@ ${sql.tsquery(g.all ?? '')}${langSql}${sourceSql})`;
    });
  if (counts.length === 0) return 0;
  const rows = await db.query<{ n: number }>(`SELECT (${counts.join(' + ')})::int AS n`, sql.params);
  return rows[0]?.n ?? 0;
}

/**
 * Above this many possible matches (the document frequencies of the query's lexemes summed), a
 * total from the candidates path is estimated; at or below it, it is counted (GIN, about 7 µs a
 * match at 400,000 passages), so that the total a visitor pages through does not change.
 */
export const EXACT_TOTAL_LIMIT = 5000;

/**
 * The total of a query ranked from candidates: exact (a GIN count) with a source, or when at
 * most {@link EXACT_TOTAL_LIMIT} passages can match; otherwise estimated per language from
 * `term_sample` (a fixed 1/64 of its passages): the sample's matches scaled to the language,
 * kept between the largest frequent lexeme's document frequency and the sum of every
 * lexeme's (both exact bounds).
 */
async function candidatesTotal(
  db: Queryable,
  groups: readonly PreparedGroup[],
  plans: readonly CandidatePlan[],
  source: string | undefined,
): Promise<number> {
  const upper = plans.reduce((sum, p) => sum + p.frequentUpper + p.rareDocs, 0);
  if (source !== undefined || upper <= EXACT_TOTAL_LIMIT) return countMatches(db, groups, source);
  const sql = new Sql();
  const samples = groups.map(
    (g) => `(SELECT ARRAY[count(*) FILTER (WHERE s.tsv @@ ${sql.tsquery(g.all ?? '')}), count(*)]::int[]
             FROM term_sample s WHERE s.lang = ${sql.param(g.lang ?? '')})`,
  );
  const [row] = await db.query<{ s: number[][] }>(`SELECT ARRAY[${samples.join(', ')}]::int[][] AS s`, sql.params);
  return plans.reduce((sum, p, i) => {
    const [hits = 0, sampled = 0] = row?.s[i] ?? [];
    const low = Math.max(0, ...p.frequentDocs);
    const high = p.rareDocs + p.frequentUpper;
    const estimate = sampled > 0 ? Math.round((hits / sampled) * p.passages) : low;
    return sum + Math.min(high, Math.max(low, estimate));
  }, 0);
}

/**
 * How {@link rank} works: `auto` ranks the first {@link HEAD_DEPTH} rows from the frequent-term
 * table's candidates when the query's frequent lexemes could match more than
 * {@link FULL_RANK_LIMIT} passages, else every match; `candidates` uses the table whatever
 * their frequency (tests); `full` always ranks every match.
 */
export type RankStrategy = 'auto' | 'candidates' | 'full';

/** Most passages a scope may hold to be read whole rather than through the GIN index. */
const SCAN_LIMIT = 20_000;

/**
 * True when a source in one language holds at most {@link SCAN_LIMIT} passages (from the
 * import records; a source without one is not small).
 */
async function smallScope(db: Queryable, lang: string, source: string | undefined): Promise<boolean> {
  if (source === undefined) return false;
  const rows = await db.query<{ n: number }>(
    'SELECT coalesce(sum(passages), 0)::int AS n FROM corpus_imports WHERE source = $1 AND lang = $2',
    [source, lang],
  );
  const n = rows[0]?.n ?? 0;
  return n > 0 && n <= SCAN_LIMIT;
}

/**
 * One page of the ranking of the groups' matches, and the number of matches when asked.
 *
 * Which order a query's pages follow depends on the query alone, never on the page, so that
 * paging never repeats or skips a passage: when the table is used (`auto`: no source, and the
 * frequent lexemes could match more than {@link FULL_RANK_LIMIT} passages), the first
 * {@link HEAD_DEPTH} rows are the candidates' ranking — the full ranking's own first rows when
 * the bound proves it, otherwise their close approximation (measured by
 * `bench/term-table.mjs`) — and the rows after them are the
 * full ranking without those passages. Otherwise every match is ranked.
 */
async function rank(
  db: Queryable,
  groups: readonly PreparedGroup[],
  weights: readonly number[][],
  source: string | undefined,
  options: { order: Order; limit: number; offset: number; strategy: RankStrategy; total: boolean },
): Promise<{ total: number; passages: RankedPassage[]; path: 'exact' | 'approximate' | 'full' }> {
  const depth = options.offset + options.limit;
  // The table lists the best passages of a whole language: within one source too few of them remain.
  const plans = options.strategy !== 'full' && source === undefined ? await planCandidates(db, groups, weights) : undefined;
  const upper = plans?.reduce((n, p) => n + p.frequentUpper + p.rareDocs, 0) ?? 0;
  if (plans && (options.strategy === 'candidates' || upper > FULL_RANK_LIMIT)) {
    const head = await candidateRanking(db, groups, plans, weights, source, options.order, Math.min(Math.max(depth, 1), HEAD_DEPTH));
    const path = head.exact ? 'exact' : 'approximate';
    const top = head.rows;
    if (top.length >= depth) {
      const total = options.total ? await candidatesTotal(db, groups, plans, source) : 0;
      return { total: Math.max(total, depth), passages: toRanked(top.slice(options.offset)), path };
    }
    // Past the head (or the candidates ran out): the full ranking without the head's passages.
    const rest = await fullRanking(
      db,
      groups,
      weights,
      source,
      options.order,
      { limit: depth - Math.max(options.offset, top.length), offset: Math.max(0, options.offset - top.length) },
      false,
      top.map((row) => row.id),
    );
    const passages = [...top.slice(options.offset), ...rest.rows];
    const total = !options.total ? 0 : rest.rows.length > 0 ? top.length + rest.total : await countMatches(db, groups, source);
    return { total: passages.length > 0 ? Math.max(total, options.offset + passages.length) : total, passages: toRanked(passages), path };
  }
  const scan = groups.length === 1 && groups[0]?.lang !== undefined && (await smallScope(db, groups[0].lang, source));
  const full = await fullRanking(db, groups, weights, source, options.order, options, scan);
  const total = options.total && full.rows.length === 0 && options.offset > 0 ? await countMatches(db, groups, source) : full.total;
  return { total, passages: toRanked(full.rows), path: 'full' };
}

/**
 * Counts, for each term, the passages of the scope matching it (its document frequency,
 * through its parts or alternatives), the passages matching any term, and the scope's size:
 * for one source of at most 20,000 passages in one language, in one pass over its rows; else
 * through the GIN index on `passages.tsv`.
 *
 * @param terms at least one term
 */
export async function termStats(db: Queryable, terms: readonly QueryTerm[], scope: Scope): Promise<TermStats> {
  const [group] = await prepare(db, [{ lang: scope.lang, terms }]);
  const prepared = group?.terms ?? [];
  const termQueries = prepared.map((t) => orQuery([t.parts ?? '', t.alternatives ?? '']));
  const sql = new Sql();
  let where = '';
  if (scope.lang !== undefined) where += ` AND p.lang = ${sql.param(scope.lang)}`;
  if (scope.source !== undefined) where += ` AND p.source = ${sql.param(scope.source)}`;
  let query: string;
  if (scope.lang !== undefined && (await smallScope(db, scope.lang, scope.source))) {
    // One pass over the scope's rows, every count at once.
    const count = (text: string | undefined): string => (text === undefined ? '0' : `count(*) FILTER (WHERE p.tsv @@ ${sql.tsquery(text)})::int`);
    query = `SELECT ARRAY[${termQueries.map(count).join(', ')}]::int[] AS df, ${count(group?.all)} AS total, count(*)::int AS scope_size
             FROM (SELECT p.tsv FROM passages p WHERE true${where} OFFSET 0) p`;
  } else {
    const count = (text: string | undefined): string =>
      text === undefined ? '0' : `(SELECT count(*)::int FROM passages p WHERE p.tsv @@ ${sql.tsquery(text)}${where})`;
    query = `SELECT ARRAY[${termQueries.map(count).join(', ')}]::int[] AS df, ${count(group?.all)} AS total,
                    (SELECT count(*)::int FROM passages p WHERE true${where}) AS scope_size`;
  }
  const rows = await db.query<{ df: number[]; total: number; scope_size: number }>(query, sql.params);
  const row = rows[0];
  if (!row) throw new Error('term statistics query returned no row');
  return { usable: termQueries.map((q) => q !== undefined), df: row.df, total: row.total, scopeSize: row.scope_size };
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
 * instead of 1 (both times its `partWeight`, when given). With a language and no source in the scope, the first 100 rows of a query
 * whose frequent lexemes could match more than {@link FULL_RANK_LIMIT} passages are ranked
 * from the frequent-term table's candidates (see `rank`); a small source (≤ 20,000 passages in the language) is read whole instead of through GIN.
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
 * match in all (exact: a GIN count of the same tsqueries). Each language is matched only with
 * its own terms (a passage in French is never tested against the Arabic or Turkish forms of a
 * word). Ranked as {@link rankPassages} with `order: 'terms'`: without a source, when the
 * query's frequent lexemes could match more than {@link FULL_RANK_LIMIT} passages, the first
 * 100 rows come from the frequent-term table's candidates (see `rank`; the total may then be
 * estimated, see {@link EXACT_TOTAL_LIMIT}), else every match is ranked (`strategy: 'full'`
 * forces it).
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
