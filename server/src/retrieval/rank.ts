import type { QueryTerm } from '../passages/terms.js';
import type { RankedPassage, TermStats } from '../passages/types.js';
import { boostedCount, type AnchorRef } from './anchors.js';
import { queryTerms } from './query.js';

/**
 * How passages are ranked: one inverse document frequency, one way of weighing a query's terms
 * and lifting its concepts' anchor verses, one ordering — under two named policies. `search`
 * lists the passages matching the most terms first (what a reader scanning hits expects);
 * `answer` ranks by the weight of what is matched, the share of the question a passage covers,
 * which the assistant's refusal bar reads. The SQL side (`passages/ranking.ts`) orders its rows
 * by the same keys, so a page that needs no anchor lifted keeps the database's order.
 */

/** A ranking policy: how terms are weighed, how anchors are lifted, what sorts first. */
export interface RankingPolicy {
  readonly name: 'search' | 'answer';
  /** `terms`: matched terms, then weight, then `ts_rank_cd`; `weight`: weight first, then matched terms. */
  readonly order: 'terms' | 'weight';
  /** Each term weighs its {@link inverseDocumentFrequency} (`idf`), or that once per content word it stands for (`content`, {@link contentWords}). */
  readonly weights: 'idf' | 'content';
  /** A word found in many of the scope's passages counts less than 1 among the terms matched ({@link commonWordWeight}). */
  readonly discountCommonWords: boolean;
  /**
   * Anchor verses: `boosted` counts their concept's terms as matched plus a bounded bonus and
   * their near mentions in part (`anchors.ts` `boostedCount`); `weighed` counts only their
   * concept's terms as matched, in the weight.
   */
  readonly anchors: 'boosted' | 'weighed';
}

/** `GET /api/search`: passages matching more of the query's terms first. */
export const SEARCH_RANKING: RankingPolicy = { name: 'search', order: 'terms', weights: 'idf', discountCommonWords: true, anchors: 'boosted' };

/** `POST /api/ask`: passages covering more of the question's weighed content first. */
export const ANSWER_RANKING: RankingPolicy = { name: 'answer', order: 'weight', weights: 'content', discountCommonWords: false, anchors: 'weighed' };

/**
 * Inverse document frequency of a term: rare terms weigh more, and a term no passage of the
 * scope contains weighs more than any that some passage does (so "football" outweighs "life").
 *
 * @param df passages of the scope matching the term
 * @param n passages in the scope
 */
export function inverseDocumentFrequency(df: number, n: number): number {
  return Math.log(1 + n / (df + 0.5));
}

/**
 * Share of the scope's passages up to which a word of the query counts fully (1) among the terms
 * a passage matches; see {@link commonWordWeight}.
 */
export const COMMON_WORD_SHARE = 0.005;
/** The least a word of the query found in very many passages counts (see {@link commonWordWeight}). */
export const COMMON_WORD_FLOOR = 0.5;

/**
 * What a match of a query word through its own forms is worth (`QueryTerm.partWeight`), from the
 * share of the scope's passages containing it: 1 up to {@link COMMON_WORD_SHARE} (0.5 %), then
 * less in proportion to its inverse document frequency, `ln(1/share) / ln(1/COMMON_WORD_SHARE)`,
 * never below {@link COMMON_WORD_FLOOR}: counted alike, two common words ("see", "God")
 * outvoted the one distinctive word of a question ("wash"); docs/evaluation.md has the figures.
 *
 * @param df passages of the scope containing the word (or its concept's words)
 * @param scopeSize passages in the scope
 * @returns a weight in [{@link COMMON_WORD_FLOOR}, 1]
 */
export function commonWordWeight(df: number, scopeSize: number): number {
  if (scopeSize <= 0 || df <= 0) return 1;
  const share = df / scopeSize;
  if (share <= COMMON_WORD_SHARE) return 1;
  return Math.max(COMMON_WORD_FLOOR, Math.log(1 / share) / Math.log(1 / COMMON_WORD_SHARE));
}

/**
 * How many of the question's content words a term stands for: 1 for a word, each content word
 * of a concept mention ("Abraham … sacrifice … son": 3) for the concept's term, which the
 * pipeline makes of all of them. At least 1.
 *
 * @param lang the passage language the term was made for
 */
