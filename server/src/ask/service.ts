import type { Answer, AskRequest, Citation, CitationVerse, Lang } from '@kb/contracts';
import { ORIGINAL_SOURCE } from '../corpus/catalog.js';
import type { Queryable } from '../db/database.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { readingUrl } from '../read/urls.js';
import { passageTexts } from '../passages/catalog.js';
import type { RankedPassage, StoredPassage } from '../passages/types.js';
import { englishQueryForTurkish } from '../retrieval/bridge.js';
import { shippedExpansion, type Expansion } from '../retrieval/expansion.js';
import { identifyLanguage } from '../languages/identify.js';
import { incidentalWord } from '../lexicon/domain.js';
import { referencePassages, retrieve, searchableLanguages } from '../retrieval/pipeline.js';
import { detailAsked, detailGiven } from './detail.js';
import { namedSource } from './named-source.js';
import { ANSWER_MESSAGES, format, languageName, refLabel, sourceName } from './messages.js';

/** Source searched when the asker names none. */
export const DEFAULT_SOURCE = 'quran';
/**
 * Share of the question's content that the best passage must match for an answer (the `answer`
 * ranking policy, `retrieval/rank.ts`: each content word weighted by IDF; a word found nowhere
 * weighs the most). Below it the answer is refused.
 */
export const MIN_COVERAGE = 0.6;
/** Citations per answer: at most this many passages within {@link CLOSE_TO_BEST} of the best … */
export const MAX_CITATIONS = 5;
/** … and, when fewer, passages above {@link MIN_COVERAGE} are added until there are this many. */
export const MIN_CITATIONS = 3;
/** A passage is among the first picks when it covers at least this share of what the best one covers. */
export const CLOSE_TO_BEST = 0.75;
/**
 * Below {@link MIN_COVERAGE}, the closest passages are offered as related (never as an answer)
 * when the best covers at least this share of the question's weighed content (and
 * {@link MAX_ABSENT_SHARE} holds); otherwise nothing relates and it is refused.
 */
export const RELATED_COVERAGE = 0.3;
/**
 * Related passages are offered only while the question's words that no passage of the source
 * has weigh less than this share of it: a question about something the texts never name
 * ("Bitcoin", "Python", "Istanbul") relates to nothing in them, whatever else it shares.
 */
export const MAX_ABSENT_SHARE = 0.4;
/** Related passages offered at most. */
export const MAX_RELATED = 3;
/** Candidates ranked per question. */
const CANDIDATES = 30;

/**
 * The refusal in `lang`: nothing in the sources relates to the question (`refused`), or the
 * source asked for has no passages (`noSource`). With `searchedIn`, nothing relates in the
 * source's text in that language, which the question's own words cannot match (a Turkish
 * question and the English KJV), and the refusal says so.
 */
export function refusal(lang: Lang, message: 'refused' | 'noSource' = 'refused', searchedIn?: string): Answer {
  const text =
    message === 'refused' && searchedIn !== undefined
      ? format(ANSWER_MESSAGES[lang].refusedOtherLanguage, { language: languageName(searchedIn, lang) })
      : ANSWER_MESSAGES[lang][message];
  return { answer: text, citations: [], mode: 'extractive', refused: true, related: false, lang };
}

/**
 * The language an answer is written in: the question's own (`languages/identify.ts`), or the
 * interface's when the text is ambiguous or Arabic (an Arabic question is answered in the
 * interface's language).
 */
export function answerLanguage(question: string, interfaceLang: Lang): Lang {
  const own = identifyLanguage(question);
  return own === 'en' || own === 'tr' ? own : interfaceLang;
}

/**
 * What the ranked candidates support: the passages an answer quotes, or only related ones, or
 * nothing. A related passage must not match only terms that are not the source's own
 * (`ownTerms` false): a verse sharing only words that turn up in the source incidentally
 * (`lexicon/domain.ts`: "flat", "stop") relates to nothing the question asks.
 */
function pick(ranked: readonly RankedPassage[], totalWeight: number, absentWeight: number, ownTerms: readonly boolean[]): { chosen: RankedPassage[]; related: boolean } {
  const coverage = (p: RankedPassage): number => p.weight / totalWeight;
  const seen = new Set<string>();
  const chosen: RankedPassage[] = [];
  const take = (bar: number, upTo: number, from: readonly RankedPassage[] = ranked): void => {
    for (const p of from) {
      if (chosen.length >= upTo) return;
      const key = `${p.source}\u0000${p.ref}`;
      if (coverage(p) < bar || seen.has(key)) continue;
      seen.add(key);
      chosen.push(p);
    }
  };
  const best = ranked[0];
  if (!best || coverage(best) < RELATED_COVERAGE) return { chosen: [], related: false };
  if (coverage(best) < MIN_COVERAGE) {
    if (absentWeight >= MAX_ABSENT_SHARE * totalWeight) return { chosen: [], related: false };
    // A concept's anchor verse may match none of the words (it weighs through the concept): kept.
    const incidentalOnly = (p: RankedPassage): boolean =>
      p.termScores.some((score) => score > 0) && p.termScores.every((score, i) => score === 0 || ownTerms[i] === false);
    take(RELATED_COVERAGE, MAX_RELATED, ranked.filter((p) => !incidentalOnly(p)));
    return { chosen, related: chosen.length > 0 };
  }
  take(Math.max(MIN_COVERAGE, CLOSE_TO_BEST * coverage(best)), MAX_CITATIONS);
  take(MIN_COVERAGE, MIN_CITATIONS);
  return { chosen, related: false };
}

