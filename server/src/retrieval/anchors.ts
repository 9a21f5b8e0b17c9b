import type { Queryable } from '../db/database.js';
import { DEFAULT_ALTERNATIVE_WEIGHT, type QueryTerm } from '../passages/terms.js';
import { scorePassages } from '../passages/ranking.js';
import type { RankedPassage } from '../passages/types.js';

/**
 * Anchor verses: a glossary concept may name the verses that state it
 * (`anchors: ["quran 37:142"]`). When a query mentions the concept, its anchors in the scope
 * are scored here against the query's terms — exactly as `passages/ranking.ts` scores passages
 * (1 or the term's `partWeight` per term matched through its parts, `alternativeWeight` times
 * that through its alternatives only)
 * — and {@link boostAnchors} lifts them by a bounded amount.
 */

/** Half a term: what an anchor verse gains on top of counting its concept's term as matched. */
export const ANCHOR_BONUS = 0.5;

/**
 * What a term whose words nearly mention a concept (`QueryTerm.nearAnchors`) counts for that
 * concept's anchor verses when they lack it, times the term's worth: a near mention is weaker
 * evidence than a mention (which counts the term fully, plus {@link ANCHOR_BONUS}); at 1 the
 * near anchors of two-term questions outranked verses matching both words (docs/evaluation.md).
 */
export const NEAR_WEIGHT = 0.7;

/** A verse named by a concept the query mentions: `source` and `ref`, and the index of the concept's term. */
export interface AnchorRef {
  source: string;
  ref: string;
  /** Indexes into the query's terms of the concept terms that name this verse. */
  terms: number[];
  /** Indexes of the terms whose words nearly mention a concept naming this verse (`QueryTerm.nearAnchors`). */
  near: number[];
}

/** The anchors of a query's concept terms (`QueryTerm.anchors`, `<source> <ref>`), merged per verse, within `source` when given. */
export function anchorRefs(terms: readonly QueryTerm[], source: string | undefined): AnchorRef[] {
  const byKey = new Map<string, AnchorRef>();
  terms.forEach((term, i) => {
    for (const [anchors, list] of [
      [term.anchors, 'terms'],
      [term.nearAnchors, 'near'],
    ] as const) {
      for (const anchor of anchors ?? []) {
        const space = anchor.indexOf(' ');
        if (space < 0) continue;
        const src = anchor.slice(0, space);
        const ref = anchor.slice(space + 1);
        if (source !== undefined && src !== source) continue;
        const key = `${src} ${ref}`;
        const entry = byKey.get(key) ?? { source: src, ref, terms: [], near: [] };
        if (!entry[list].includes(i)) entry[list].push(i);
        byKey.set(key, entry);
      }
    }
  });
  return [...byKey.values()];
}

/** An anchor verse scored against the query's terms, with each term's score (1, its `alternativeWeight`, or 0). */
export type ScoredAnchor = RankedPassage;

/**
 * The anchor verses in one passage language, scored against the terms like any match
 * (`passages/ranking.ts` `scorePassages`: `termScores`, `matched`, `matchedCount`, `rank`; `weight`
 * 0). Verses missing from the corpus are left out.
 *
 * @throws on a database error
 */
export async function scoreAnchors(
  db: Queryable,
  lang: string,
  anchors: readonly AnchorRef[],
  terms: readonly QueryTerm[],
): Promise<ScoredAnchor[]> {
  return scorePassages(db, lang, anchors, terms);
}

/**
 * How far below a verse matching every term through the query's own words (score = number of
 * terms) a lifted anchor stays: half the gap between an exact match (1) and one through a
 * concept's alternatives ({@link DEFAULT_ALTERNATIVE_WEIGHT}), so an anchor that matches every
 * other term ranks above the verses that match all terms only through alternatives — in a
 * query that is one concept mention ("why did Joseph's brothers get rid of him"), above every
 * verse that merely uses one of the concept's words ("well-protected"). At {@link ANCHOR_BONUS}
 * a one-term query's anchors stayed below every alternative match and were never lifted.
 */
export const ANCHOR_CAP_GAP = (1 - DEFAULT_ALTERNATIVE_WEIGHT) / 2;

/**
 * An anchor verse's boosted score: its concept terms count as matched through the query's own
 * words (each its `partWeight`, default 1), plus {@link ANCHOR_BONUS}; the terms of a near
 * mention naming it count at least {@link NEAR_WEIGHT} of their worth, without the bonus;
 * never more than the score of a verse matching every term through the query's own words
 * minus {@link ANCHOR_CAP_GAP}, so such a verse always stays above it.
 *
 * @param anchor the verse as scored by {@link scoreAnchors}
 * @param anchoredTerms indexes of the concept terms naming it
 * @param terms the query's terms (what each is worth: its `partWeight`, default 1)
 * @param nearTerms indexes of the terms whose words nearly mention a concept naming it
 */
export function boostedCount(anchor: ScoredAnchor, anchoredTerms: readonly number[], terms: readonly QueryTerm[], nearTerms: readonly number[] = []): number {
  const worth = terms.map((t) => t.partWeight ?? 1);
  const count = anchor.termScores.reduce(
    (sum, m, i) => sum + (anchoredTerms.includes(i) ? (worth[i] ?? 1) : nearTerms.includes(i) ? Math.max(m, NEAR_WEIGHT * (worth[i] ?? 1)) : m),
    0,
  );
  const everyTerm = worth.reduce((sum, w) => sum + w, 0);
  const bonus = anchoredTerms.length > 0 ? ANCHOR_BONUS : 0;
  return Math.max(anchor.matchedCount, Math.min(count + bonus, everyTerm - ANCHOR_CAP_GAP));
}
