/**
 * Ranking the first rows of a query from the frequent-term table's candidates: which passages
 * they are, the bound that proves the ranking exact, and the estimated total.
 */
import type { Queryable } from '../../db/database.js';
import { countMatches } from './full-ranking.js';
import type { PreparedGroup } from './prepare.js';
import { inlineRank, rankedRows, scoredSelect, Sql, type Order, type ScoredRow } from './sql.js';
import { itemText, type Disjunct, type TsItem } from './tsquery.js';

/** Most rare forms of a prefix with frequent forms that the candidates take through GIN (one by one). */
const MAX_PREFIX_LEXEMES = 200;

/**
 * The bounds of one query's candidate work ({@link planCandidates}, {@link candidateRanking}):
 * PGlite does not stop a statement at `statement_timeout`, so each query's work is bounded
 * before it runs rather than cut off while it runs. Scoring a candidate costs about 10 µs at
 * 400,000 passages for a few disjuncts, more for many (every disjunct is tested on every
 * candidate); docs/performance.md has the measurements.
 */
export interface CandidateBudgets {
  /**
   * Listed passages taken in all, shared among the query's frequent lexemes (each gets its best
   * `listed / n`, at least {@link CandidateBudgets.minListed}, at most the table's `topK`).
   */
  listed: number;
  /** Fewest listed passages taken per frequent lexeme. */
  minListed: number;
  /**
   * Most passages (document frequencies summed) the rare lexemes and compounds may bring to the
   * candidates through GIN, the rarest first: several less rare ones (Turkish "gibi", "bütün"
   * at 400,000 passages) would otherwise bring thousands, each read from the table. The rarest
   * one is always taken, and the GIN rows are read with this as their LIMIT, so even a rarest
   * lexeme in more passages brings no more.
   */
  rare: number;
  /** Most rare lexemes, prefixes and compounds given to GIN (the rarest first): each prefix is a range scan of the index. */
  rareItems: number;
  /**
   * Most candidate-disjunct tests (candidates × the query's distinct disjuncts): a query with
   * more disjuncts than `work / (listed + rare)` has its `listed` and `rare` budgets shrunk in
   * proportion (a glossary-expanded Turkish question holds up to 20).
   */
  work: number;
}

/** The budgets the site runs with. */
export const CANDIDATE_BUDGETS: Readonly<CandidateBudgets> = { listed: 1200, minListed: 40, rare: 4000, rareItems: 32, work: 52_000 };

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

/** Scores no passage outside the candidates can exceed (componentwise), per `RankedPassage` field. */
interface Bound {
  matchedCount: number;
  weight: number;
  rank: number;
}

/** One language's candidates: GIN matches of `rare`, plus the best `listed` passages of each `frequent` lexeme. */
export interface CandidatePlan {
  /** Rare lexemes and compounds whose passages are candidates (GIN), within the `rare` and `rareItems` budgets. */
  rare?: string;
  /** Most GIN rows read for `rare` (the LIMIT of that scan). */
  rareLimit: number;
  /** Passages that may match `rare` (the taken items' document frequencies summed): above `rareLimit`, the LIMIT may leave some out. */
  rareTaken: number;
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
 * @param budgets the bounds of the candidates' work ({@link CANDIDATE_BUDGETS} by default; tests pass small ones)
 * @returns one plan per group, or undefined when the table cannot help (no frequent lexeme, a
 *   tsquery that cannot be decomposed, a group without a language)
 */
export async function planCandidates(
  db: Queryable,
  groups: readonly PreparedGroup[],
  weights: readonly number[][],
  budgets: Readonly<CandidateBudgets> = CANDIDATE_BUDGETS,
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
    // Many disjuncts make every candidate costlier: fewer candidates then.
    const share = Math.min(1, budgets.work / ((budgets.listed + budgets.rare) * Math.max(g.rankQueries.length, 1)));
    const listedBudget = Math.floor(budgets.listed * share);
    const rareBudget = Math.max(1, Math.floor(budgets.rare * share));
    const listed = Math.min(Math.max(budgets.minListed, Math.floor(listedBudget / Math.max(frequent.size, 1))), size.topK);
    // Floors bound an unlisted passage's score only when every listed passage is taken.
    bound.rank = listed >= size.topK ? [...frequent.values()].reduce((sum, f) => sum + f.floor, 0) : Number.POSITIVE_INFINITY;
    // The rarest first, while their passages fit the budget; the rest are left out (their
    // passages are candidates only through the other terms).
    const taken: string[] = [];
    let spent = 0;
    for (const [text, r] of [...rare].sort((a, b) => a[1].docs - b[1].docs)) {
      if ((spent + r.docs > rareBudget || taken.length >= budgets.rareItems) && taken.length > 0) {
        unbounded = true;
        continue;
      }
      spent += r.docs;
      taken.push(text);
    }
    // The rarest alone may hold more passages than the budget: the LIMIT leaves some out.
    if (spent > rareBudget) unbounded = true;
    return {
      rare: taken.length > 0 ? taken.join(' | ') : undefined,
      rareLimit: rareBudget,
      rareTaken: spent,
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
export const HEAD_DEPTH = 100;

/**
 * The first `depth` rows of the ranking of the candidates only (see {@link planCandidates}),
 * and whether they are provably the full ranking's first rows (`depth` rows found, the last
 * above every plan's bound).
 */
export async function candidateRanking(
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
    // among them are fetched by id. When the LIMIT may have left GIN matches out, a listed
    // passage among those is fetched by id too.
    const ginRows = (columns: string): string =>
      `SELECT ${columns} FROM passages p WHERE p.lang = ${lang} AND p.tsv @@ ${ginQuery ?? ''} LIMIT ${sql.param(plan.rareLimit)}`;
    const notRead =
      ginQuery === undefined
        ? 'true'
        : plan.rareTaken > plan.rareLimit
          ? `p.id NOT IN (${ginRows('p.id')})`
          : `NOT (p.tsv @@ ${ginQuery})`;
    const table = (columns: string): string =>
      [
        ginQuery === undefined ? undefined : ginRows(columns),
        listed === undefined
          ? undefined
          : `SELECT ${columns} FROM (${listed}) c JOIN passages p ON p.id = c.id${ginQuery === undefined ? '' : ` WHERE ${notRead}`} OFFSET 0`,
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
export async function candidatesTotal(
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
