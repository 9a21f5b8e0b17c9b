import type { SearchHit, SearchResponse } from '@kb/contracts';
import type { Queryable } from '../db/database.js';
import { indexForms, words, type WordSpan } from '../corpus/normalize.js';
import { escapeHtml, highlight } from './highlight.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { resolveReference } from '../references/service.js';
import { rangePassages } from '../references/repository.js';
import { readingUrl } from '../read/urls.js';
import { queryTerms } from '../retrieval/query.js';
import type { QueryTerm } from '../passages/terms.js';
import { anchorRefs, boostedCount, scoreAnchors } from '../retrieval/anchors.js';
import { termStatsWithFallback } from '../retrieval/fallback.js';
import { shippedExpansion, type Expansion } from '../retrieval/expansion.js';
import {
  matchingWords,
  passageLanguages,
  rankPassages,
  searchPassages,
  type LanguageTerms,
  type RankedPassage,
  type WordForms,
} from '../passages/ranking.js';

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

/** Anchor verses are lifted within the first this many hits; deeper pages are ranked by words alone. */
const ANCHOR_DEPTH = 200;

/**
 * Inverse document frequency of a term (as `ask` weighs a question's terms): rare terms weigh
 * more, and one no passage of the scope contains weighs the most.
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
 * never below {@link COMMON_WORD_FLOOR}. In the Quran's 6,236 verses (Saheeh International):
 * "wash" (2 verses) and "cave" (8) count 1, "God" (53) 0.9, "see" (232) 0.62, "people" (693)
 * and "say" (759) 0.5, as does Diyanet's "Allah" (2,331). A question's content words rarely all
 * appear in the verse meant; counted alike, two common ones ("see", "God") outvoted the one
 * distinctive word. On eval/dev.tsv–dev4.tsv (same server, PostgreSQL; README "Common words"):
 * lexical recall@10 93.3 → 97.4 %, MRR@10 0.863 → 0.890; dev4, paraphrases not tuned on,
 * 62.8 → 65.7 %; all 252 answerable questions 83.2 → 85.9 % (other thresholds, 1–5 %, step or
 * proportional, and floors 0.3–0.7: 83.9–85.2 %).
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
 * One language's terms weighed in the scope (one more statement, `termStats`: one pass over a
 * small source's rows, else a GIN count per term, which across a whole language of 400,000
 * passages would cost as much as the ranking: searches without a source are not weighed): each
 * term's rarity ({@link inverseDocumentFrequency}, to break ties between passages matching as
 * much) and what a match through its own words is worth ({@link commonWordWeight}).
 *
 * @returns the group with each term's `partWeight` set where it is below 1, the weights, and
 *   the number of passages matching a term
 */
async function weighGroup(
  db: Queryable,
  group: LanguageTerms,
  source: string | undefined,
): Promise<{ group: LanguageTerms; refined: LanguageTerms; weights: number[]; total: number }> {
  const scope = { lang: group.lang, source };
  const found = await termStatsWithFallback(db, group.terms, scope);
  const stats = found.stats;
  const weights = found.terms.map((_, i) => (stats.usable[i] ? inverseDocumentFrequency(stats.df[i] ?? 0, stats.scopeSize) : 0));
  const terms = found.terms.map((t, i) => {
    const worth = stats.usable[i] ? commonWordWeight(stats.df[i] ?? 0, stats.scopeSize) : 1;
    return worth < 1 ? { ...t, partWeight: worth } : t;
  });
  return { group: { lang: group.lang, terms }, refined: { lang: group.lang, terms: [...found.terms] }, weights, total: stats.total };
}

/**
 * One page of the keyword ranking with the anchor verses of the concepts the query mentions
 * lifted (`anchors.ts`): the first `offset + limit` passages and the anchors are scored alike,
 * anchors with their boosted count (every word of the query counting 1 for them, not a common
 * word's part weight: on eval/dev.tsv lexical recall@10 93.3 → 97.4 % with this, 93.3 % with
 * anchors discounted alike), and sorted by count, then the rarity of the terms matched
 * (with `weigh`), then `ts_rank_cd`, then the ranking's own order. Without anchors (or past
 * {@link ANCHOR_DEPTH}), the plain ranking.
 *
 * @param weigh weigh the terms in the scope ({@link weighGroup}): passages matching more terms
 *   first, a common word counting less; among passages matching as much, those whose matched
 *   terms are rarer; only for a search of one language within one source
 */
