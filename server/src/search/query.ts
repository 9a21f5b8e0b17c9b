import { arabicWordForms, asciiFoldTurkish, foldGeneric, foldTurkish, hasArabic } from '../corpus/normalize.js';
import { STOPWORDS } from './stopwords.js';

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

/** The configuration that indexes each language with a stemmer (`kb_index_tsvector`, migration 0002); others use `simple`. */
const STEMMED: Readonly<Record<string, TsConfig>> = {
  es: 'spanish',
  fr: 'french',
  ru: 'russian',
  sv: 'swedish',
  id: 'indonesian',
  de: 'german',
};

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
}

/** Weight of a term matched only through its concept's alternatives (an exact match weighs 1). */
export const DEFAULT_ALTERNATIVE_WEIGHT = 0.8;

/** At most this many distinct terms are used (a long question keeps its first ones). */
export const MAX_TERMS = 24;

/** Shortest Turkish term matched as a prefix (`sabır` → `sabir:*` finds `sabırla`, `sabırlı`); shorter
 * ones are exact, or `hava` would find `havariler`. */
const TR_PREFIX_MIN = 5;

const RAW_TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
const TR_VOWELS = 'aeıioöuü';

function quote(lexeme: string, prefix = false): string {
  return `'${lexeme}'${prefix ? ':*' : ''}`;
}

function tooShort(word: string): boolean {
  return word.length < 2 && !/\p{N}/u.test(word);
}

/**
 * The stem Turkish uses before a vowel-initial suffix for nouns that drop their last vowel:
 * sabır → sabr- (sabredenler), şükür → şükr-, ömür → ömr-, isim → ism-. Applied to any word
 * of the shape …C[ıiuü]C; for others it yields prefixes that simply match nothing.
 */
export function turkishVowelDropStem(folded: string): string | undefined {
  if (folded.length < 4 || folded.length > 7) return undefined;
  const m = new RegExp(`^(.*[^${TR_VOWELS}])([ıiuü])([^${TR_VOWELS}])$`).exec(folded);
  const head = m?.[1];
  const last = m?.[3];
  if (head === undefined || last === undefined || !new RegExp(`[${TR_VOWELS}]`).test(head)) return undefined;
  return head + last;
}

/**
 * Turkish suffixes (ASCII-folded) stripped from a query word to match its other forms as a
 * prefix: davranılmalı → davran- (davranın, davranış), yetimlere → yetim-. Longest first.
 */
const TR_SUFFIXES = [
  'lerinden', 'larindan', 'lerinin', 'larinin', 'lerine', 'larina', 'lerini', 'larini', 'lerden', 'lardan',
  'lerde', 'larda', 'ilmali', 'ilmeli', 'ulmali', 'ulmeli', 'leri', 'lari', 'mali', 'meli', 'iyor', 'uyor',
  'acak', 'ecek', 'ler', 'lar', 'mak', 'mek', 'mis', 'mus', 'dir', 'dur', 'tir', 'tur', 'nin', 'nun', 'den',
  'dan', 'ten', 'tan', 'nda', 'nde', 'yla', 'yle', 'il', 'ul', 'in', 'un', 'da', 'de', 'ya', 'ye',
];

/** Strips {@link TR_SUFFIXES} from an ASCII-folded word while at least 5 letters remain. */
export function turkishSuffixStem(ascii: string): string {
  let stem = ascii;
  for (let round = 0; round < 3; round++) {
    const suffix = TR_SUFFIXES.find((s) => stem.endsWith(s) && stem.length - s.length >= TR_PREFIX_MIN);
    if (!suffix) break;
    stem = stem.slice(0, -suffix.length);
  }
  return stem;
}

/** How a word is turned into parts: keep stopwords (a query of only them), match as a prefix (the last word typed). */
interface WordOptions {
  keepStopwords: boolean;
  prefix: boolean;
}