/** A passage as an answer quotes it: one verse, or adjacent verses joined. */
export interface QuotedPassage {
  source: string;
  lang: string;
  /** `2:153`, or `2:153-154` for adjacent verses. */
  ref: string;
  /** The verses' refs, in reading order. */
  refs: string[];
  /** The texts of `runs`, unaltered, joined by a space. */
  text: string;
  /** The verses in runs that share one text, in reading order (see {@link verseRuns}). */
  runs: VerseRun[];
  translator: string;
}

/**
 * Adjacent verses a translation renders as one: their text is stored once per verse (the
 * Diyanet translation does so for 843 pairs, `2:45` and `2:46` among them), and quoted once.
 */
export interface VerseRun {
  /** `2:45`, or `2:45-46` when several verses share the text. */
  ref: string;
  /** The verses' own refs, in reading order. */
  refs: string[];
  /** Their text, unaltered. */
  text: string;
}

/**
 * Splits verses in reading order into runs: a verse whose text equals the one before it joins
 * that verse's run, so a text repeated for verses translated together is quoted once.
 *
 * @param verses `{ ref, text }` in reading order
 * @returns the runs, in reading order (as many as `verses` when no text repeats)
 */
export function verseRuns(verses: readonly { ref: string; text: string }[]): VerseRun[] {
  const runs: VerseRun[] = [];
  for (const v of verses) {
    const last = runs.at(-1);
    if (last && last.text === v.text) {
      last.refs.push(v.ref);
      last.ref = `${last.refs[0]}-${verseNumber(v.ref)}`;
    } else runs.push({ ref: v.ref, refs: [v.ref], text: v.text });
  }
  return runs;
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
    const runs = verseRuns(g);
    return [
      {
        source: first.source,
        lang: first.lang,
        ref,
        refs: g.map((v) => v.ref),
        text: runs.map((r) => r.text).join(' '),
        runs,
        translator: first.translator,
      },
    ];
  });
}

/** How an answer was found: the question named verses, or its words matched passages. */
interface Found {
  /** The source searched: the one asked for, else the one the question names, else {@link DEFAULT_SOURCE}. */
  source: string;
  passages: QuotedPassage[];
  /** Language of the passages (differs from the answer's for a source without passages in it). */
  passageLang: string;
  /** The passages only relate to the question: the closest found, not an answer. */
  related: boolean;
}

async function findByReference(
  db: Queryable,
  question: string,
  source: string,
  passageLang: string,
): Promise<QuotedPassage[] | undefined> {
  const found = await referencePassages(db, question, { source, lang: passageLang }, { limit: MAX_GROUP * MAX_CITATIONS, offset: 0 });
  if (!found || found.passages.length === 0) return undefined;
  const passages: QuotedPassage[] = [];
  for (let i = 0; i < found.passages.length && passages.length < MAX_CITATIONS; i += MAX_GROUP) {
    passages.push(...groupAdjacent(found.passages.slice(i, i + MAX_GROUP)));
  }
  return passages;
}

async function findByWords(
  db: Queryable,
  question: string,
  source: string,
  passageLang: string,
  fusion: QueryFusion | undefined,
  expansion: Expansion | null | undefined,
): Promise<{ passages: QuotedPassage[]; related: boolean }> {
  const found = await retrieve(db, {
    text: question,
    lang: passageLang,
    source,
    page: { limit: CANDIDATES, offset: 0 },
    ranking: 'answer',
    expansion,
    fusion,
    rerankShare: MIN_COVERAGE,
  });
  if (found.passages.length === 0) return { passages: [], related: false };
  const ownTerms = found.terms.map((t) => passageLang !== 'en' || !incidentalWord(t.word, source));
  const { chosen, related } = pick(found.passages, found.totalWeight, found.absentWeight, ownTerms);
  return { passages: groupAdjacent(chosen), related };
}

/**
 * Finds what an answer quotes: the verses a question names (`2:255`, `John 3:16`), else the
 * passages matching most of its content, or only the closest ones (`related`). Searches the
 * source asked for; without one, the source the question names (`named-source.ts`: "What does
 * the Bible say about patience?" searches the Bible for "patience"), and, when that finds
 * nothing in a language other than the asker's, the question as typed in
 * {@link DEFAULT_SOURCE}. Searches the passages in `lang` (the answer's language,
 * {@link answerLanguage}), or, for a source without passages in it, the source's own language. An Arabic question about a translated source (the Quran) is
 * searched in its Arabic original, and the verses found are quoted in `lang`.
 *
 * @param fusion with embeddings configured: the candidates reordered by fusing keyword and vector ranks
 * @param expansion the concept glossary: a concept the question mentions also matches
 *   its other wordings, below the question's own words; `null` matches the words alone;
 *   undefined uses the shipped glossary and thesauri
 * @param lang the answer's language ({@link answerLanguage})
 * @returns the source searched, the passages (empty when the question must be refused), their
 *   language and whether they only relate to it, or undefined when the source has no passages at all
 * @throws on a database error
 */
