/**
 * Text normalization for indexing and querying. A passage's text is stored exactly as shipped;
 * these functions produce the forms that are indexed (`norm`, `fold`) and the same forms of a
 * query's words, so that both sides meet. Pure functions, no I/O.
 */

/** Letters, combining marks and digits: what a word is made of, in every script we index. */
export const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** A word of `text` and where it is (UTF-16 offsets, end exclusive). */
export interface WordSpan {
  word: string;
  start: number;
  end: number;
}

/** Splits text into words (runs of letters, marks and digits); everything else separates them. */
export function words(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const m of text.matchAll(WORD)) {
    spans.push({ word: m[0], start: m.index, end: m.index + m[0].length });
  }
  return spans;
}

// --- Arabic -------------------------------------------------------------------------------

const SUPERSCRIPT_ALEF = '\u0670';
/**
 * Removed outright: Quranic annotation signs U+0610–U+061A, tashkeel and other harakat
 * U+064B–U+065F (incl. the open tanween U+0656/0657/065E of this edition), Quranic marks and
 * small high letters U+06D6–U+06ED (small waw/yeh U+06E5/U+06E6 lengthen a pronoun and are
 * not written in modern spelling; U+06E7 is mapped to yeh before this), ۞ U+06DE, ۩ U+06E9,
 * extended marks U+08D3–U+08FF, and tatweel U+0640.
 */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u06D6-\u06ED\u08D3-\u08FF\u0640]/g;
const ALEF_VARIANTS = /[\u0622\u0623\u0625\u0671\u0672\u0673]/g;

function foldAlef(word: string): string {
  // Hamza on the line followed by alef is the Uthmani spelling of alef madda (ءامنوا → آمنوا).
  return word.replace(ALEF_VARIANTS, '\u0627').replace(/\u0621\u0627/g, '\u0627');
}

/**
 * Normalizes one Arabic word for indexing or querying.
 *
 * Strips tashkeel, Uthmani marks and tatweel and folds the alef variants أ إ آ ٱ to ا. A word
 * with a superscript alef (U+0670) has two modern spellings — with a full alef (الصابرين,
 * الصلاة) and without (الرحمن, موسى) — so both are returned.
 *
 * @returns one or two forms (never empty for a word with Arabic letters)
 * @example arabicWordForms('ٱلرَّحۡمَٰنِ') // ['الرحمان', 'الرحمن']
 */
export function arabicWordForms(word: string): string[] {
  // Small high yeh writes a yeh that modern spelling has (إبراهيم, النبيين).
  let w = word.replace(/\u06E7/g, '\u064A').replace(ARABIC_MARKS, '');
  if (!w.includes(SUPERSCRIPT_ALEF)) return [foldAlef(w)];
  // Alef maksura + superscript alef is plain alef maksura in modern spelling (على, موسى).
  w = w.replace(/\u0649\u0670/g, '\u0649');
  const withAlef = foldAlef(w.replace(/\u0648\u0670/g, '\u0627').replace(/\u0670/g, '\u0627'));
  const without = foldAlef(w.replace(/\u0670/g, ''));
  return withAlef === without ? [without] : [withAlef, without];
}

/**
 * Normalizes Arabic text for indexing: every word through {@link arabicWordForms}, forms
 * separated by spaces (a word with two spellings contributes both, side by side).
 */
export function normalizeArabic(text: string): string {
  return words(text)
    .flatMap((span) => arabicWordForms(span.word))
    .filter((w) => w.length > 0)
    .join(' ');
}

/** True when `text` contains Arabic letters. */
export function hasArabic(text: string): boolean {
  return /[\u0620-\u064A\u0671-\u06D3\u06FA-\u06FF]/.test(text);
}

// --- Turkish ------------------------------------------------------------------------------

const CIRCUMFLEX: Readonly<Record<string, string>> = { â: 'a', î: 'i', û: 'u' };
const TURKISH_ASCII: Readonly<Record<string, string>> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };

/**
 * Turkish case folding: `toLocaleLowerCase('tr')` (İ → i, I → ı), circumflexes dropped
 * (â → a, î → i, û → u; optional in modern spelling) and apostrophes (which separate a proper
 * noun from its suffix: Allah'ın) turned into spaces.
 *
 * @example foldTurkish('IŞIK') === foldTurkish('ışık') // true
 */
export function foldTurkish(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('tr')
    .replace(/\u0307/g, '')
    .replace(/[âîû]/g, (c) => CIRCUMFLEX[c] ?? c)
    .replace(/['’‘`]/g, ' ');
}

/**
 * The ASCII-folded form of Turkish text already passed through {@link foldTurkish}:
 * ç→c ğ→g ı→i ö→o ş→s ü→u, so that `sabir` finds `sabır`.
 */
export function asciiFoldTurkish(folded: string): string {
  return folded.replace(/[çğıöşü]/g, (c) => TURKISH_ASCII[c] ?? c);
}

// --- English and the rest -----------------------------------------------------------------

/** Lower-cases text (NFC, locale-independent) for languages without special rules. */
export function foldGeneric(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/’/g, "'");
}

// --- Passages -----------------------------------------------------------------------------

/** The indexed forms of a passage: `norm` for the language's configuration, `fold` (Turkish only) for the ASCII-folded `simple` index. */
export interface IndexForms {
  norm: string;
  fold: string;
}

/**
 * The forms of a passage (or of a single word) that are indexed, by passage language:
 * `ar` → {@link normalizeArabic}; `tr` → {@link foldTurkish} plus {@link asciiFoldTurkish};
 * anything else → {@link foldGeneric}. `fold` is empty except for Turkish. The database's
 * `kb_index_tsvector(lang, norm, fold)` turns these into the passage's tsvector.
 */
export function indexForms(lang: string, text: string): IndexForms {
  if (lang === 'ar') return { norm: normalizeArabic(text), fold: '' };
  if (lang === 'tr') {
    const norm = foldTurkish(text);
    return { norm, fold: asciiFoldTurkish(norm) };
  }
  return { norm: foldGeneric(text), fold: '' };
}
