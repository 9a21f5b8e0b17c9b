import type { SearchHit, SearchResponse } from '@kb/contracts';
import type { Queryable } from '../db/database.js';
import { indexForms, words, type WordSpan } from '../corpus/normalize.js';
import { escapeHtml, highlight } from './highlight.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { readingUrl } from '../read/urls.js';
import type { QueryTerm } from '../passages/terms.js';
import { matchingWords } from '../passages/ranking.js';
import type { RankedPassage, WordForms } from '../passages/types.js';
import { warmUpExpansion, type Expansion } from '../retrieval/expansion.js';
import { warmUpBridge } from '../retrieval/bridge.js';
import { referencePassages, retrieve, searchableLanguages } from '../retrieval/pipeline.js';
import { warmUpDomain } from '../lexicon/domain.js';

/** Validated parameters of a search. */
export interface SearchParams {
  /** The query, trimmed, 1–200 characters. */
  q: string;
  /** Passage language (`en`, `tr`, `ar`, …) or `all`. */
  lang: string;
  /** Catalog source id, or undefined for every source. */
  source?: string;
  /** Hits per page, 1–50. */
  limit: number;
  /** Hits skipped, ≥ 0. */
  offset: number;
}

/**
 * The passages' HTML highlights: each word of a passage (in its indexed form) is checked
 * against the query's terms by the database, and the matching ones are wrapped in `<mark>`.
 *
 * @returns one HTML string per passage, in order
 */
export async function highlightPassages(
  db: Queryable,
  terms: readonly QueryTerm[],
  passages: readonly { lang: string; text: string }[],
): Promise<string[]> {
  const spans: WordSpan[][] = passages.map((p) => words(p.text));
  const keyOf = (lang: string, span: WordSpan): string => `${lang}\u0000${span.word}`;
  const unique = new Map<string, WordForms>();
  passages.forEach((p, i) => {
    for (const span of spans[i] ?? []) {
      const key = keyOf(p.lang, span);
      if (!unique.has(key)) unique.set(key, { lang: p.lang, ...indexForms(p.lang, span.word) });
    }
  });
  const keys = [...unique.keys()];
  const matched = await matchingWords(db, terms, [...unique.values()]);
  const matchedKeys = new Set([...matched].map((i) => keys[i]));
  return passages.map((p, i) =>
    highlight(
      p.text,
      (spans[i] ?? []).filter((span) => matchedKeys.has(keyOf(p.lang, span))),
    ),
  );
}

/**
 * Relevance as reported: terms matched (1 each through the query's words, less through a
 * concept's other wordings or a synonym, more for a concept's anchor verse), plus, below 0.01,
 * the rarity of the terms matched (`weight`, when the ranking weighed them) or else
 * `ts_rank_cd`, squashed — so the order of scores is the order of hits.
 */
function score(passage: RankedPassage): number {
  const tie = passage.weight > 0 ? passage.weight : passage.rank;
  return Math.round((passage.matchedCount + (0.01 * tie) / (1 + tie)) * 1_000_000) / 1_000_000;
}

/** Score of a passage found by its reference: above any word match (at most {@link MAX_TERMS} + 1). */
const REFERENCE_SCORE = 100;

/**
 * Full-text search over the passages. A query that is a verse reference (`2:255`,
 * `Bakara 255`, `Ayetel Kürsi`, `John 3:16`, `Yuhanna 3:16`) answers those verses in reading
 * order. Otherwise the query's distinct terms are OR-matched (a natural-language question
 * would match nothing under AND), the last word also as a prefix, and passages matching more
 * of them come first, then by `ts_rank_cd`. A query made only of stopwords is searched with
 * them. `lang: 'all'` searches every language, each word in every language's form.
 *
 * Concepts the query mentions ("women covering their heads", "başörtüsü") also find the
 * passages that use the concept's other wordings ("headcovers"), ranked below passages with
 * the query's own words (`expansion`).
 *
 * @param fusion with embeddings configured: the keyword ranking fused with the vector ranking (`embeddings/fusion.ts`)
 * @param expansion the concept glossary and the weight of its matches; `null` searches the words alone
 * @returns `{ query, total, hits }`, hits with HTML-safe highlights and their reading page's `url`
 * @throws on a database error
 */
export async function search(
  db: Queryable,
  params: SearchParams,
  fusion?: QueryFusion,
  expansion?: Expansion | null,
): Promise<SearchResponse> {
  const scope = { lang: params.lang === 'all' ? undefined : params.lang, source: params.source };
  const byReference = await referencePassages(db, params.q, scope, params);
  if (byReference) {
    const hits: SearchHit[] = byReference.passages.map((p) => ({
      id: p.id,
      source: p.source,
      ref: p.ref,
      lang: p.lang,
      text: p.text,
      highlight: escapeHtml(p.text),
      score: REFERENCE_SCORE,
      url: readingUrl(p.source, p.ref),
    }));
    return { query: params.q, total: byReference.total, hits };
  }
  const found = await retrieve(db, { text: params.q, lang: params.lang, source: params.source, page: params, ranking: 'search', expansion, fusion });
  if (found.total === 0) return { query: params.q, total: 0, hits: [] };
  const highlights = await highlightPassages(db, found.terms, found.passages);
  const hits: SearchHit[] = found.passages.map((p, i) => ({
    id: p.id,
    source: p.source,
    ref: p.ref,
    lang: p.lang,
    text: p.text,
    highlight: highlights[i] ?? '',
    score: score(p),
    url: readingUrl(p.source, p.ref),
  }));
  return { query: params.q, total: found.total, hits };
}

/**
 * Loads what search and answers read from the shipped files, not the database: the expansion's
 * glossary index and tables (`retrieval/expansion.ts`), the English sources' word counts
 * (`lexicon/domain.ts`) and the Turkish-to-English bridge's vocabulary (`retrieval/bridge.ts`),
 * about 3 s of CPU on this machine. Synchronous and done once (later
 * calls return at once), so the server runs it while the database opens in its worker thread.
 */
export function warmUpSearchTables(): void {
  warmUpExpansion();
  warmUpDomain();
  warmUpBridge();
}

/**
 * Runs a search in each language so that a fresh PGlite has compiled its query paths before
 * the first visitor (its first queries are slow), after {@link warmUpSearchTables}.
 *
 * @throws on a database error
 */
export async function warmUpSearch(db: Queryable): Promise<void> {
  warmUpSearchTables();
  const samples: Record<string, string> = { en: 'mercy patience', tr: 'sabır rahmet', ar: 'الرحمن' };
  for (const lang of await searchableLanguages(db)) {
    await search(db, { q: samples[lang] ?? 'a', lang, limit: 10, offset: 0 });
  }
}
