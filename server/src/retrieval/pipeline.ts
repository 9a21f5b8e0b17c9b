import type { Queryable } from '../db/database.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { passageLanguages } from '../passages/catalog.js';
import { rankPassages, searchPassages } from '../passages/ranking.js';
import type { LanguageTerms, RankedPassage, StoredPassage } from '../passages/types.js';
import type { QueryTerm } from '../passages/terms.js';
import { rangePassages } from '../passages/verses.js';
import { resolveReference } from '../references/service.js';
import { anchorRefs, scoreAnchors } from './anchors.js';
import { shippedExpansion, type Expansion } from './expansion.js';
import { termStatsWithFallback } from './fallback.js';
import { queryTerms } from './query.js';
import { ANSWER_RANKING, liftAnchor, rank, SEARCH_RANKING, weighTerms, type RankingPolicy } from './rank.js';

/**
 * The one retrieval pipeline behind `GET /api/search` and `POST /api/ask`:
 *
 * 1. understand the query — a verse reference ({@link referencePassages}), else its words,
 *    the concepts it mentions and their anchor verses, synonyms (`query.ts`), and the Turkish
 *    fallback stems of words found nowhere (`fallback.ts`);
 * 2. candidates — the passages matching its terms, from the database (`passages/ranking.ts`);
 * 3. rank — one ranking function under a named policy (`rank.ts`: `search` or `answer`);
 * 4. optionally fuse with the vector ranking when embeddings are configured (`embeddings/fusion.ts`).
 */

/** Anchor verses are lifted within the first this many hits; deeper pages are ranked by words alone. */
const ANCHOR_DEPTH = 200;

/** What a retrieval asks for. */
export interface PassageQuery {
  /** The query or question as typed (1–2,000 characters). */
  text: string;
  /** Passage language searched (`en`, `tr`, `ar`, …), or `all` (one group of terms per language present). */
  lang: string;
  /** Catalog source id; undefined = every source. */
  source?: string;
  /** The page of the ranking asked for: passages skipped, passages returned. */
  page: { limit: number; offset: number };
  /** The ranking policy (`rank.ts`). */
  ranking: 'search' | 'answer';
  /** The concept glossary and thesauri; `null` = the words alone; undefined = the shipped expansion. */
  expansion?: Expansion | null;
  /** With embeddings configured: fuse the keyword ranking with the vector ranking. */
  fusion?: QueryFusion;
  /**
   * `answer` with `fusion` only: the candidates whose weight reaches this share of the question's
   * weight are reordered by fusing keyword and vector ranks (the others are dropped), so what
   * falls below an answer's bar stays below it.
   */
  rerankShare?: number;
}

/** What a retrieval found. */
export interface Retrieved {
  /**
   * `search`: passages matching a term, with the anchor verses lifted that match none (the page
   * may lie past it); `answer`: not counted (0) when the terms were weighed in one source (an
   * answer reads its candidates, not how many passages match), else passages matching a term.
   */
  total: number;
  /**
   * `search`: the page asked for; `answer`: the candidates (the first `page.limit` passages and
   * the lifted anchor verses) in rank order.
   */
  passages: RankedPassage[];
  /** The terms as searched (a Turkish word found nowhere replaced by its fallback stem), for highlighting. */
  terms: readonly QueryTerm[];
  /** Sum of the terms' weights (0 when not weighed): the whole of what a passage can cover. */
  totalWeight: number;
  /** Summed weight of the terms no passage of the scope matches through any of their forms (0 when not weighed). */
  absentWeight: number;
}

/** How each policy understands a query and pages its ranking; the ranking itself is `rank.ts`'s. */
interface Steps {
  ranking: RankingPolicy;
  /** The last word also matches as a prefix (a query typed as it is searched). */
  prefixLast: boolean;
  /** A query made only of stopwords is searched with them. */
  stopwordsWhenEmpty: boolean;
  /** Weigh the terms even without the expansion (else only when the expansion weighs them). */
  alwaysWeigh: boolean;
  /** Nothing is found when no passage matches a term or the terms weigh nothing (no anchor lifted alone). */
  matchRequired: boolean;
}

