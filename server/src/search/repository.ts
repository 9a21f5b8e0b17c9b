import type { Queryable } from '../db/database.js';
import { DEFAULT_ALTERNATIVE_WEIGHT, type QueryTerm, type TermPart } from './query.js';

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
  /** Per term: does the passage match it (through its parts or its alternatives). */
  matched: boolean[];
  /**
   * Sum over the terms of how each is matched: 1 through one of its parts, its
   * `alternativeWeight` (default {@link DEFAULT_ALTERNATIVE_WEIGHT}) through its alternatives
   * only, 0 not at all. Equals the number of distinct terms matched when no term has alternatives.
   */
  matchedCount: number;
  /** Sum over the terms of weight × how it is matched (as in `matchedCount`); 0 unless weights were given. */
  weight: number;
  /** `ts_rank_cd` of the OR of all terms' parts and alternatives (normalized by log length). */
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

/** A lexeme of a normalized tsquery made of ORed lexemes: exact, or a prefix (`'sabir':*`). */
interface Item {
  lexeme: string;
  prefix: boolean;
}

const ITEM = /'((?:[^'\\]|''|\\.)*)'(:\*)?/g;

/**
 * The lexemes of a normalized tsquery (`to_tsquery(…)::text`) when it is an OR of plain or
 * prefix lexemes, else undefined (a phrase `<->`, AND, NOT or weights: not decomposable).
 */
function parseItems(text: string): Item[] | undefined {
  const items: Item[] = [];
  const rest = text.replace(ITEM, (_, lexeme: string, prefix: string | undefined) => {
    items.push({ lexeme: lexeme.replace(/''/g, "'").replace(/\\(.)/g, '$1'), prefix: prefix !== undefined });
    return '';
  });
  return /^[\s|()]*$/.test(rest) ? items : undefined;
}

/** tsquery text of one item, as the tsquery input function reads it. */
function itemText(item: Item): string {
  return `'${item.lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${item.prefix ? ':*' : ''}`;
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
  alternativeWeight: number;
  /** Lexemes of the parts and of the alternatives; undefined when a tsquery is not an OR of lexemes. */
  partItems?: Item[];
  alternativeItems?: Item[];
}