async function rankedPage(
  db: Queryable,
  unweighed: readonly LanguageTerms[],
  source: string | undefined,
  page: { limit: number; offset: number },
  useAnchors: boolean,
  weigh: boolean,
  onTerms?: (terms: readonly QueryTerm[]) => void,
): Promise<{ total: number; passages: RankedPassage[] }> {
  // Document frequencies are counted in the scope: cheap within one source (a pass over its
  // rows), a GIN count per term across a whole language (not paid there; see weighGroup).
  const single = weigh && unweighed.length === 1 && source !== undefined ? unweighed[0] : undefined;
  const weighed = single ? await weighGroup(db, single, source) : undefined;
  // Words matching nothing may have been given their fallback stems (`fallback.ts`).
  const plain = weighed ? [weighed.refined] : unweighed;
  if (weighed) onTerms?.(weighed.refined.terms);
  const groups = weighed ? [weighed.group] : unweighed;
  const weights = weighed?.weights ?? [];
  const ranking = async (p: { limit: number; offset: number }): Promise<{ total: number; passages: RankedPassage[] }> => {
    if (!weighed) return searchPassages(db, groups, source, p);
    if (weighed.total === 0) return { total: 0, passages: [] };
    const passages = await rankPassages(db, weighed.group.terms, { lang: weighed.group.lang, source }, { weights, order: 'terms', limit: p.limit, offset: p.offset });
    return { total: weighed.total, passages };
  };
  // Anchor verses are scored with every word counting fully: a common word is discounted to
  // sort the verses that merely contain it, and an anchor is there because it states the concept.
  const anchored = (useAnchors ? plain : []).map((g) => ({ group: g, anchors: anchorRefs(g.terms, source) })).filter((a) => a.anchors.length > 0);
  const depth = page.offset + page.limit;
  if (anchored.length === 0 || depth > ANCHOR_DEPTH) return ranking(page);
  const base = await ranking({ limit: depth, offset: 0 });
  const lifted = new Map<string, RankedPassage>();
  let unmatched = 0;
  for (const { group, anchors } of anchored) {
    for (const anchor of await scoreAnchors(db, group.lang, anchors, group.terms)) {
      const ref = anchors.find((a) => a.source === anchor.source && a.ref === anchor.ref);
      const terms = ref?.terms ?? [];
      const near = ref?.near ?? [];
      if (anchor.matchedCount === 0) unmatched++;
      lifted.set(anchor.id, {
        ...anchor,
        matched: anchor.matched.map((m, i) => m || terms.includes(i)),
        matchedCount: boostedCount(anchor, terms, group.terms, near),
        weight: anchor.termScores.reduce((sum, m, i) => sum + (terms.includes(i) || near.includes(i) ? 1 : m) * (weights[i] ?? 0), 0),
      });
    }
  }
  const merged = [...base.passages.filter((p) => !lifted.has(p.id)), ...lifted.values()]
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p.matchedCount - a.p.matchedCount || b.p.weight - a.p.weight || b.p.rank - a.p.rank || a.i - b.i)
    .map(({ p }) => p);
  return { total: base.total + unmatched, passages: merged.slice(page.offset, depth) };
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
  expansion: Expansion | null = shippedExpansion(),
): Promise<SearchResponse> {
  const scope = { lang: params.lang === 'all' ? undefined : params.lang, source: params.source };
  const range = resolveReference(params.q);
  if (range) {
    const found = await rangePassages(db, range, scope, params);
    if (found.total > 0) {
      const hits: SearchHit[] = found.passages.map((p) => ({
        id: p.id,
        source: p.source,
        ref: p.ref,
        lang: p.lang,
        text: p.text,
        highlight: escapeHtml(p.text),
        score: REFERENCE_SCORE,
        url: readingUrl(p.source, p.ref),
      }));
      return { query: params.q, total: found.total, hits };
    }
  }
  const langs = params.lang === 'all' ? await passageLanguages(db, params.source) : [params.lang];
  const groups = langs.map((lang) => {
    const terms = queryTerms(params.q, [lang], { prefixLast: true, ...expansion });
    return { lang, terms: terms.length > 0 ? terms : queryTerms(params.q, [lang], { keepStopwords: true, prefixLast: true }) };
  });
  const terms = groups.flatMap((g) => g.terms);
  if (terms.length === 0) return { query: params.q, total: 0, hits: [] };
  const weigh = expansion !== null && expansion.weighTerms !== false;
  let searched: readonly QueryTerm[] = terms;
  const keywordPage = (page: { limit: number; offset: number }): ReturnType<typeof searchPassages> =>
    rankedPage(db, groups, params.source, page, expansion?.anchors !== false, weigh, (refined) => (searched = refined));
  const { total, passages: ranked } = fusion ? await fusion.search(params.q, scope, params, keywordPage) : await keywordPage(params);
  if (total === 0 && params.offset === 0) return { query: params.q, total: 0, hits: [] };
  const highlights = await highlightPassages(db, searched, ranked);
  const hits: SearchHit[] = ranked.map((p, i) => ({
    id: p.id,
    source: p.source,
    ref: p.ref,
    lang: p.lang,
    text: p.text,
    highlight: highlights[i] ?? '',
    score: score(p),
    url: readingUrl(p.source, p.ref),
  }));
  return { query: params.q, total: total > 0 ? total : await countMatches(db, groups, params.source), hits };
}

/** The number of matches when the page asked for lies past the last one (offset beyond the total). */
async function countMatches(db: Queryable, groups: readonly LanguageTerms[], source: string | undefined): Promise<number> {
  const first = await searchPassages(db, groups, source, { limit: 1, offset: 0 });
  return first.total;
}

/**
 * Runs a search in each language so that a fresh PGlite has compiled its query paths before
 * the first visitor (its first queries are slow).
 */
export async function warmUpSearch(db: Queryable): Promise<void> {
  const samples: Record<string, string> = { en: 'mercy patience', tr: 'sabır rahmet', ar: 'الرحمن' };
  for (const lang of await passageLanguages(db)) {
    await search(db, { q: samples[lang] ?? 'a', lang, limit: 10, offset: 0 });
  }
}