const STEPS: Readonly<Record<PassageQuery['ranking'], Steps>> = {
  search: { ranking: SEARCH_RANKING, prefixLast: true, stopwordsWhenEmpty: true, alwaysWeigh: false, matchRequired: false },
  answer: { ranking: ANSWER_RANKING, prefixLast: false, stopwordsWhenEmpty: false, alwaysWeigh: true, matchRequired: true },
};

const NOTHING: Retrieved = { total: 0, passages: [], terms: [], totalWeight: 0, absentWeight: 0 };

/**
 * The passages of a verse reference typed as the query (`2:255`, `Bakara 255`, `Ayetel Kürsi`,
 * `John 3:16`, `Yuhanna 3:16`), within the scope, in reading order.
 *
 * @returns one page of them and their total, or undefined when the text is no reference or its
 *   verses are not in the scope
 * @throws on a database error
 */
export async function referencePassages(
  db: Queryable,
  text: string,
  scope: { lang?: string; source?: string },
  page: { limit: number; offset: number },
): Promise<{ total: number; passages: StoredPassage[] } | undefined> {
  const range = resolveReference(text);
  if (!range) return undefined;
  const found = await rangePassages(db, range, scope, page);
  return found.total > 0 ? found : undefined;
}

/**
 * The passage languages of a source (or of every source), from the passages table.
 *
 * @throws on a database error
 */
export async function searchableLanguages(db: Queryable, source?: string): Promise<string[]> {
  return passageLanguages(db, source);
}

/**
 * The query's terms for each passage language searched (step 1 without statistics).
 */
function understand(text: string, langs: readonly string[], steps: Steps, expansion: Expansion | null): LanguageTerms[] {
  return langs.map((lang) => {
    const terms = queryTerms(text, [lang], steps.prefixLast ? { prefixLast: true, ...expansion } : { ...expansion });
    if (terms.length > 0 || !steps.stopwordsWhenEmpty) return { lang, terms };
    return { lang, terms: queryTerms(text, [lang], { keepStopwords: true, prefixLast: true }) };
  });
}

/**
 * One page of the keyword ranking (steps 2–3): the terms weighed in the scope when the policy
 * weighs them (a search of one language within one source; document frequencies across a whole
 * language would cost as much as the ranking), the candidates from the database, and the anchor
 * verses of the concepts mentioned lifted into the first {@link ANCHOR_DEPTH}.
 */
async function keywordPage(
  db: Queryable,
  groups: readonly LanguageTerms[],
  source: string | undefined,
  page: { limit: number; offset: number },
  steps: Steps,
  expansion: Expansion | null,
  onTerms: (terms: readonly QueryTerm[]) => void,
): Promise<{ total: number; passages: RankedPassage[]; totalWeight: number; absentWeight: number }> {
  const policy = steps.ranking;
  const weigh = steps.alwaysWeigh || (expansion !== null && expansion.weighTerms !== false);
  const single = weigh && groups.length === 1 && source !== undefined ? groups[0] : undefined;
  let plain: readonly LanguageTerms[] = groups;
  let ranking = (p: { limit: number; offset: number }): Promise<{ total: number; passages: RankedPassage[] }> => searchPassages(db, groups, source, p);
  let weights: number[] = [];
  let totalWeight = 0;
  let absentWeight = 0;
  if (single) {
    const scope = { lang: single.lang, source };
    // A Turkish word found nowhere is matched through its verb stem (`fallback.ts`).
    // An answer needs only whether some term matches, not how many passages match any.
    const found = await termStatsWithFallback(db, single.terms, scope, { countTotal: policy.name !== 'answer' });
    onTerms(found.terms);
    plain = [{ lang: single.lang, terms: [...found.terms] }];
    const weighed = weighTerms(found.terms, single.lang, found.stats, policy);
    weights = weighed.weights;
    totalWeight = weights.reduce((a, b) => a + b, 0);
    absentWeight = weights.reduce((sum, w, i) => sum + (found.stats.usable[i] && found.stats.df[i] === 0 ? w : 0), 0);
    // Nothing matches: the total is 0, or, not counted, no term has a document.
    const none = found.stats.total === undefined ? !found.stats.df.some((n) => n > 0) : found.stats.total === 0;
    if (steps.matchRequired && (none || totalWeight === 0)) return { total: 0, passages: [], totalWeight, absentWeight };
    const total = found.stats.total ?? 0;
    ranking = async (p) => {
      if (none) return { total: 0, passages: [] };
      const passages = await rankPassages(db, weighed.terms, scope, { weights, order: policy.order, limit: p.limit, offset: p.offset });
      return { total, passages };
    };
  }
  const anchored = (expansion?.anchors !== false ? plain : []).map((g) => ({ group: g, anchors: anchorRefs(g.terms, source) })).filter((a) => a.anchors.length > 0);
  const depth = page.offset + page.limit;
  if (anchored.length === 0 || depth > ANCHOR_DEPTH) return { ...(await ranking(page)), totalWeight, absentWeight };
  const base = await ranking({ limit: depth, offset: 0 });
  const lifted = new Map<string, RankedPassage>();
  let unmatched = 0;
  for (const { group, anchors } of anchored) {
    for (const anchor of await scoreAnchors(db, group.lang, anchors, group.terms)) {
      if (anchor.matchedCount === 0) unmatched++;
      const ref = anchors.find((a) => a.source === anchor.source && a.ref === anchor.ref);
      lifted.set(anchor.id, liftAnchor(anchor, ref, group.terms, weights, policy));
    }
  }
  if (policy.name === 'answer' && lifted.size === 0) return { ...base, totalWeight, absentWeight };
  const ranked = rank(base.passages, [...lifted.values()], policy);
  // A search pages its hits; an answer reads every candidate (a lifted anchor may lie past the page).
  return { total: base.total + unmatched, passages: policy.name === 'search' ? ranked.slice(page.offset, depth) : ranked, totalWeight, absentWeight };
}