/** The terms of one passage language (undefined: matched in every language), normalized. */
interface PreparedGroup {
  lang?: string;
  terms: PreparedTerm[];
  /** OR of every term's parts and alternatives; undefined when all reduce to nothing. */
  all?: string;
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
  const itemsOf = (indexes: number[]): Item[] | undefined => {
    const all: Item[] = [];
    for (const i of indexes) {
      const items = parseItems(normalized[i] ?? '');
      if (!items) return undefined;
      all.push(...items);
    }
    return all;
  };
  return groups.map((g, gi) => {
    const terms = (layout[gi] ?? []).map(({ parts, alternatives, term }): PreparedTerm => ({
      parts: orQuery(parts.map((i) => normalized[i] ?? '')),
      alternatives: orQuery(alternatives.map((i) => normalized[i] ?? '')),
      alternativeWeight: term.alternativeWeight ?? DEFAULT_ALTERNATIVE_WEIGHT,
      partItems: itemsOf(parts),
      alternativeItems: itemsOf(alternatives),
    }));
    return { lang: g.lang, terms, all: orQuery(terms.flatMap((t) => [t.parts ?? '', t.alternatives ?? ''])) };
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

/** The stored columns joined to ranked rows `r` (already limited to a page), in their order. */
function withStored(ranked: string, order: Order): string {
  return `SELECT r.*, p.source, p.lang, p.ref, p.section, p.text, p.translator
          FROM (${ranked}) r JOIN passages p ON p.id = r.id
          ORDER BY ${orderBy(order, 'r.')}`;
}

/**
 * The SELECT of one language's matching passages with their scores (`id`, `position`,
 * `matched`, `matched_count`, `weight`, `rank`), restricted to `candidates` (an SQL set of ids)
 * when given. `scan`: read the scope's rows (index on language and source) and test each,
 * instead of the GIN index — cheaper for a small source than fetching a frequent word's
 * matches in every source.
 */
function scoredSelect(
  sql: Sql,
  group: PreparedGroup,
  weights: readonly number[],
  source: string | undefined,
  from: { candidates?: string; scan?: boolean } = {},
): string {
  const all = sql.tsquery(group.all ?? '');
  const match = (text: string | undefined): string => (text === undefined ? 'false' : `p.tsv @@ ${sql.tsquery(text)}`);
  const terms = group.terms.map(
    (t, i) =>
      `(CASE WHEN ${match(t.parts)} THEN 1 WHEN ${match(t.alternatives)} THEN ${sql.param(t.alternativeWeight)}::float8 ELSE 0 END)::float8 AS m${i}`,
  );
  const m = group.terms.map((_, i) => `s.m${i}`);
  const weighted = m.map((x, i) => `${x} * ${sql.param(weights[i] ?? 0)}::float8`);
  const langSql = group.lang === undefined ? '' : ` AND p.lang = ${sql.param(group.lang)}`;
  const sourceSql = source === undefined ? '' : ` AND p.source = ${sql.param(source)}`;
  const table =
    from.candidates !== undefined
      ? `(${from.candidates}) c JOIN passages p ON p.id = c.id`
      : from.scan === true
        ? `(SELECT p.id, p.position, p.lang, p.source, p.tsv FROM passages p WHERE true${langSql}${sourceSql} OFFSET 0) p`
        : 'passages p';
  return `SELECT s.id, s.position, ARRAY[${m.map((x) => `${x} > 0`).join(', ')}]::boolean[] AS matched,
            (${m.join(' + ')})::float8 AS matched_count, (${weighted.join(' + ')})::float8 AS weight, s.rank
          FROM (SELECT p.id, p.position, ${terms.join(', ')}, ts_rank_cd(p.tsv, ${all}, 1)::float8 AS rank
                FROM ${table}
                WHERE p.tsv @@ ${all}${langSql}${sourceSql}) s`;
}

type ScoredRow = StoredPassage & { matched: boolean[]; matched_count: number; weight: number; rank: number };

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
    matched: r.matched,
    matchedCount: r.matched_count,
    weight: r.weight,
    rank: r.rank,
  }));
}

/** The full ranking: every match scored (GIN), one page, and the number of matches. */
async function fullRanking(
  db: Queryable,
  groups: readonly PreparedGroup[],
  weights: readonly number[][],
  source: string | undefined,
  order: Order,
  page: { limit: number; offset: number },
  scan: boolean,
): Promise<{ total: number; rows: ScoredRow[] }> {
  const sql = new Sql();
  const selects = groups.flatMap((g, i) => (g.all === undefined ? [] : [scoredSelect(sql, g, weights[i] ?? [], source, { scan })]));
  if (selects.length === 0) return { total: 0, rows: [] };
  const rows = await db.query<ScoredRow & { total: number }>(
    withStored(
      `SELECT m.*, count(*) OVER ()::int AS total FROM (${selects.join(' UNION ALL ')}) m
       ORDER BY ${orderBy(order)}
       LIMIT ${sql.param(page.limit)} OFFSET ${sql.param(page.offset)}`,
      order,
    ),
    sql.params,
  );
  return { total: rows[0]?.total ?? 0, rows };
}

/**
 * Most frequent lexemes a language's query may hold for the candidates path (their pairs are
 * matched through GIN); 0: no limit (a limit of 8 sent Turkish questions to the slower full
 * ranking, see bench).
 */
const MAX_FREQUENT_LEXEMES = 0;

/** Most lexemes a prefix is expanded into before it is left to the GIN index whole. */
const MAX_PREFIX_LEXEMES = 200;

/** Scores no passage outside the candidates can exceed (componentwise), per {@link RankedPassage} field. */
interface Bound {
  matchedCount: number;
  weight: number;
  rank: number;
}

