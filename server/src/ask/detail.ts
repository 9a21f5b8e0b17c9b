import type { Lang } from '@kb/contracts';
import { ENGLISH_NUMBER_WORDS, englishDetailAsked } from '../languages/english.js';
import { foldTurkishAscii, TURKISH_NUMBER_WORDS, turkishDetailAsked } from '../languages/turkish.js';

/**
 * Questions that ask for one detail — a number (how many, how old, what year; kaç) or a name
 * (what was the name of, which city; adı ne, hangi şehir) — are answered only by a passage
 * that states such a detail. The story's verses share a question's words ("What was the name
 * of Noah's wife?" matches the verses about her), so by coverage alone they pass for an
 * answer; a passage with no number, or no name the question does not already hold, is offered
 * as related instead (docs/evaluation.md, "Detail questions").
 */

/** What kind of detail a question asks for, in its own language; undefined when it asks none. */
export function detailAsked(question: string, lang: Lang): 'number' | 'name' | undefined {
  return lang === 'tr' ? turkishDetailAsked(question) : englishDetailAsked(question);
}

/**
 * Capitalized words that name no one in particular: the translations capitalize them throughout
 * (Saheeh International also the divine attributes: "Allah is Knowing and Wise").
 */
const GENERIC = new Set(
  `god lord allah i o messenger prophet book hereafter day hell paradise fire garden spirit holy ghost
knowing wise merciful forgiving hearing seeing aware powerful exalted mighty praiseworthy acquainted
gracious generous sufficient subtle forbearing appreciative witness great high most all self firm
rab rabb rabbin rabbim rabbimiz kur kitap resul peygamber cennet cehennem ahiret gun ruh`
    .split(/\s+/)
    .filter(Boolean),
);

const fold = (word: string): string => foldTurkishAscii(word.toLocaleLowerCase('tr')).replace(/['’].*$/, '');

/**
 * Whether a passage states a detail of the kind asked: a number (digits or a number word), or a
 * capitalized word inside a sentence that is neither generic nor one of the question's own
 * words (compared on their first four letters, so Turkish suffixes do not hide them).
 *
 * @param text the passage as quoted
 * @param question the question as typed
 */
export function detailGiven(kind: 'number' | 'name', text: string, question: string): boolean {
  if (kind === 'number') {
    if (/\d/.test(text)) return true;
    return (text.match(/[\p{L}]+/gu) ?? []).some((w) => {
      const f = fold(w);
      return ENGLISH_NUMBER_WORDS.has(f) || TURKISH_NUMBER_WORDS.has(f);
    });
  }
  const asked = new Set((question.match(/[\p{L}'’]+/gu) ?? []).map((w) => fold(w).slice(0, 4)));
  for (const m of text.matchAll(/[\p{L}'’]+/gu)) {
    const word = m[0];
    if (!/^\p{Lu}/u.test(word)) continue;
    const before = text.slice(0, m.index).trimEnd();
    if (before === '' || /[.!?:;"“‘([]$/.test(before)) continue;
    const f = fold(word);
    if (f.length < 3 || GENERIC.has(f) || asked.has(f.slice(0, 4))) continue;
    return true;
  }
  return false;
}
