import type { Citation } from '@kb/contracts';

/** A run of an answer's paragraph: plain text, or the `[n]` marker of a known citation. */
export type AnswerSegment = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'marker'; readonly n: number };

/** Quotation marks the answer may put around a quoted passage: opening → closing. */
const QUOTES: readonly (readonly [string, string])[] = [
  ['“', '”'],
  ['"', '"'],
];

/** Paragraphs are separated by a blank line (ARCHITECTURE.md: the extractive text's layout). */
const PARAGRAPH_BREAK = /\n[ \t]*\n\s*/;

const MARKER = /\[(\d+)\]/g;

/**
 * The answer text without the verbatim quotations of its citations' passages, which the cards
 * show: `[1] Quran 2:153: “O you who have believed…”` becomes `[1] Quran 2:153`. Only a
 * quotation of a citation's whole `text` (between “ ” or " "), with the colon and spaces before
 * it, is removed; a partial quotation in the model's own words stays. While the answer streams
 * in, an unfinished quotation at the very end that is the start of a citation's text is removed
 * too, so the passage never flashes in the answer before the cards hold it.
 *
 * @param text the answer text as the server wrote it (never changed by the server for this)
 * @param citations the answer's citations (or those streamed so far)
 * @returns the text to show; equal to `text` when it quotes no passage whole
 */
export function withoutQuotedPassages(text: string, citations: readonly Citation[]): string {
  let shown = text;
  for (const c of citations) {
    if (c.text.length === 0) continue;
    for (const [open, close] of QUOTES) {
      const quoted = `${open}${c.text}${close}`;
      let at = shown.indexOf(quoted);
      while (at !== -1) {
        const start = leadIn(shown, at);
        shown = shown.slice(0, start) + shown.slice(at + quoted.length);
        at = shown.indexOf(quoted, start);
      }
    }
  }
  return withoutUnfinishedQuote(shown, citations);
}

/** Where the ": " before a quotation at `at` begins (or `at` when there is none). */
function leadIn(text: string, at: number): number {
  let start = at;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\u00a0')) start -= 1;
  return start > 0 && text[start - 1] === ':' ? start - 1 : at;
}

/** `text` without a trailing, still open quotation that starts a citation's passage. */
function withoutUnfinishedQuote(text: string, citations: readonly Citation[]): string {
  // Only the typographic pair: a straight quote cannot tell an opening from a closing one.
  const at = text.lastIndexOf('“');
  if (at === -1) return text;
  const rest = text.slice(at + 1);
  if (rest.includes('”')) return text;
  return citations.some((c) => c.text.length > 0 && c.text.startsWith(rest)) ? text.slice(0, leadIn(text, at)).trimEnd() : text;
}

/**
 * The answer as paragraphs of text and citation markers, for display: quoted passages removed
 * ({@link withoutQuotedPassages}), paragraphs split at blank lines, and each `[n]` that names
 * one of `citations` turned into a marker segment. A `[n]` without a matching citation stays
 * text. Blank paragraphs are dropped.
 *
 * @param text the answer text as the server wrote it
 * @param citations the answer's citations (or those streamed so far)
 */
export function answerParagraphs(text: string, citations: readonly Citation[]): AnswerSegment[][] {
  const known = new Set(citations.map((c) => c.n));
  return withoutQuotedPassages(text, citations)
    .split(PARAGRAPH_BREAK)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => {
      const segments: AnswerSegment[] = [];
      let last = 0;
      for (const match of paragraph.matchAll(MARKER)) {
        const n = Number(match[1]);
        if (!known.has(n)) continue;
        if (match.index > last) segments.push({ kind: 'text', text: paragraph.slice(last, match.index) });
        segments.push({ kind: 'marker', n });
        last = match.index + match[0].length;
      }
      if (last < paragraph.length) segments.push({ kind: 'text', text: paragraph.slice(last) });
      return segments;
    });
}

/**
 * The number a verse reference ends with, shown between joined verses: `2:153` → `153`,
 * `John 3:16` → `16`; the whole reference when it has no `:`.
 */
export function verseNumber(ref: string): string {
  return ref.slice(ref.lastIndexOf(':') + 1);
}