export async function findPassages(
  db: Queryable,
  request: AskRequest,
  fusion?: QueryFusion,
  expansion?: Expansion | null,
  lang: Lang = answerLanguage(request.question, request.lang),
): Promise<Found | undefined> {
  const named = request.source === undefined ? namedSource(request.question) : undefined;
  if (named) {
    const found = await findIn(db, named.source, request.question, named.text, fusion, expansion, lang);
    // Nothing there in another language than the asker's (a Turkish question, the English KJV):
    // the question may be about the book rather than in it ("İncil nedir?"), as the Quran speaks of it.
    if (found === undefined || found.passages.length > 0 || found.passageLang === lang) return found;
  }
  return findIn(db, request.source ?? DEFAULT_SOURCE, request.question, request.question, fusion, expansion, lang);
}

/** {@link findPassages} in one source: verse references read from `question`, words searched from `text`. */
async function findIn(
  db: Queryable,
  source: string,
  question: string,
  text: string,
  fusion: QueryFusion | undefined,
  expansion: Expansion | null | undefined,
  lang: Lang,
): Promise<Found | undefined> {
  const available = await searchableLanguages(db, source);
  if (available.length === 0) return undefined;
  const passageLang = available.includes(lang) ? lang : (available.includes('en') ? 'en' : (available[0] ?? lang));
  const byRef = await findByReference(db, question, source, passageLang);
  if (byRef) return { source, passages: byRef, passageLang, related: false };
  const original = ORIGINAL_SOURCE[source];
  if (original && identifyLanguage(text) === 'ar') {
    // An Arabic question is searched in the Arabic text and quoted in the answer's language.
    const found = await findByWords(db, text, original.source, original.lang, fusion, expansion);
    const translated: QuotedPassage[] = [];
    for (const p of found.passages) {
      const verses = await referencePassages(db, p.ref, { source, lang: passageLang }, { limit: MAX_GROUP, offset: 0 });
      if (verses) translated.push(...groupAdjacent(verses.passages));
    }
    return { source, passages: translated, passageLang, related: found.related };
  }
  // A Turkish question about English-only text (the KJV) is searched with its words in English.
  const bridged =
    passageLang === 'en' && identifyLanguage(text) === 'tr'
      ? englishQueryForTurkish(text, expansion === null ? undefined : (expansion ?? shippedExpansion()).concepts, source)
      : undefined;
  const found = await findByWords(db, bridged ?? text, source, passageLang, fusion, expansion);
  const detail = found.related ? undefined : detailAsked(text, lang);
  if (detail && found.passages.length > 0 && !found.passages.some((p) => detailGiven(detail, p.text, text))) {
    // A detail the passages do not state: they only relate to the question.
    return { source, passages: found.passages.slice(0, MAX_RELATED), passageLang, related: true };
  }
  return { ...found, source, passageLang };
}

/**
 * The citations of quoted passages: numbered 1..n, each with its translator, its reading
 * page's `url`, for a Quran translation the Arabic original of the same verses and, for joined
 * adjacent verses, each verse apart (`verses`).
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
    let arabic: string[] | undefined;
    if (original && texts) {
      const found = p.refs.map((r) => texts.get(r));
      if (found.every((t): t is string => t !== undefined)) {
        arabic = found;
        citation.original = { lang: original.lang, text: found.join(' ') };
      }
    }
    // Joined verses keep their boundaries, so a reader can number them instead of running them
    // together; verses translated as one are one entry, its Arabic their originals joined.
    if (p.runs.length > 1) {
      let next = 0;
      citation.verses = p.runs.map((run) => {
        const verse: CitationVerse = { ref: run.ref, text: run.text };
        const originals = arabic?.slice(next, next + run.refs.length);
        next += run.refs.length;
        if (originals && originals.length === run.refs.length) verse.original = originals.join(' ');
        return verse;
      });
    }
    return citation;
  });
}

/**
 * The extractive answer text: the framing sentences in the asker's language (which language
 * was searched when it is not theirs; which source and translators) and each citation quoted
 * verbatim after its `[n]` marker.
 */
export function extractiveText(lang: Lang, source: string, passageLang: string, citations: readonly Citation[], related = false): string {
  const messages = ANSWER_MESSAGES[lang];
  const translators = [...new Set(citations.map((c) => c.translator))].join(', ');
  const lines: string[] = [];
  // Related passages are never presented as an answer: the text says so first, in every frame release.
  if (related) lines.push(messages.related);
  if (passageLang !== lang) lines.push(format(messages.fallbackLanguage, { language: languageName(passageLang, lang) }));
  lines.push(format(related ? messages.relatedIntro : messages.intro, { source: sourceName(source, lang), translator: translators }));
  for (const c of citations) lines.push(`[${c.n}] ${refLabel(c.source, c.ref, lang)}: “${c.text}”`);
  return lines.join('\n\n');
}