/**
 * Retrieves the passages for a query's words under a ranking policy (steps 1–4; a verse
 * reference is {@link referencePassages}'s). With `fusion`, a search's page is the fusion of the
 * keyword and vector rankings, and an answer's candidates above `rerankShare` are reordered.
 *
 * @returns the passages, their total, the terms as searched and their summed weight; nothing
 *   when the query has no term
 * @throws on a database error
 */
export async function retrieve(db: Queryable, query: PassageQuery): Promise<Retrieved> {
  const steps = STEPS[query.ranking];
  const expansion = query.expansion === undefined ? shippedExpansion() : query.expansion;
  const langs = query.lang === 'all' ? await passageLanguages(db, query.source) : [query.lang];
  const groups = understand(query.text, langs, steps, expansion);
  const terms = groups.flatMap((g) => g.terms);
  if (terms.length === 0) return NOTHING;
  let searched: readonly QueryTerm[] = terms;
  const keyword = (page: { limit: number; offset: number }): ReturnType<typeof keywordPage> =>
    keywordPage(db, groups, query.source, page, steps, expansion, (refined) => (searched = refined));
  if (query.ranking === 'answer') {
    const found = await keyword(query.page);
    const share = query.rerankShare ?? 0;
    const passages = query.fusion ? await query.fusion.rerank(query.text, found.passages.filter((p) => p.weight >= share * found.totalWeight)) : found.passages;
    return { total: found.total, passages, terms: searched, totalWeight: found.totalWeight, absentWeight: found.absentWeight };
  }
  let totalWeight = 0;
  let absentWeight = 0;
  const page = async (p: { limit: number; offset: number }): Promise<{ total: number; passages: RankedPassage[] }> => {
    const found = await keyword(p);
    totalWeight = found.totalWeight;
    absentWeight = found.absentWeight;
    return found;
  };
  const scope = { lang: query.lang === 'all' ? undefined : query.lang, source: query.source };
  const found = query.fusion ? await query.fusion.search(query.text, scope, query.page, page) : await page(query.page);
  if (found.total === 0 && query.page.offset === 0) return { total: 0, passages: [], terms: searched, totalWeight, absentWeight };
  // Past the last match the ranking reports no total: count the matches.
  const total = found.total > 0 ? found.total : (await searchPassages(db, groups, query.source, { limit: 1, offset: 0 })).total;
  return { total, passages: found.passages, terms: searched, totalWeight, absentWeight };
}
