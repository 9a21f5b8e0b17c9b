import type { Answer, AskRequest, Citation, Lang } from '@kb/contracts';
import { ORIGINAL_SOURCE } from '../corpus/catalog.js';
import type { Queryable } from '../db/database.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { readingUrl } from '../read/urls.js';
import { rangePassages } from '../references/repository.js';
import { resolveReference } from '../references/service.js';
import { queryTerms } from '../retrieval/query.js';
import type { QueryTerm } from '../passages/terms.js';
import { anchorRefs, scoreAnchors } from '../retrieval/anchors.js';
import { termStatsWithFallback } from '../retrieval/fallback.js';
import { shippedExpansion, type Expansion } from '../retrieval/expansion.js';
import { passageLanguages, passageTexts, rankPassages, type RankedPassage, type StoredPassage } from '../passages/ranking.js';
import { ANSWER_MESSAGES, format, languageName, refLabel, sourceName } from './messages.js';

/** Source searched when the asker names none. */
export const DEFAULT_SOURCE = 'quran';
/**
 * Share of the question's content that the best passage must match for an answer (see
 * {@link contentWeights}: each content word weighted by IDF; a word found nowhere weighs the
 * most). Below it the answer is refused.
 */
export const MIN_COVERAGE = 0.5;
/** Citations per answer: at most this many passages within {@link CLOSE_TO_BEST} of the best … */
export const MAX_CITATIONS = 5;
/** … and, when fewer, passages above {@link MIN_COVERAGE} are added until there are this many. */
export const MIN_CITATIONS = 3;
/** A passage is among the first picks when it covers at least this share of what the best one covers. */
export const CLOSE_TO_BEST = 0.75;
/** Candidates ranked per question. */
const CANDIDATES = 30;

/**
 * Inverse document frequency of a term: rare terms weigh more, and a term no passage contains
 * weighs more than any that some passage does (so "football" outweighs "life").
 *
 * @param df passages matching the term
 * @param n passages searched
 */
export function idf(df: number, n: number): number {
  return Math.log(1 + n / (df + 0.5));
}

/**
 * How many of the question's content words a term stands for: 1 for a word, each content word
 * of a concept mention ("Abraham … sacrifice … son": 3) for the concept's term, which the search
 * makes of all of them. At least 1.
 *
 * @param lang the passage language the term was made for
 */
export function contentWords(term: QueryTerm, lang: string): number {
  return Math.max(1, queryTerms(term.word, [lang]).length);
}

/**
 * What each term of a question weighs in its coverage (and in the ranking of the candidates):
 * its {@link idf} in the scope once for each content word it stands for ({@link contentWords}),
 * so that a passage's coverage is the share of the question's content words it matches, each
 * weighted by rarity. Counted once per term, a concept mention of three words weighed no more
 * than one framing word beside it ("really" in "Did Abraham really try to sacrifice his son?"),
 * and the verse stating the concept was refused. On eval/dev.tsv–dev4.tsv (252 answerable
 * questions; PostgreSQL): false refusals 19.8 → 11.5 %, answers citing an expected verse
 * 78.7 → 89.2 %; unanswerable questions (dev.tsv's 13 off-topic, unanswerable.tsv's 24)
 * still refused 89.2 %.
 *
 * @param stats the terms' statistics in the scope (`termStats`): a term the configuration
 *   reduced to nothing (`usable` false) weighs 0
 */
export function contentWeights(
  terms: readonly QueryTerm[],
  lang: string,
  stats: { usable: readonly boolean[]; df: readonly number[]; scopeSize: number },
): number[] {
  return terms.map((t, i) => (stats.usable[i] ? idf(stats.df[i] ?? 0, stats.scopeSize) * contentWords(t, lang) : 0));
}

export function refusal(lang: Lang, message: 'refused' | 'noSource' = 'refused'): Answer {
  return { answer: ANSWER_MESSAGES[lang][message], citations: [], mode: 'extractive', refused: true };
}

function pick(ranked: readonly RankedPassage[], totalWeight: number): RankedPassage[] {
  const coverage = (p: RankedPassage): number => p.weight / totalWeight;
  const seen = new Set<string>();
  const chosen: RankedPassage[] = [];
  const take = (bar: number, upTo: number): void => {
    for (const p of ranked) {
      if (chosen.length >= upTo) return;
      const key = `${p.source}\u0000${p.ref}`;
      if (coverage(p) < bar || seen.has(key)) continue;
      seen.add(key);
      chosen.push(p);
    }
  };
  const best = ranked[0];
  if (!best || coverage(best) < MIN_COVERAGE) return [];
  take(Math.max(MIN_COVERAGE, CLOSE_TO_BEST * coverage(best)), MAX_CITATIONS);
  take(MIN_COVERAGE, MIN_CITATIONS);
  return chosen;
}

