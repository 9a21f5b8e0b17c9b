/**
 * Text rules that hold for every language: what a word is, and folding for languages without
 * rules of their own. Pure functions, no I/O. The rules of one language live in its own module
 * (`english.ts`, `turkish.ts`, `arabic.ts`).
 */

/** Letters, combining marks and digits: what a word is made of, in every script we index. */
export const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * A word as a visitor types it: {@link WORD}s joined by apostrophes count as one (`Musa'nın`,
 * `Kur'an`, `Noah's`), so each language decides what the apostrophe means. Use with `matchAll`.
 */
export const TYPED_WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** Lower-cases text (NFC, locale-independent) for languages without special rules; a typographic apostrophe becomes `'`. */
export function foldGeneric(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/’/g, "'");
}

/**
 * Drops diacritics: NFKD, then every combining mark removed (`Mûsâ` → `Musa`, `é` → `e`).
 * Arabic text loses its tashkeel too; Arabic words go through `arabicWordForms` instead.
 */
export function stripMarks(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}