function englishParts(raw: string, o: WordOptions): TermPart[] {
  if (hasArabic(raw)) return [];
  const word = foldGeneric(raw).replace(/'s$/, '').replace(/'/g, '');
  if (tooShort(word) || (!o.keepStopwords && STOPWORDS.en?.has(word))) return [];
  const forms = [word, ...englishSiblings(word)].map((w) => quote(w));
  if (o.prefix) forms.push(quote(word, true));
  return [{ config: 'english', query: forms.join(' | ') }];
}

/**
 * Noun/adjective pairs the English stemmer keeps apart although they name one topic:
 * patience/patient, obedience/obedient, arrogance/arrogant.
 */
function englishSiblings(word: string): string[] {
  const m = /^(.{3,})(ence|ent|ance|ant)$/.exec(word);
  if (!m) return [];
  const [, stem, suffix] = m;
  const other: Record<string, string> = { ence: 'ent', ent: 'ence', ance: 'ant', ant: 'ance' };
  return [`${stem}${other[suffix ?? ''] ?? ''}`];
}

function turkishParts(raw: string, o: WordOptions): TermPart[] {
  if (hasArabic(raw)) return [];
  // An apostrophe separates a proper noun from its suffix (İsa'nın → İsa); Kur'an is one word.
  const head = /^kur['’]?an/i.test(raw) ? 'kuran' : (raw.split(/['’]/)[0] ?? raw);
  const folded = foldTurkish(head).trim();
  const ascii = asciiFoldTurkish(folded);
  if (tooShort(ascii) || (!o.keepStopwords && STOPWORDS.tr?.has(ascii))) return [];
  const simple = [quote(ascii, o.prefix || ascii.length >= TR_PREFIX_MIN)];
  const stem = turkishSuffixStem(ascii);
  if (stem !== ascii) simple.push(quote(stem, true));
  const dropped = turkishVowelDropStem(folded);
  if (dropped) simple.push(quote(asciiFoldTurkish(dropped), true));
  return [
    { config: 'simple', query: simple.join(' | ') },
    { config: 'turkish', query: quote(folded) },
  ];
}

function arabicParts(raw: string, o: WordOptions): TermPart[] {
  if (!hasArabic(raw)) return [];
  const forms = arabicWordForms(raw).filter((f) => f.length > 0);
  if (forms.length === 0 || (!o.keepStopwords && forms.some((f) => STOPWORDS.ar?.has(f)))) return [];
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
 * Turns a query (a few words or a natural-language question) into its distinct terms for the
 * given passage languages: each word is normalized as that language is indexed
 * (`corpus/normalize.ts`), function and question-framing words are dropped (`stopwords.ts`),
 * and words that normalize alike are merged. Turkish terms match as prefixes (5+ letters) and
 * through their vowel-dropping stem; Arabic terms through both spellings of a superscript alef.
 *
 * @param text the query as typed
 * @param langs passage languages searched (`en`, `tr`, `ar`; `es`, `fr`, `ru`, `sv`, `id`,
 *   `de` with their stemmers; others with the `simple` configuration)
 * @param options `keepStopwords` keeps function words (a search made only of them);
 *   `prefixLast` matches the last word as a prefix when the text ends inside it (search as
 *   you type: `pati` finds `patience`)
 * @returns at most {@link MAX_TERMS} terms, in query order; empty when nothing is left
 */
export function queryTerms(
  text: string,
  langs: readonly string[],
  options: { keepStopwords?: boolean; prefixLast?: boolean } = {},
): QueryTerm[] {
  const keepStopwords = options.keepStopwords === true;
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  const normalized = text.normalize('NFC');
  const tokens = [...normalized.matchAll(RAW_TOKEN)];
  const last = tokens.at(-1);
  const typing =
    options.prefixLast === true && last !== undefined && last.index + last[0].length === normalized.trimEnd().length;
  for (const match of tokens) {
    const raw = match[0];
    const o: WordOptions = { keepStopwords, prefix: typing && match === last };
    const parts = dedupe(langs.flatMap((lang) => partsFor(lang, raw, o)));
    if (parts.length === 0) continue;
    const key = parts.map((p) => `${p.config}:${p.query}`).join('\n');
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ word: raw, parts });
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}