/** One language's candidates: GIN matches of `rare` and of `pairs`, plus the listed passages of `frequent` lexemes. */
interface CandidatePlan {
  rare?: string;
  frequent: string[];
  /** Passages holding two or more of the frequent lexemes (a tsquery: the OR of their pairs' ANDs), when there are two or more. */
  pairs?: string;
  /** Per frequent lexeme: passages of the language containing it. */
  frequentDocs: number[];
  /** Passages of the language when the table was built. */
  passages: number;
  bound: Bound;
}

/**
 * Splits each group's lexemes into frequent ones (listed in `term_top`) and the rest. The
 * candidates are the passages matching a rare lexeme, those holding two or more frequent ones
 * (GIN, an AND per pair) and the listed passages of each frequent lexeme; a passage outside
 * them holds exactly one frequent lexeme and nothing else of the query, so it earns at most
 * what one frequent lexeme alone earns (the bound's matched count and weight), and its
 * `ts_rank_cd` — for an OR query, the sum over its matching positions — is that lexeme's
 * score, less than its `floor_rank` (the bound's rank: the largest floor).
 *
 * @returns one plan per group, or undefined when the table cannot help (no frequent lexeme,
 *   more than {@link MAX_FREQUENT_LEXEMES} in a language, a tsquery that is not an OR of
 *   lexemes, a language without a table)
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
      if (!t.partItems || !t.alternativeItems) return undefined;
      for (const item of [...t.partItems, ...t.alternativeItems]) (item.prefix ? prefixes : exact).push({ lang: g.lang, lexeme: item.lexeme });
    }
  }
  const rows = await db.query<{ kind: string; lang: string; key: string; lexeme: string; floor_rank: number | null; ndoc: number }>(
    `SELECT 'n' AS kind, l.lang, '' AS key, '' AS lexeme, NULL::float8 AS floor_rank, l.passages AS ndoc
     FROM term_langs l WHERE l.lang = ANY ($5::text[])
     UNION ALL
     SELECT 'e', i.lang, i.lexeme, s.lexeme, s.floor_rank, s.ndoc
     FROM unnest($1::text[], $2::text[]) AS i(lang, lexeme)
     JOIN term_stats s ON s.lang = i.lang AND s.lexeme = i.lexeme COLLATE "C" AND s.floor_rank IS NOT NULL
     UNION ALL
     SELECT 'p', i.lang, i.lexeme, s.lexeme, s.floor_rank, s.ndoc
     FROM unnest($3::text[], $4::text[]) AS i(lang, lexeme)
     CROSS JOIN LATERAL (
       SELECT s.lexeme, s.floor_rank, s.ndoc FROM term_stats s
       WHERE s.lang = i.lang AND s.lexeme >= i.lexeme COLLATE "C" AND s.lexeme < (i.lexeme || chr(1114111)) COLLATE "C"
       ORDER BY s.lexeme LIMIT ${MAX_PREFIX_LEXEMES + 1}) s`,
    [exact.map((e) => e.lang), exact.map((e) => e.lexeme), prefixes.map((e) => e.lang), prefixes.map((e) => e.lexeme), groups.map((g) => g.lang)],
  );
  const frequentExact = new Map<string, { floor: number; ndoc: number }>();
  const expansions = new Map<string, { lexeme: string; floor: number | null; ndoc: number }[]>();
  const sizes = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.lang}\u0000${r.key}`;
    if (r.kind === 'n') sizes.set(r.lang, r.ndoc);
    else if (r.kind === 'e') frequentExact.set(key, { floor: r.floor_rank ?? 0, ndoc: r.ndoc });
    else expansions.set(key, [...(expansions.get(key) ?? []), { lexeme: r.lexeme, floor: r.floor_rank, ndoc: r.ndoc }]);
  }
  let any = false;
  let tooMany = false;
  const plans = groups.map((g, gi): CandidatePlan => {
    const rare = new Map<string, Item>();
    const frequent = new Map<string, { floor: number; ndoc: number }>();
    /** Adds an item's lexemes to `rare`/`frequent`; returns its frequent lexemes. */
    const place = (item: Item): string[] => {
      const key = `${g.lang ?? ''}\u0000${item.lexeme}`;
      if (!item.prefix) {
        const listed = frequentExact.get(key);
        if (listed === undefined) rare.set(itemText(item), item);
        else frequent.set(item.lexeme, listed);
        return listed === undefined ? [] : [item.lexeme];
      }
      const expansion = expansions.get(key) ?? [];
      if (expansion.length > MAX_PREFIX_LEXEMES || expansion.every((e) => e.floor === null)) {
        rare.set(itemText(item), item);
        return [];
      }
      const found: string[] = [];
      for (const e of expansion) {
        if (e.floor === null) rare.set(itemText({ lexeme: e.lexeme, prefix: false }), { lexeme: e.lexeme, prefix: false });
        else {
          frequent.set(e.lexeme, { floor: e.floor, ndoc: e.ndoc });
          found.push(e.lexeme);
        }
      }
      return found;
    };
    // What one frequent lexeme alone earns: per term, 1 when it is among the term's parts,
    // the alternative weight when among its alternatives only.
    const alone = new Map<string, { matchedCount: number; weight: number }>();
    g.terms.forEach((t, ti) => {
      const inParts = new Set((t.partItems ?? []).flatMap(place));
      const inAlternatives = new Set((t.alternativeItems ?? []).flatMap(place));
      for (const lexeme of new Set([...inParts, ...inAlternatives])) {
        const most = inParts.has(lexeme) ? 1 : t.alternativeWeight;
        const earned = alone.get(lexeme) ?? { matchedCount: 0, weight: 0 };
        earned.matchedCount += most;
        earned.weight += most * Math.max(0, weights[gi]?.[ti] ?? 0);
        alone.set(lexeme, earned);
      }
    });
    const bound: Bound = { matchedCount: 0, weight: 0, rank: 0 };
    for (const [lexeme, f] of frequent) {
      const earned = alone.get(lexeme);
      bound.matchedCount = Math.max(bound.matchedCount, earned?.matchedCount ?? 0);
      bound.weight = Math.max(bound.weight, earned?.weight ?? 0);
      bound.rank = Math.max(bound.rank, f.floor);
    }
    if (MAX_FREQUENT_LEXEMES > 0 && frequent.size > MAX_FREQUENT_LEXEMES) tooMany = true;
    if (frequent.size > 0) any = true;
    const listed = [...frequent.keys()].map((lexeme) => itemText({ lexeme, prefix: false }));
    const pairs = listed.flatMap((x, i) => listed.slice(i + 1).map((y) => `(${x} & ${y})`));
    return {
      rare: rare.size > 0 ? [...rare.keys()].join(' | ') : undefined,
      frequent: [...frequent.keys()],
      pairs: pairs.length > 0 ? pairs.join(' | ') : undefined,
      frequentDocs: [...frequent.values()].map((f) => f.ndoc),
      passages: sizes.get(g.lang ?? '') ?? 0,
      bound,
    };
  });
  return any && !tooMany ? plans : undefined;
}

