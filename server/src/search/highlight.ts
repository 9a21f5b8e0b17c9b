import type { WordSpan } from '../corpus/normalize.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes `& < > " '` so the text can be inserted as HTML (element content or attribute value). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * The text as HTML with the given words wrapped in `<mark>…</mark>` and everything else
 * escaped, so the result is safe to insert as HTML.
 *
 * @param marked spans of `text` (UTF-16 offsets), in any order, not overlapping
 */
export function highlight(text: string, marked: readonly WordSpan[]): string {
  const spans = [...marked].sort((a, b) => a.start - b.start);
  let html = '';
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    html += `${escapeHtml(text.slice(at, span.start))}<mark>${escapeHtml(text.slice(span.start, span.end))}</mark>`;
    at = span.end;
  }
  return html + escapeHtml(text.slice(at));
}
