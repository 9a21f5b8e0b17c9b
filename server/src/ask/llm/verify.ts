import type { Citation } from '@kb/contracts';

/** Why a generated answer was rejected (for the log; never shown to the visitor). */
export type Rejection = 'empty' | 'no-citation' | 'unknown-citation' | 'misquote';

function squash(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Quotations in a text: what stands between “ ”, « », or straight double quotes. */
export function quotations(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/“([^”]+)”|«([^»]+)»|"([^"]+)"/g)) {
    const q = m[1] ?? m[2] ?? m[3];
    if (q !== undefined && q.trim().length > 0) found.push(q);
  }
  return found;
}

/**
 * Checks a model's answer against the passages it was given: it must cite at least one
 * passage, every `[n]` must be one of the citations, and every quotation must appear word for
 * word (spacing aside; a trailing `...`/`…` ellipsis allowed) in one of the cited passages.
 *
 * @returns undefined when the answer may be shown, else why not
 */
export function checkGenerated(answer: string, citations: readonly Citation[]): Rejection | undefined {
  if (answer.trim() === '') return 'empty';
  const markers = [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  if (markers.length === 0) return 'no-citation';
  const numbers = new Set(citations.map((c) => c.n));
  if (markers.some((n) => !numbers.has(n))) return 'unknown-citation';
  const texts = citations.map((c) => squash(c.text));
  for (const quote of quotations(answer)) {
    const q = squash(quote).replace(/^(?:\.\.\.|…)\s*|\s*(?:\.\.\.|…)$/g, '');
    if (q.length > 0 && !texts.some((t) => t.includes(q))) return 'misquote';
  }
  return undefined;
}