/**
 * `a` ranks strictly before every passage outside the candidates: their matched count and
 * weight are at most the bound's, their rank strictly less than `bound.rank` (each frequent
 * lexeme's unlisted passages score less than its floor).
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

/** Pages deeper than this (offset + limit) are ranked in full, without the table. */
const MAX_CANDIDATE_DEPTH = 100;

/**
 * The first `depth` rows of the ranking from candidates only (see {@link planCandidates}),
 * or undefined when they cannot be proven to be the full ranking's first rows: fewer
 * candidates than `depth`, or the last of them not above the bound.
 */
async function candidateRanking(
  db: Queryable,
  groups: readonly PreparedGroup[],
  plans: readonly CandidatePlan[],
  weights: readonly number[][],
  source: string | undefined,
  order: Order,
  depth: number,
): Promise<ScoredRow[] | undefined> {
  const sql = new Sql();
  const selects = groups.flatMap((g, i) => {
    const plan = plans[i];
    if (g.all === undefined || !plan) return [];
    const lang = sql.param(g.lang ?? '');
    const sets: string[] = [];
    if (plan.rare !== undefined) sets.push(`SELECT r.id FROM passages r WHERE r.lang = ${lang} AND r.tsv @@ ${sql.tsquery(plan.rare)}`);
    if (plan.pairs !== undefined) sets.push(`SELECT r.id FROM passages r WHERE r.lang = ${lang} AND r.tsv @@ ${sql.tsquery(plan.pairs)}`);
    if (plan.frequent.length > 0) {
      sets.push(
        `SELECT t.passage_id FROM unnest(${sql.param(plan.frequent)}::text[]) AS f(lexeme)
         JOIN term_top t ON t.lang = ${lang} AND t.lexeme = f.lexeme COLLATE "C"`,
      );
    }
    const candidates = `SELECT DISTINCT u.id FROM (${sets.join(' UNION ALL ')}) AS u(id)`;
    return sets.length === 0 ? [] : [scoredSelect(sql, g, weights[i] ?? [], source, { candidates })];
  });
  if (selects.length === 0) return undefined;
  const rows = await db.query<ScoredRow>(
    withStored(`SELECT m.* FROM (${selects.join(' UNION ALL ')}) m ORDER BY ${orderBy(order)} LIMIT ${sql.param(depth)}`, order),
    sql.params,
  );
  const last = rows.at(-1);
  const bound: Bound = {
    matchedCount: Math.max(...plans.map((p) => p.bound.matchedCount)),
    weight: Math.max(...plans.map((p) => p.bound.weight)),
    rank: Math.max(...plans.map((p) => p.bound.rank)),
  };
  return rows.length === depth && last && ranksAbove(last, bound, order) ? rows : undefined;
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

/** Above this many possible matches (rare matches + frequent lexemes' document frequencies), a total from the candidates path is estimated. */
export const EXACT_TOTAL_LIMIT = 5000;

/**
 * The total of a query ranked from candidates: exact (a GIN count) with a source, or when at
 * most {@link EXACT_TOTAL_LIMIT} passages can match; otherwise estimated per language from the
 * table, taking words to occur independently: N × (1 − (1 − r/N) × Π (1 − df/N)), with r the
 * exact count of the rare lexemes' matches and df each frequent lexeme's document frequency,
 * kept between the largest of them and their sum (both exact bounds).
 */
async function candidatesTotal(
  db: Queryable,
  groups: readonly PreparedGroup[],
  plans: readonly CandidatePlan[],
  source: string | undefined,
): Promise<number> {
  const upper = plans.reduce((sum, p) => sum + p.frequentDocs.reduce((a, b) => a + b, 0), 0);
  if (source !== undefined || upper <= EXACT_TOTAL_LIMIT) return countMatches(db, groups, source);
  const sql = new Sql();
  const rareCounts = plans.map((p, i) =>
    p.rare === undefined
      ? '0'
      : `(SELECT count(*)::int FROM passages p WHERE p.lang = ${sql.param(groups[i]?.lang ?? '')} AND p.tsv @@ ${sql.tsquery(p.rare)})`,
  );
  const [row] = await db.query<{ r: number[] }>(`SELECT ARRAY[${rareCounts.join(', ')}]::int[] AS r`, sql.params);
  return plans.reduce((sum, p, i) => {
    const r = row?.r[i] ?? 0;
    const n = Math.max(p.passages, 1);
    const none = p.frequentDocs.reduce((q, df) => q * (1 - Math.min(df, n) / n), 1 - Math.min(r, n) / n);
    const low = Math.max(r, ...p.frequentDocs);
    const high = r + p.frequentDocs.reduce((a, b) => a + b, 0);
    return sum + Math.min(high, Math.max(low, Math.round(n * (1 - none))));
  }, 0);
}

/**
 * How many rankings this process answered from the candidates and how many in full
 * (diagnostics for the benchmark and tests; never reset).
 */
export const rankPaths = { candidates: 0, full: 0 };

/**
 * How {@link rank} works: `auto` uses the frequent-term table when the query's frequent
 * lexemes are common enough to pay for it and the page can be proven exact; `candidates` the
 * same whatever their frequency (tests); `full` always ranks every match.
 */
export type RankStrategy = 'auto' | 'candidates' | 'full';

/**
 * The candidates path is taken when the query's frequent lexemes occur in at least this many
 * passages. 0: always (measured at 3,000 it made PostgreSQL at 400k slower, see bench).
 */
const CANDIDATES_MIN_MATCHES = 0;

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
 * With `strategy: 'auto'`, pages within the first {@link MAX_CANDIDATE_DEPTH} rows come from
 * the candidates when {@link candidateRanking} proves them exact; otherwise (and for deeper
 * pages) every match is ranked.
 */
async function rank(
  db: Queryable,
  groups: readonly PreparedGroup[],
  weights: readonly number[][],
  source: string | undefined,
  options: { order: Order; limit: number; offset: number; strategy: RankStrategy; total: boolean },
): Promise<{ total: number; passages: RankedPassage[] }> {
  const depth = options.offset + options.limit;
  // The table lists the best passages of a whole language: within one source too few of them remain.
  if (options.strategy !== 'full' && depth <= MAX_CANDIDATE_DEPTH && source === undefined) {
    const found = await planCandidates(db, groups, weights);
    const common = (plans: CandidatePlan[]): boolean =>
      plans.reduce((n, p) => n + p.frequentDocs.reduce((a, b) => a + b, 0), 0) >= CANDIDATES_MIN_MATCHES;
    const plans = found && (options.strategy === 'candidates' || common(found)) ? found : undefined;
    const rows = plans && (await candidateRanking(db, groups, plans, weights, source, options.order, depth));
    if (rows) {
      rankPaths.candidates += 1;
      const total = options.total ? await candidatesTotal(db, groups, plans, source) : 0;
      return { total, passages: toRanked(rows.slice(options.offset)) };
    }
  }
  rankPaths.full += 1;
  const scan = groups.length === 1 && groups[0]?.lang !== undefined && (await smallScope(db, groups[0].lang, source));
  const full = await fullRanking(db, groups, weights, source, options.order, options, scan);
  const total = options.total && full.rows.length === 0 && options.offset > 0 ? await countMatches(db, groups, source) : full.total;
  return { total, passages: toRanked(full.rows) };
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
  /** `auto` (default): the frequent-term table when worth it and it proves the page exact; `candidates`: whenever it proves it; `full`: rank every match. */
  strategy?: RankStrategy;
}

/**
 * The passages of the scope matching any term (OR), ranked: passages matching more of the
 * query's distinct terms (or more weight) first, then by `ts_rank_cd`, then in source order.
 * A term matched only through its alternatives counts its `alternativeWeight` instead of 1.
 * With a language and no source in the scope, a page among the first 100 rows is ranked from
 * the frequent-term table's candidates when that is provably identical to ranking every match;
 * a small source (≤ 20,000 passages in the language) is read whole instead of through GIN.
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
 * word). Ranked as {@link rankPassages} with `order: 'terms'`: without a source, a page among
 * the first 100 rows comes from the frequent-term table's candidates when that is provably
 * identical to ranking every match (the total may then be estimated, see
 * {@link EXACT_TOTAL_LIMIT}), else every match is ranked (`strategy: 'full'` forces it).
 *
 * @param groups one entry per language searched, each with at least one term
 * @param source a catalog source id, or undefined for all
 */
export async function searchPassages(
  db: Queryable,
  groups: readonly LanguageTerms[],
  source: string | undefined,
  page: { limit: number; offset: number },
  strategy: RankStrategy = 'auto',
): Promise<{ total: number; passages: RankedPassage[] }> {
  const prepared = await prepare(db, groups.filter((g) => g.terms.length > 0));
  const weights = prepared.map((g) => g.terms.map(() => 0));
  return rank(db, prepared, weights, source, { order: 'terms', limit: page.limit, offset: page.offset, strategy, total: true });
}
