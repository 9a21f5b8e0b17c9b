import { WORD } from './generic.js';

/**
 * Arabic text rules, written once for indexing (`corpus/normalize.ts`), query building
 * (`retrieval/query.ts`), concept detection (`concepts/detect.ts`) and attestation
 * (`concepts/attest.ts`): normalization of the Uthmani script to modern spelling, the keys
 * detection compares, and the words that are never query terms. Pure functions, no I/O.
 */

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
  return [...text.matchAll(WORD)]
    .flatMap((m) => arabicWordForms(m[0]))
    .filter((w) => w.length > 0)
    .join(' ');
}

/** True when `text` contains Arabic letters. */
export function hasArabic(text: string): boolean {
  return /[\u0620-\u064A\u0671-\u06D3\u06FA-\u06FF]/.test(text);
}

/**
 * The keys concept detection compares an Arabic word by: its bare forms ({@link arabicWordForms},
 * then ة → ه and ى → ي, which spellers mix up), each with and without the article and a
 * one-letter proclitic (`وال`, `بال`, `كال`, `فال`, `لل`, 2+ letters left). A query word may also
 * drop a leading و or ف (and, then) first; a glossary name is taken as written.
 *
 * @param query true for a query's word, false for a glossary wording's
 */
export function arabicMatchKeys(word: string, query: boolean): string[] {
  const keys = new Set<string>();
  for (const form of arabicWordForms(word)) {
    const bare = form.replace(/\u0629/g, '\u0647').replace(/\u0649/g, '\u064A');
    if (bare.length === 0) continue;
    keys.add(bare);
    const heads = query && /^[\u0648\u0641]/.test(bare) && bare.length > 3 ? [bare, bare.slice(1)] : [bare];
    for (const h of heads) {
      keys.add(h);
      const m = /^(?:[\u0628\u0643\u0641\u0648]?\u0627\u0644|\u0644\u0644)(.{2,})$/.exec(h);
      if (m?.[1]) keys.add(m[1]);
    }
  }
  return [...keys];
}

/**
 * A normalized Arabic name without its article (`الصلاة` → `صلاة`), for finding it inside a
 * passage's words whatever proclitic they carry (attestation candidates search by substring,
 * so only the article, not {@link arabicMatchKeys}' proclitics, is dropped).
 */
export function withoutArabicArticle(form: string): string {
  return form.replace(/^ال/, '');
}

/**
 * Normalized Arabic words that are never query terms: function words and the words of how a
 * question about the Quran is framed (query side only, as `ENGLISH_STOPWORDS` in `english.ts`).
 * PostgreSQL's `arabic` configuration has no stopwords, so the list is our own.
 */
export const ARABIC_STOPWORDS: ReadonlySet<string> = new Set(
  `من في على الى عن ما ماذا لماذا كيف متى اين هل هو هي هم هما هن انا انت انتم نحن ذلك تلك هذا
هذه هؤلاء التي الذي الذين اللذين اللتين ان او ام ثم لا لم لن قد كان كانت يكون كل بعض غير بين حتى اذا
اذ لو لكن بل مع عند لدى منذ حول يقول تقول قال قالت القران القرءان الكريم اية ايات الاية الايات سورة
الاسلام`
    .split(/\s+/)
    .filter(Boolean),
);

/** Arabic function words concept detection skips inside a phrase (normalized). */
export const ARABIC_PHRASE_FUNCTION_WORDS: readonly string[] = ['في', 'من', 'على', 'الى', 'عن', 'و'];
