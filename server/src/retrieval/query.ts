import { detectConcepts, detectNearConcepts, type ConceptIndex, type ConceptMatch, type DetectLanguage } from '../concepts/detect.js';
import type { Concept, ConceptLanguage } from '../concepts/types.js';
import type { Thesaurus } from '../concepts/thesaurus.js';
import type { SemanticLayer } from './semantic.js';
import type { TopicIndex } from './topics.js';
import { ARABIC_STOPWORDS, arabicWordForms, hasArabic } from '../languages/arabic.js';
import { ENGLISH_STOPWORDS, englishQueryWord, englishSiblings } from '../languages/english.js';
import { foldGeneric, TYPED_WORD } from '../languages/generic.js';
import {
  asciiFoldTurkish,
  foldTurkish,
  foldTurkishAscii,
  softenedVerbStem,
  TURKISH_PREFIX_MIN,
  TURKISH_STOPWORDS,
  turkishInfinitiveStem,
  turkishNameStem,
  turkishQueryHead,
  turkishSuffixStem,
  turkishVowelDropStem,
  withoutLightVerbs,
} from '../languages/turkish.js';
import type { QueryTerm, TermPart, TsConfig } from '../passages/terms.js';

/** The configuration that indexes each language with a stemmer (`kb_index_tsvector`, migration 0002); others use `simple`. */
const STEMMED: Readonly<Record<string, TsConfig>> = {
  es: 'spanish',
  fr: 'french',
  ru: 'russian',
  sv: 'swedish',
  id: 'indonesian',
  de: 'german',
};

/** Weight of a term matched only through a synonym of its word ({@link QueryTermOptions.thesauri}). */
export const DEFAULT_SYNONYM_WEIGHT = 0.5;

/** At most this many distinct terms are used (a long question keeps its first ones). */
export const MAX_TERMS = 24;

/**
 * At most this many words of a query are read (a longer text keeps its first ones): concept
 * detection, near mentions and each word's forms cost time per word, and a question may be
 * 2,000 characters long, while {@link MAX_TERMS} terms rarely need more than twice as many
 * words (function words are dropped). The longest question of the evaluation sets has 20.
 */
export const MAX_QUERY_WORDS = 64;

/**
 * The query cut after its {@link MAX_QUERY_WORDS}th word (NFC), and whether anything was cut.
 */
export function boundedQuery(text: string): { text: string; cut: boolean } {
  const normalized = text.normalize('NFC');
  let seen = 0;
  for (const match of normalized.matchAll(TYPED_WORD)) {
    seen += 1;
    if (seen === MAX_QUERY_WORDS) {
      const end = match.index + match[0].length;
      // Only words after it cut the text (punctuation alone does not).
      return normalized.slice(end).match(TYPED_WORD) === null ? { text: normalized, cut: false } : { text: normalized.slice(0, end), cut: true };
    }
  }
  return { text: normalized, cut: false };
}

function quote(lexeme: string, prefix = false): string {
  return `'${lexeme}'${prefix ? ':*' : ''}`;
}

function tooShort(word: string): boolean {
  return word.length < 2 && !/\p{N}/u.test(word);
}

/** How a word is turned into parts: keep stopwords (a query of only them), match as a prefix (the last word typed). */
interface WordOptions {
  keepStopwords: boolean;
  prefix: boolean;
}

function englishParts(raw: string, o: WordOptions): TermPart[] {
  if (hasArabic(raw)) return [];
  const word = englishQueryWord(raw);
  if (tooShort(word) || (!o.keepStopwords && ENGLISH_STOPWORDS.has(word))) return [];
  const forms = [word, ...englishSiblings(word)].map((w) => quote(w));
  if (o.prefix) forms.push(quote(word, true));
  return [{ config: 'english', query: forms.join(' | ') }];
}

