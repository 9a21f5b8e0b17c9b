/**
 * The terms a query is matched with: what the retrieval pipeline builds (`retrieval/query.ts`)
 * and the passage queries (`ranking.ts`) turn into SQL.
 */

/** A PostgreSQL text-search configuration the queries use (whitelisted: they are inlined in SQL). */
export type TsConfig =
  | 'english'
  | 'turkish'
  | 'arabic'
  | 'spanish'
  | 'french'
  | 'russian'
  | 'swedish'
  | 'indonesian'
  | 'german'
  | 'simple';

/** `to_tsquery(config, query)`: `query` is tsquery text built here from quoted normalized lexemes. */
export interface TermPart {
  config: TsConfig;
  query: string;
}

/**
 * One distinct term of a query: the OR of its parts. A passage "matches the term" when its
 * tsvector matches any part; ranking counts matched terms.
 */
export interface QueryTerm {
  /** The word as the query wrote it (first occurrence). */
  word: string;
  parts: TermPart[];
  /**
   * Other wordings of the same concept (concept expansion, issue 11): a passage that matches
   * none of `parts` but one of these counts as matching the term with weight
   * {@link QueryTerm.alternativeWeight} instead of 1, so an expansion never outranks an exact
   * match. Absent or empty: the term has no expansion.
   */
  alternatives?: TermPart[];
  /** Weight of a match through `alternatives` only, in (0, 1); default {@link DEFAULT_ALTERNATIVE_WEIGHT}. */
  alternativeWeight?: number;
  /**
   * What a match through `parts` is worth, in (0, 1]; default 1. The search lowers it for a
   * word found in many of the scope's passages (`search/service.ts`, `commonWordWeight`), so
   * that "say" or "people" counts less than "wash" or "cave". A match through `alternatives`
   * is worth `alternativeWeight × partWeight`: an expansion still never outranks the word itself.
   */
  partWeight?: number;
  /**
   * Verses that state the concept (its glossary `anchors`, `<source> <ref>`: `quran 37:142`);
   * the search lifts them by a bounded amount (`anchors.ts`). Absent: none.
   */
  anchors?: string[];
  /**
   * Anchor verses of concepts the query nearly mentions (`concepts/detect.ts`,
   * `detectNearConcepts`: all but one content word of a wording, one of them this term's
   * word): the search lifts them counting this term as matched, without the bonus a mention
   * gives (`anchors.ts`). Absent: none.
   */
  nearAnchors?: string[];
}

/** Weight of a term matched only through its concept's alternatives (an exact match weighs 1). */
export const DEFAULT_ALTERNATIVE_WEIGHT = 0.8;
