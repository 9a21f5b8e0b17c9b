/** Shapes shared by the passages' readers: scopes, stored and ranked passages, term statistics. */
import type { QueryTerm } from './terms.js';

/** Which passages are searched: one language and/or one source (undefined = all). */
export interface Scope {
  lang?: string;
  source?: string;
}

/** Per-term statistics of a query within a scope. */
export interface TermStats {
  /** Passages in the scope. */
  scopeSize: number;
  /**
   * Passages matching at least one term (through its parts or its alternatives); undefined
   * when not counted (`termStats`' `countTotal: false`: then some term's `df` above 0 tells
   * whether any passage matches).
   */
  total?: number;
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
   * through one of its parts, its `alternativeWeight` (default `DEFAULT_ALTERNATIVE_WEIGHT`, terms.ts)
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

/**
 * How the ranking (`internal/rank.ts`) works: `auto` ranks the first `HEAD_DEPTH` rows from the
 * frequent-term table's candidates when the query's frequent lexemes could match more than
 * `FULL_RANK_LIMIT` passages (both in `internal/candidates.ts`), else every match;
 * `candidates` uses the table whatever their frequency (tests); `full` always ranks every match.
 */
export type RankStrategy = 'auto' | 'candidates' | 'full';

/** The terms of a query in one passage language (each language drops its own stopwords). */
export interface LanguageTerms {
  lang: string;
  terms: readonly QueryTerm[];
}

/** A word to test for highlighting, in its indexed forms (see `indexForms`). */
export interface WordForms {
  lang: string;
  norm: string;
  fold: string;
}