function turkishParts(raw: string, o: WordOptions): TermPart[] {
  if (hasArabic(raw)) return [];
  // An apostrophe separates a proper noun from its suffix (İsa'nın → İsa); Kur'an is one word.
  const folded = foldTurkish(turkishQueryHead(raw)).trim();
  const ascii = asciiFoldTurkish(folded);
  if (tooShort(ascii) || (!o.keepStopwords && TURKISH_STOPWORDS.has(ascii))) return [];
  const simple = [quote(ascii, o.prefix || ascii.length >= TURKISH_PREFIX_MIN)];
  const stem = turkishSuffixStem(ascii);
  if (stem !== ascii) simple.push(quote(stem, true));
  // The vowel-dropping stem (sabır → sabr-) is matched in the `turkish` configuration, whose
  // lexemes keep their Turkish letters: ASCII-folded, ölüm's ölm- would be olm- and match
  // every form of olmak (to be).
  const dropped = turkishVowelDropStem(folded);
  const turkish = [quote(folded)];
  if (dropped) turkish.push(quote(dropped, true));
  return [
    { config: 'simple', query: simple.join(' | ') },
    { config: 'turkish', query: turkish.join(' | ') },
  ];
}

function arabicParts(raw: string, o: WordOptions): TermPart[] {
  if (!hasArabic(raw)) return [];
  const forms = arabicWordForms(raw).filter((f) => f.length > 0);
  if (forms.length === 0 || (!o.keepStopwords && forms.some((f) => ARABIC_STOPWORDS.has(f)))) return [];
  return [{ config: 'arabic', query: forms.map((f) => quote(f, o.prefix && f.length >= 3)).join(' | ') }];
}