/** A passage as an answer quotes it: one verse, or adjacent verses joined. */
export interface QuotedPassage {
  source: string;
  lang: string;
  /** `2:153`, or `2:153-154` for adjacent verses. */
  ref: string;
  /** The verses' refs, in reading order. */
  refs: string[];
  /** The verses' texts, unaltered, joined by a space. */
  text: string;
  translator: string;
}

/** Verses of one passage group, with what adjacency needs. */
type Verse = Omit<StoredPassage, 'id'>;

/** Most verses one citation joins. */
export const MAX_GROUP = 4;

function verseNumber(ref: string): string {
  return ref.slice(ref.lastIndexOf(':') + 1);
}

/**
 * Joins verses that follow each other in one chapter (same source, language and section,
 * consecutive positions) into one passage, up to {@link MAX_GROUP} verses; a group takes the
 * place of its best-ranked verse. Verses outside chapters stay alone. Never repeats a verse.
 *
 * @param verses in rank order
 * @returns passages in rank order, each with its verses in reading order
 */
export function groupAdjacent(verses: readonly Verse[]): QuotedPassage[] {
  const groups: Verse[][] = [];
  const seen = new Set<string>();
  for (const v of verses) {
    const key = `${v.source}\u0000${v.lang}\u0000${v.ref}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const group = v.section
      ? groups.find((g) => {
          const first = g[0];
          const last = g.at(-1);
          return (
            first !== undefined &&
            last !== undefined &&
            g.length < MAX_GROUP &&
            first.source === v.source &&
            first.lang === v.lang &&
            first.section === v.section &&
            (v.position === last.position + 1 || v.position === first.position - 1)
          );
        })
      : undefined;
    if (group) {
      group.push(v);
      group.sort((a, b) => a.position - b.position);
    } else groups.push([v]);
  }
  return groups.flatMap((g) => {
    const first = g[0];
    const last = g.at(-1);
    if (!first || !last) return [];
    const ref = g.length === 1 ? first.ref : `${first.ref}-${verseNumber(last.ref)}`;
    return [
      {
        source: first.source,
        lang: first.lang,
        ref,
        refs: g.map((v) => v.ref),
        text: g.map((v) => v.text).join(' '),
        translator: first.translator,
      },
    ];
  });
}

/** How an answer was found: the question named verses, or its words matched passages. */
interface Found {
  passages: QuotedPassage[];
  /** Language of the passages (differs from the asker's for a source without theirs). */
  passageLang: string;
}

async function findByReference(
  db: Queryable,
  question: string,
  source: string,
  passageLang: string,
): Promise<QuotedPassage[] | undefined> {
  const range = resolveReference(question);
  if (!range || !range.sources.includes(source)) return undefined;
  const found = await rangePassages(db, range, { source, lang: passageLang }, { limit: MAX_GROUP * MAX_CITATIONS, offset: 0 });
  if (found.passages.length === 0) return undefined;
  const passages: QuotedPassage[] = [];
  for (let i = 0; i < found.passages.length && passages.length < MAX_CITATIONS; i += MAX_GROUP) {
    passages.push(...groupAdjacent(found.passages.slice(i, i + MAX_GROUP)));
  }
  return passages;
}

/**
 * The anchor verses of the concepts a question mentions (`retrieval/anchors.ts`), weighed as the
 * ranking weighs passages except that a concept's term counts as matched in the verses that
 * state it: "the sleepers in the cave" covers 18:25 although the verse says neither word.
 */
async function anchorPassages(
  db: Queryable,
  terms: readonly QueryTerm[],
  weights: readonly number[],
  source: string,
  passageLang: string,
): Promise<RankedPassage[]> {
  const anchors = anchorRefs(terms, source);
  if (anchors.length === 0) return [];
  return (await scoreAnchors(db, passageLang, anchors, terms)).map((anchor) => {
    const named = anchors.find((a) => a.source === anchor.source && a.ref === anchor.ref)?.terms ?? [];
    const weight = anchor.termScores.reduce((sum, m, i) => sum + (named.includes(i) ? 1 : m) * (weights[i] ?? 0), 0);
    return { ...anchor, weight };
  });
}

/** The ranked candidates and the anchor verses together, by weight (an anchor replaces its own row). */
function withAnchors(ranked: readonly RankedPassage[], anchors: readonly RankedPassage[]): RankedPassage[] {
  if (anchors.length === 0) return [...ranked];
  const ids = new Set(anchors.map((a) => a.id));
  return [...ranked.filter((p) => !ids.has(p.id)), ...anchors]
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p.weight - a.p.weight || b.p.matchedCount - a.p.matchedCount || b.p.rank - a.p.rank || a.i - b.i)
    .map(({ p }) => p);
}

async function findByWords(
  db: Queryable,
  question: string,
  source: string,
  passageLang: string,
  fusion: QueryFusion | undefined,
  expansion: Expansion | null,
): Promise<QuotedPassage[]> {
  const asked = queryTerms(question, [passageLang], { ...expansion });
  if (asked.length === 0) return [];
  const scope = { lang: passageLang, source };
  // A Turkish word found nowhere is matched through its verb stem (`retrieval/fallback.ts`).
  const { terms, stats } = await termStatsWithFallback(db, asked, scope);
  const weights = contentWeights(terms, passageLang, stats);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  if (stats.total === 0 || totalWeight === 0) return [];
  const ranked = withAnchors(
    await rankPassages(db, terms, scope, { weights, order: 'weight', limit: CANDIDATES, offset: 0 }),
    expansion?.anchors === false ? [] : await anchorPassages(db, terms, weights, source, passageLang),
  );
  // Embeddings reorder the candidates that pass the coverage bar; what is refused stays the same.
  const candidates = fusion ? await fusion.rerank(question, ranked.filter((p) => p.weight >= MIN_COVERAGE * totalWeight)) : ranked;
  return groupAdjacent(pick(candidates, totalWeight));
}

/**
 * Finds what an answer quotes: the verses a question names (`2:255`, `John 3:16`), else the
 * passages matching most of its content (see {@link ask}). Searches the asker's language, or,
 * for a source without passages in it, the source's own language.
 *
 * @param fusion with embeddings configured: the candidates reordered by fusing keyword and vector ranks
 * @param expansion the concept glossary (issue 11): a concept the question mentions also matches
 *   its other wordings, below the question's own words; `null` matches the words alone
 * @returns the passages (empty when the question must be refused) and their language, or
 *   undefined when the source has no passages at all
 * @throws on a database error
 */
export async function findPassages(
  db: Queryable,
  request: AskRequest,
  fusion?: QueryFusion,
  expansion: Expansion | null = shippedExpansion(),
): Promise<Found | undefined> {
  const source = request.source ?? DEFAULT_SOURCE;
  const available = await passageLanguages(db, source);
  if (available.length === 0) return undefined;
  const passageLang = available.includes(request.lang) ? request.lang : (available.includes('en') ? 'en' : (available[0] ?? request.lang));
  const byRef = await findByReference(db, request.question, source, passageLang);
  return { passages: byRef ?? (await findByWords(db, request.question, source, passageLang, fusion, expansion)), passageLang };
}

/**
 * The citations of quoted passages: numbered 1..n, each with its translator, its reading
 * page's `url` and, for a Quran translation, the Arabic original of the same verses.
 *
 * @throws on a database error
 */
export async function citationsFor(db: Queryable, passages: readonly QuotedPassage[]): Promise<Citation[]> {
  const originals = new Map<string, Map<string, string>>();
  for (const source of new Set(passages.map((p) => p.source))) {
    const original = ORIGINAL_SOURCE[source];
    if (!original) continue;
    const refs = passages.filter((p) => p.source === source).flatMap((p) => p.refs);
    originals.set(source, await passageTexts(db, original.source, original.lang, refs));
  }
  return passages.map((p, i) => {
    const citation: Citation = {
      n: i + 1,
      source: p.source,
      ref: p.ref,
      lang: p.lang,
      text: p.text,
      translator: p.translator,
      url: readingUrl(p.source, p.ref),
    };
    const original = ORIGINAL_SOURCE[p.source];
    const texts = originals.get(p.source);
    if (original && texts) {
      const arabic = p.refs.map((r) => texts.get(r));
      if (arabic.every((t): t is string => t !== undefined)) citation.original = { lang: original.lang, text: arabic.join(' ') };
    }
    return citation;
  });
}

/**
 * The extractive answer text: the framing sentences in the asker's language (which language
 * was searched when it is not theirs; which source and translators) and each citation quoted
 * verbatim after its `[n]` marker.
 */
export function extractiveText(lang: Lang, source: string, passageLang: string, citations: readonly Citation[]): string {
  const messages = ANSWER_MESSAGES[lang];
  const translators = [...new Set(citations.map((c) => c.translator))].join(', ');
  const lines: string[] = [];
  if (passageLang !== lang) lines.push(format(messages.fallbackLanguage, { language: languageName(passageLang, lang) }));
  lines.push(format(messages.intro, { source: sourceName(source, lang), translator: translators }));
  for (const c of citations) lines.push(`[${c.n}] ${refLabel(c.source, c.ref, lang)}: “${c.text}”`);
  return lines.join('\n\n');
}