export function contentWords(term: QueryTerm, lang: string): number {
  return Math.max(1, queryTerms(term.word, [lang]).length);
}

/**
 * A query's terms weighed in their scope under a policy: each term's weight (0 for a term the
 * text-search configuration reduced to nothing) and, with `discountCommonWords`, a common word's
 * `partWeight` set below 1. Counted once per term, a concept mention of three words weighed no
 * more than one framing word beside it; the `answer` policy therefore counts a term once per
 * content word it stands for.
 *
 * @param terms the terms as searched in `lang` (after the Turkish fallback)
 * @param stats their statistics in the scope (`passages/ranking.ts` `termStats`)
 * @returns the terms (with part weights where discounted) and one weight per term
 */
export function weighTerms(
  terms: readonly QueryTerm[],
  lang: string,
  stats: Pick<TermStats, 'usable' | 'df' | 'scopeSize'>,
  policy: RankingPolicy,
): { terms: QueryTerm[]; weights: number[] } {
  const weights = terms.map((t, i) => {
    if (!stats.usable[i]) return 0;
    const idf = inverseDocumentFrequency(stats.df[i] ?? 0, stats.scopeSize);
    return policy.weights === 'content' ? idf * contentWords(t, lang) : idf;
  });
  const weighed = terms.map((t, i) => {
    if (!policy.discountCommonWords) return t;
    const worth = stats.usable[i] ? commonWordWeight(stats.df[i] ?? 0, stats.scopeSize) : 1;
    return worth < 1 ? { ...t, partWeight: worth } : t;
  });
  return { terms: weighed, weights };
}

/**
 * An anchor verse (scored like any passage by `anchors.ts` `scoreAnchors`) as the policy lifts
 * it: the terms of the concepts naming it count as matched (every word of the query counting
 * 1 for it, not a common word's part weight: an anchor is there because it states the concept),
 * and under `boosted` its matched count gets the bounded bonus of `boostedCount` and its near
 * mentions count too.
 *
 * @param ref the anchor's entry among the query's anchors (which terms name it)
 * @param terms the query's terms as weighed ({@link weighTerms})
 * @param weights the terms' weights (empty: unweighed, weight 0)
 */
export function liftAnchor(
  anchor: RankedPassage,
  ref: AnchorRef | undefined,
  terms: readonly QueryTerm[],
  weights: readonly number[],
  policy: RankingPolicy,
): RankedPassage {
  const named = ref?.terms ?? [];
  if (policy.anchors === 'weighed') {
    const weight = anchor.termScores.reduce((sum, m, i) => sum + (named.includes(i) ? 1 : m) * (weights[i] ?? 0), 0);
    return { ...anchor, weight };
  }
  const near = ref?.near ?? [];
  return {
    ...anchor,
    matched: anchor.matched.map((m, i) => m || named.includes(i)),
    matchedCount: boostedCount(anchor, named, terms, near),
    weight: anchor.termScores.reduce((sum, m, i) => sum + (named.includes(i) || near.includes(i) ? 1 : m) * (weights[i] ?? 0), 0),
  };
}

/**
 * The one ordering: ranked candidates and lifted anchor verses together (an anchor replaces its
 * own row), sorted by the policy's keys, then `ts_rank_cd`, then the candidates' own order.
 *
 * @param candidates in the database's order (`passages/ranking.ts`)
 * @param lifted anchor verses ({@link liftAnchor}), at most one per passage id
 */
export function rank(candidates: readonly RankedPassage[], lifted: readonly RankedPassage[], policy: RankingPolicy): RankedPassage[] {
  const ids = new Set(lifted.map((a) => a.id));
  const first = policy.order === 'terms' ? 'matchedCount' : 'weight';
  const second = policy.order === 'terms' ? 'weight' : 'matchedCount';
  return [...candidates.filter((p) => !ids.has(p.id)), ...lifted]
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p[first] - a.p[first] || b.p[second] - a.p[second] || b.p.rank - a.p.rank || a.i - b.i)
    .map(({ p }) => p);
}
