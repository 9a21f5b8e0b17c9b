import type { Answer, AskRequest, Citation, Lang } from '@kb/contracts';
import { ORIGINAL_SOURCE } from '../corpus/catalog.js';
import type { Queryable } from '../db/database.js';
import { queryTerms } from '../search/query.js';
import { passageLanguages, passageTexts, rankPassages, termStats, type RankedPassage } from '../search/repository.js';
import { ANSWER_MESSAGES, format, languageName, refLabel, sourceName } from './messages.js';

/** Source searched when the asker names none. */
export const DEFAULT_SOURCE = 'quran';
/**
 * Share of the question's content (distinct terms weighted by IDF; a term found nowhere weighs
 * the most) that the best passage must match for an answer. Below it the answer is refused.
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

function refusal(lang: Lang, message: 'refused' | 'noSource' = 'refused'): Answer {
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

/**
 * Answers a question extractively from the passages: searches the asker's language (or, for a
 * source without passages in it, the source's own language, and says so), ranks passages by
 * how much of the question's content they match (IDF-weighted distinct terms, then
 * `ts_rank_cd`), and quotes the best 3–5 verbatim with `[n]` markers matching the citations.
 * Refuses (`refused: true`, no citations) when the best passage matches less than
 * {@link MIN_COVERAGE} of the content. Never cites a passage twice; the only words not quoted
 * from a source are the framing sentences in {@link ANSWER_MESSAGES}.
 *
 * @param request validated `{ question, lang, source? }`
 * @returns the answer object (`mode: 'extractive'`)
 * @throws on a database error
 */
export async function ask(db: Queryable, request: AskRequest): Promise<Answer> {
  const lang = request.lang;
  const source = request.source ?? DEFAULT_SOURCE;
  const available = await passageLanguages(db, source);
  if (available.length === 0) return refusal(lang, 'noSource');
  const passageLang = available.includes(lang) ? lang : (available[0] ?? lang);

  const terms = queryTerms(request.question, [passageLang]);
  if (terms.length === 0) return refusal(lang);
  const scope = { lang: passageLang, source };
  const stats = await termStats(db, terms, scope);
  const weights = terms.map((_, i) => (stats.usable[i] ? idf(stats.df[i] ?? 0, stats.scopeSize) : 0));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  if (stats.total === 0 || totalWeight === 0) return refusal(lang);

  const ranked = await rankPassages(db, terms, scope, { weights, order: 'weight', limit: CANDIDATES, offset: 0 });
  const chosen = pick(ranked, totalWeight);
  if (chosen.length === 0) return refusal(lang);

  const original = ORIGINAL_SOURCE[source];
  const originals = original
    ? await passageTexts(db, original.source, original.lang, chosen.map((p) => p.ref))
    : new Map<string, string>();
  const citations: Citation[] = chosen.map((p, i) => {
    const citation: Citation = { n: i + 1, source: p.source, ref: p.ref, lang: p.lang, text: p.text, translator: p.translator };
    const arabic = originals.get(p.ref);
    if (original && arabic !== undefined) citation.original = { lang: original.lang, text: arabic };
    return citation;
  });

  const messages = ANSWER_MESSAGES[lang];
  const translators = [...new Set(citations.map((c) => c.translator))].join(', ');
  const lines: string[] = [];
  if (passageLang !== lang) lines.push(format(messages.fallbackLanguage, { language: languageName(passageLang, lang) }));
  lines.push(format(messages.intro, { source: sourceName(source, lang), translator: translators }));
  for (const c of citations) lines.push(`[${c.n}] ${refLabel(c.source, c.ref, lang)}: “${c.text}”`);
  return { answer: lines.join('\n\n'), citations, mode: 'extractive', refused: false };
}
