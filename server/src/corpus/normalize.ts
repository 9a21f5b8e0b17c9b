import { normalizeArabic } from '../languages/arabic.js';
import { foldGeneric, WORD } from '../languages/generic.js';
import { asciiFoldTurkish, foldTurkish } from '../languages/turkish.js';

/**
 * The indexing entry: the forms of a passage that are indexed (`norm`, `fold`) and its words
 * with their offsets. A passage's text is stored exactly as shipped; each language's folding
 * (`languages/`) produces the forms, and the same functions give a query's words, so that both
 * sides meet. Pure functions, no I/O.
 */

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

/** The indexed forms of a passage: `norm` for the language's configuration, `fold` (Turkish only) for the ASCII-folded `simple` index. */
export interface IndexForms {
  norm: string;
  fold: string;
}

/**
 * The forms of a passage (or of a single word) that are indexed, by passage language:
 * `ar` → `normalizeArabic`; `tr` → `foldTurkish` plus `asciiFoldTurkish`; anything else →
 * `foldGeneric` (`languages/arabic.ts`, `turkish.ts`, `generic.ts`). `fold` is empty except for
 * Turkish. The database's `kb_index_tsvector(lang, norm, fold)` turns these into the passage's
 * tsvector.
 */
export function indexForms(lang: string, text: string): IndexForms {
  if (lang === 'ar') return { norm: normalizeArabic(text), fold: '' };
  if (lang === 'tr') {
    const norm = foldTurkish(text);
    return { norm, fold: asciiFoldTurkish(norm) };
  }
  return { norm: foldGeneric(text), fold: '' };
}
