import { format, type Answer, type Lang } from '@kb/contracts';
import { withoutQuotedPassages } from './answerParts';
import type { FrameText } from './messages';
import { sourceName } from './sourceNames';

/**
 * Copies `text` to the clipboard: with the asynchronous Clipboard API where the browser
 * offers it and allows it, else with a temporary off-screen `<textarea>` and
 * `document.execCommand('copy')` (older browsers, or a frame the Clipboard API is denied in).
 * Keyboard focus goes back where it was.
 *
 * @param text what to copy, as plain text
 * @returns `true` when one of the two ways reported success; never throws
 */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Denied (permissions policy, no user activation): try the old way.
    }
  }
  return copyWithTextarea(text);
}

function copyWithTextarea(text: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.insetInlineStart = '-9999px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  previous?.focus();
  return copied;
}

/**
 * An answer as plain text for the clipboard: the answer with its `[n]` markers (a passage it
 * quotes whole left to its citation, as on screen, so each verse is copied once), then each
 * citation (number, source name in `lang`, verse reference, translator, the quoted text, and
 * its reading page as an absolute URL when it has one), under "Sources" — or, for related
 * passages, under the label saying they are not a direct answer.
 *
 * @param answer the final answer object
 * @param lang the visitor's language (source names and labels)
 * @param t the frame's texts in `lang`
 * @param origin resolves site-relative reading-page URLs (`window.location.origin`)
 */
export function answerAsText(answer: Answer, lang: Lang, t: FrameText, origin: string): string {
  const lines = [withoutQuotedPassages(answer.answer, answer.citations)];
  if (answer.citations.length > 0) {
    lines.push('', `${answer.related ? t.relatedSources : t.sources}:`);
    for (const c of answer.citations) {
      lines.push(`[${c.n}] ${sourceName(c.source, lang)} ${c.ref} (${format(t.translator, { name: c.translator })})`);
      lines.push(c.text);
      if (c.url !== undefined) {
        try {
          lines.push(new URL(c.url, origin).href);
        } catch {
          // A URL that does not parse is left out rather than copied half-way.
        }
      }
    }
  }
  return lines.join('\n');
}