function otherParts(lang: string, raw: string, o: WordOptions): TermPart[] {
  const word = foldGeneric(raw).replace(/'/g, '');
  if (tooShort(word)) return [];
  const config = STEMMED[lang] ?? 'simple';
  const forms = [quote(word)];
  if (o.prefix && word.length >= 3) forms.push(quote(word, true));
  return [{ config, query: forms.join(' | ') }];
}

function partsFor(lang: string, raw: string, o: WordOptions): TermPart[] {
  switch (lang) {
    case 'en':
      return englishParts(raw, o);
    case 'tr':
      return turkishParts(raw, o);
    case 'ar':
      return arabicParts(raw, o);
    default:
      return otherParts(lang, raw, o);
  }
}

function dedupe(parts: TermPart[]): TermPart[] {
  const seen = new Set<string>();
  return parts.filter((p) => {
    const key = `${p.config}:${p.query}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The glossary languages whose names a passage language's text uses. English and Turkish
 * passages take only their own language's names: a transliteration (riya, zulm, talaq) is an
 * alternative there only where a translation writes it, i.e. through the attestations' quoted
 * words ({@link conceptWordings}); elsewhere it would match unrelated words in every language.
 */
function nameLanguages(passageLang: string): ConceptLanguage[] {
  switch (passageLang) {
    case 'en':
      return ['en'];
    case 'tr':
      return ['tr'];
    case 'ar':
      return ['ar'];
    default:
      return ['translit'];
  }
}

/**
 * The glossary languages a query in these passage languages is read in: the passages' own
 * (English for English passages, Turkish for Turkish ones), transliterations and Arabic; a
 * search of Arabic or other passages reads every language.
 */
export function detectionLanguages(langs: readonly string[]): DetectLanguage[] {
  const out = new Set<DetectLanguage>(['translit', 'ar']);
  for (const lang of langs) {
    if (lang === 'en' || lang === 'tr') out.add(lang);
    else for (const l of ['en', 'tr'] as const) out.add(l);
  }
  return [...out];
}

/**
 * AND of several words' parts, one part per configuration: `('cover' | 'covering') & ('head')`.
 * Undefined when a word has no part in a configuration the others use (it could never match).
 */
function allOf(wordParts: readonly TermPart[][]): TermPart[] {
  const present = wordParts.filter((parts) => parts.length > 0);
  if (present.length === 0) return [];
  if (present.length === 1) return present[0] ?? [];
  const configs = [...new Set(present.flatMap((parts) => parts.map((p) => p.config)))];
  return configs.flatMap((config) => {
    const queries = present.map((parts) => parts.filter((p) => p.config === config).map((p) => p.query));
    if (queries.some((q) => q.length === 0)) return [];
    return [{ config, query: queries.map((q) => `(${q.join(' | ')})`).join(' & ') }];
  });
}

/** OR of several alternatives, one part per configuration. */
function anyOf(parts: readonly TermPart[]): TermPart[] {
  const byConfig = new Map<TsConfig, string[]>();
  for (const p of dedupe([...parts])) byConfig.set(p.config, [...(byConfig.get(p.config) ?? []), p.query]);
  return [...byConfig.entries()].map(([config, queries]) => ({
    config,
    query: queries.length === 1 ? (queries[0] ?? '') : queries.map((q) => `(${q})`).join(' | '),
  }));
}

const EXACT: WordOptions = { keepStopwords: false, prefix: false };

/** The wordings of a concept a passage language's text uses: its names and the words its attestations quote. */
function conceptWordings(concept: Concept, passageLang: string): string[] {
  const names = nameLanguages(passageLang).flatMap((l) => concept.names[l] ?? []);
  const attested =
    passageLang === 'en' || passageLang === 'tr' || passageLang === 'ar'
      ? concept.attestations.flatMap((a) => (a.source === 'quran-chapters' ? [] : [a.words[passageLang] ?? '']))
      : [];
  return [...new Set([...names, ...attested].map((w) => w.trim()).filter(Boolean))];
}

/** A wording (one or more words) as parts matching a passage that has all of its content words. */
function wordingParts(wording: string, passageLang: string): TermPart[] {
  const words = [...wording.normalize('NFC').matchAll(TYPED_WORD)].map((m) => {
    const parts = partsFor(passageLang, m[0], EXACT);
    const stem = passageLang === 'tr' ? turkishNameStem(m[0]) : undefined;
    return stem ? parts.map((p) => (p.config === 'simple' ? { ...p, query: `${p.query} | ${quote(stem, true)}` } : p)) : parts;
  });
  return allOf(words);
}

/**
 * The term of one detected concept mention: `parts` are the query's own words (all of them
 * for a phrase, each in its passage language's forms), `alternatives` the concept's wordings
 * in the passage language (names, transliterations the translation uses, attested words).
 * Undefined when the query's words reduce to nothing in these languages.
 */
function conceptTerm(match: ConceptMatch, langs: readonly string[], o: WordOptions, alternativeWeight: number | undefined): QueryTerm | undefined {
  const parts = dedupe(langs.flatMap((lang) => allOf(match.words.map((w, i) => partsFor(lang, w, { ...o, prefix: o.prefix && i === match.words.length - 1 })))));
  if (parts.length === 0) return undefined;
  const own = new Set(parts.map((p) => `${p.config}:${p.query}`));
  const alternatives = anyOf(
    langs.flatMap((lang) =>
      match.concepts.flatMap((c) => conceptWordings(c, lang).flatMap((w) => wordingParts(w, lang))).filter((p) => !own.has(`${p.config}:${p.query}`)),
    ),
  );
  const term: QueryTerm = { word: match.words.join(' '), parts };
  const anchors = [...new Set(match.concepts.flatMap((c) => c.anchors ?? []))];
  if (anchors.length > 0) term.anchors = anchors;
  if (alternatives.length > 0) {
    term.alternatives = alternatives;
    if (alternativeWeight !== undefined) term.alternativeWeight = alternativeWeight;
  }
  return term;
}

/** Titles a name is given in a question ("the prophet Jonah", "Yunus peygamber", "Hz. Musa"), ASCII-folded. */
const TITLES = new Set(['prophet', 'messenger', 'peygamber', 'peygamberi', 'peygamberin', 'peygambere', 'hz', 'hazreti', 'hazret']);

/**
 * Offsets of the query's title words that stand next to a capitalized name the glossary knows
 * ("Yunus peygamberi", "the prophet Jonah"): the name carries the question, while the title
 * alone would match every prophet's verses. A title with no name beside it stays a term.
 */
function titleWords(tokens: readonly RegExpMatchArray[], mentions: readonly ConceptMatch[]): Set<number> {
  const out = new Set<number>();
  const named = (t: RegExpMatchArray | undefined): boolean =>
    t?.index !== undefined && /^\p{Lu}/u.test(t[0]) && mentions.some((m) => m.wordStarts.includes(t.index ?? -1));
  tokens.forEach((t, i) => {
    if (t.index === undefined || !TITLES.has(foldTurkishAscii(t[0].split(/['’.]/)[0] ?? t[0]))) return;
    const own = mentions.find((m) => m.wordStarts.includes(t.index ?? -1));
    // A title inside the name's own mention ("Yunus peygamber" as one glossary name) is part of it.
    if (own && own.wordStarts.length > 1) return;
    if (named(tokens[i - 1]) || named(tokens[i + 1])) out.add(t.index);
  });
  return out;
}

/** Options of {@link queryTerms}. */
export interface QueryTermOptions {
  /** Keep function words (a search made only of them). */
  keepStopwords?: boolean;
  /** Match the last word as a prefix when the text ends inside it (search as you type: `pati` finds `patience`). */
  prefixLast?: boolean;
  /**
   * The concept glossary's index (`concepts/detect.ts`): each concept the query mentions
   * becomes one term whose parts are the query's words and whose alternatives are the
   * concept's wordings in the passage language (issue 11). Absent: no expansion.
   */
  concepts?: ConceptIndex;
  /** Weight of a match through a concept's alternatives only, in (0, 1); default {@link DEFAULT_ALTERNATIVE_WEIGHT}. */
  alternativeWeight?: number;
  /**
   * A thesaurus per passage language (`concepts/thesaurus.ts`: `en` WordNet, `tr` the shipped
   * Turkish groups): a plain word of the query (not part of a concept mention) searched in
   * passages of a language with a thesaurus also matches its synonyms there, with weight
   * `synonymWeight`. Absent: no synonyms.
   */
  thesauri?: Readonly<Partial<Record<string, Thesaurus>>>;
  /** Weight of a match through a synonym only, in (0, 1); default {@link DEFAULT_SYNONYM_WEIGHT}. */
  synonymWeight?: number;
  /**
   * Related words per passage language (`semantic.ts`: `en` WordNet's relations ranked by the
   * word vectors), added to a plain word's alternatives beside its synonyms. Absent: none.
   */
  semantic?: Readonly<Partial<Record<string, SemanticLayer>>>;
  /**
   * Topical indexes per passage language (`topics.ts`: `en` Nave's Topical Bible): the verses
   * filed under the topics a plain word names become its term's `nearAnchors`. Absent: none.
   */
  topics?: Readonly<Partial<Record<string, TopicIndex>>>;
}

/**
 * The synonyms of a plain query word as alternatives in the English passage language: each
 * synonym in its English forms (a multi-word one needs all its words), leaving out those the
 * word's own parts already match.
 */
function synonymAlternatives(raw: string, langs: readonly string[], parts: readonly TermPart[], thesaurus: Thesaurus, semantic?: SemanticLayer): TermPart[] {
  if (!langs.includes('en') || hasArabic(raw)) return [];
  const own = new Set(parts.map((p) => `${p.config}:${p.query}`));
  const word = englishQueryWord(raw);
  const related = semantic?.related(word) ?? [];
  return anyOf([...thesaurus.synonyms(word), ...related].flatMap((w) => wordingParts(w, 'en')).filter((p) => !own.has(`${p.config}:${p.query}`)));
}

/**
 * A Turkish synonym (a thesaurus member: a lemma or short phrase) as parts matching a passage
 * with all of its content words: a verb (`-mek`/`-mak`) as a prefix of its stem in the `simple`
 * configuration (`öldürmek` → `oldur:*` finds öldürdüler, öldürenler; a stem ending in t also
 * softened: `katlet:*`, `katled:*`), other words in the forms a glossary name takes
 * ({@link wordingParts}). A light verb (`TURKISH_LIGHT_VERBS`, `languages/turkish.ts`) is left
 * out of a phrase. A stem shorter than 4 letters is too ambiguous alone (`ver:*`, `gör:*` would
 * find `vergi`, `göre`): such a verb is matched by its stem only beside another content word
 * (`can vermek`: `can` and `ver:*`), alone through its infinitive's forms (`anmak` → `anmakla`,
 * `ırmak` → `ırmaklar`).
 */
function turkishSynonymParts(synonym: string): TermPart[] {
  const tokens = [...synonym.normalize('NFC').matchAll(TYPED_WORD)].map((m) => m[0]);
  const content = withoutLightVerbs(tokens);
  const words = content.map((t): TermPart[] => {
    const stem = turkishInfinitiveStem(foldTurkishAscii(t));
    if (stem === undefined) return wordingParts(t, 'tr');
    // A short stem (ölmek → öl-, anmak → an-) is matched through the infinitive's own forms (anmakla, ölmekten).
    if (stem.length < 4) return content.length > 1 && stem.length >= 3 ? [{ config: 'simple', query: quote(stem, true) }] : wordingParts(t, 'tr');
    const soft = softenedVerbStem(stem);
    const stems = soft === undefined ? [stem] : [stem, soft];
    return [{ config: 'simple', query: stems.map((s) => quote(s, true)).join(' | ') }];
  });
  return words.some((w) => w.length === 0) ? [] : allOf(words);
}

/**
 * The synonyms of a plain Turkish query word (inflected as typed: `fakirlere`) as alternatives
 * in the Turkish passage language ({@link turkishSynonymParts}), leaving out those the word's
 * own parts already match.
 */
function turkishSynonymAlternatives(raw: string, langs: readonly string[], parts: readonly TermPart[], thesaurus: Thesaurus | undefined, semantic?: SemanticLayer): TermPart[] {
  if (!langs.includes('tr') || hasArabic(raw)) return [];
  const own = new Set(parts.map((p) => `${p.config}:${p.query}`));
  const words = [...(thesaurus?.synonyms(raw) ?? []), ...(semantic?.related(raw) ?? [])];
  return anyOf(words.flatMap((w) => turkishSynonymParts(w)).filter((p) => !own.has(`${p.config}:${p.query}`)));
}

/**
 * Turns a query (a few words or a natural-language question) into its distinct terms for the
 * given passage languages: each word is normalized as that language is indexed
 * (`languages/`), function and question-framing words are dropped (its stopwords there),
 * and words that normalize alike are merged. Turkish terms match as prefixes (5+ letters) and
 * through their vowel-dropping stem; Arabic terms through both spellings of a superscript alef.
 *
 * With `options.concepts`, the words of each concept mention ("covering their heads",
 * "başörtüsünü", "hijab") form one term instead: a passage with all of the query's own words
 * matches it fully (weight 1), one with only the concept's other wordings ("headcovers",
 * "başörtüleri") through `alternatives` (weight `alternativeWeight` < 1), so an expansion
 * never outranks an exact match of the same words.
 *
 * @param text the query as typed
 * @param langs passage languages searched (`en`, `tr`, `ar`; `es`, `fr`, `ru`, `sv`, `id`,
 *   `de` with their stemmers; others with the `simple` configuration)
 * Only the first {@link MAX_QUERY_WORDS} words are read ({@link boundedQuery}); the last word
 * of a text cut there is no word being typed.
 *
 * @returns at most {@link MAX_TERMS} terms, in query order; empty when nothing is left
 */
export function queryTerms(text: string, langs: readonly string[], options: QueryTermOptions = {}): QueryTerm[] {
  const keepStopwords = options.keepStopwords === true;
  const terms: QueryTerm[] = [];
  const seen = new Map<string, QueryTerm>();
  const bounded = boundedQuery(text);
  const normalized = bounded.text;
  const tokens = [...normalized.matchAll(TYPED_WORD)];
  const last = tokens.at(-1);
  const typing =
    options.prefixLast === true && !bounded.cut && last !== undefined && last.index + last[0].length === normalized.trimEnd().length;
  const mentions = options.concepts ? detectConcepts(options.concepts, normalized, detectionLanguages(langs)) : [];
  /** Offset of a query word → the term it went into (for the near mentions' anchors). */
  const termAt = new Map<number, QueryTerm>();
  const add = (term: QueryTerm, key: string, ...starts: number[]): boolean => {
    const known = seen.get(key);
    for (const start of starts) termAt.set(start, known ?? term);
    if (known) return false;
    seen.set(key, term);
    terms.push(term);
    return terms.length === MAX_TERMS;
  };
  const titles = keepStopwords ? new Set<number>() : titleWords(tokens, mentions);
  for (const match of tokens) {
    const raw = match[0];
    const o: WordOptions = { keepStopwords, prefix: typing && match === last };
    const mention = mentions.find((m) => m.wordStarts.includes(match.index));
    if (titles.has(match.index)) continue;
    if (mention) {
      if (match.index !== mention.wordStarts[0]) continue;
      const endsQuery = typing && last !== undefined && last.index + last[0].length === mention.end;
      const term = conceptTerm(mention, langs, { keepStopwords, prefix: endsQuery }, options.alternativeWeight);
      if (term) {
        const key = [...term.parts, ...(term.alternatives ?? [])].map((p) => `${p.config}:${p.query}`).join('\n');
        if (add(term, key, ...mention.wordStarts)) break;
        continue;
      }
      // The mention's words reduce to nothing here: each word is searched as itself below.
      for (const word of tokens.filter((t) => mention.wordStarts.includes(t.index))) {
        const parts = dedupe(langs.flatMap((lang) => partsFor(lang, word[0], { keepStopwords, prefix: typing && word === last })));
        if (parts.length > 0 && add({ word: word[0], parts }, parts.map((p) => `${p.config}:${p.query}`).join('\n'), word.index)) return terms;
      }
      continue;
    }
    const parts = dedupe(langs.flatMap((lang) => partsFor(lang, raw, o)));
    if (parts.length === 0) continue;
    const term: QueryTerm = { word: raw, parts };
    const english = options.thesauri?.en;
    const turkish = options.thesauri?.tr;
    const synonyms = dedupe([
      ...(english ? synonymAlternatives(raw, langs, parts, english, options.semantic?.en) : []),
      ...(turkish || options.semantic?.tr ? turkishSynonymAlternatives(raw, langs, parts, turkish, options.semantic?.tr) : []),
    ]);
    if (synonyms.length > 0) {
      term.alternatives = synonyms;
      term.alternativeWeight = options.synonymWeight ?? DEFAULT_SYNONYM_WEIGHT;
    }
    const topical = hasArabic(raw) ? [] : langs.flatMap((lang) => options.topics?.[lang]?.anchorsFor(raw) ?? []);
    if (topical.length > 0) term.nearAnchors = [...new Set(topical)];
    if (add(term, parts.map((p) => `${p.config}:${p.query}`).join('\n'), match.index)) break;
  }
  if (options.concepts && !keepStopwords) {
    // Only words that are terms in their own right count toward a near mention ("how", "did" do not).
    const content = new Map(
      tokens.filter((t) => langs.some((lang) => partsFor(lang, t[0], { keepStopwords: false, prefix: false }).length > 0)).map((t) => [t.index, termAt.get(t.index)]),
    );
    addNearAnchors(options.concepts, normalized, langs, content, mentions);
  }
  return terms;
}

/**
 * Gives the terms of the words a near mention takes (`detectNearConcepts`) its concepts'
 * anchors as `nearAnchors`, when it takes words of at least two terms: a wording's words all
 * inside one term add nothing that term's own match does not.
 */
function addNearAnchors(
  concepts: ConceptIndex,
  text: string,
  langs: readonly string[],
  termAt: ReadonlyMap<number, QueryTerm | undefined>,
  mentions: readonly ConceptMatch[],
): void {
  for (const near of detectNearConcepts(concepts, text, detectionLanguages(langs), mentions)) {
    const taken = [...new Set(near.wordStarts.map((s) => termAt.get(s)).filter((t): t is QueryTerm => t !== undefined))];
    if (taken.length < 2) continue;
    const anchors = near.concepts.flatMap((c) => c.anchors ?? []);
    if (anchors.length === 0) continue;
    for (const term of taken) term.nearAnchors = [...new Set([...(term.nearAnchors ?? []), ...anchors])];
  }
}
