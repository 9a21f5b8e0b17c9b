import { describe, expect, it } from '@jest/globals';
import type { Citation } from '@kb/contracts';
import { answerParagraphs, verseNumber, withoutQuotedPassages } from './answerParts';

function citation(n: number, ref: string, text: string): Citation {
  return { n, source: 'quran', ref, lang: 'en', text, translator: 'Saheeh International' };
}

const PATIENCE = 'O you who have believed, seek help through patience and prayer.';
const PRAYER = 'And establish prayer and give zakah.';
const citations = [citation(1, '2:153', PATIENCE), citation(2, '2:43', PRAYER)];

/** The extractive text exactly as the server writes it (service.ts `extractiveText`). */
const extractive =
  'Here is what I found in the Quran on your question (Saheeh International); the passages are quoted exactly:\n\n' +
  `[1] Quran 2:153: “${PATIENCE}”\n\n` +
  `[2] Quran 2:43: “${PRAYER}”`;

describe('withoutQuotedPassages', () => {
  it('leaves each passage to its card: the marker and reference stay, the quotation goes', () => {
    expect(withoutQuotedPassages(extractive, citations)).toBe(
      'Here is what I found in the Quran on your question (Saheeh International); the passages are quoted exactly:\n\n' +
        '[1] Quran 2:153\n\n' +
        '[2] Quran 2:43',
    );
  });

  it('keeps a partial quotation in a generated answer, and text that quotes nothing', () => {
    const generated = 'Seek help “through patience and prayer” [1], and give zakah [2].';
    expect(withoutQuotedPassages(generated, citations)).toBe(generated);
  });

  it('removes a whole passage a generated answer quotes between straight quotes', () => {
    expect(withoutQuotedPassages(`The Quran says: "${PRAYER}" [2]`, citations)).toBe('The Quran says [2]');
  });

  it('while streaming, drops an unfinished quotation that begins a passage, and an opening mark alone', () => {
    expect(withoutQuotedPassages('Intro:\n\n[1] Quran 2:153: “O you who have bel', citations)).toBe('Intro:\n\n[1] Quran 2:153');
    expect(withoutQuotedPassages('Intro:\n\n[1] Quran 2:153: “', citations)).toBe('Intro:\n\n[1] Quran 2:153');
    expect(withoutQuotedPassages('He said “something else', citations)).toBe('He said “something else');
  });
});

describe('answerParagraphs', () => {
  it('splits at blank lines and turns known [n] into markers', () => {
    expect(answerParagraphs(extractive, citations)).toEqual([
      [
        {
          kind: 'text',
          text: 'Here is what I found in the Quran on your question (Saheeh International); the passages are quoted exactly:',
        },
      ],
      [{ kind: 'marker', n: 1 }, { kind: 'text', text: ' Quran 2:153' }],
      [{ kind: 'marker', n: 2 }, { kind: 'text', text: ' Quran 2:43' }],
    ]);
  });

  it('keeps an unknown [n] as text, in place', () => {
    expect(answerParagraphs('Patience [1] and [7].', citations)).toEqual([
      [
        { kind: 'text', text: 'Patience ' },
        { kind: 'marker', n: 1 },
        { kind: 'text', text: ' and [7].' },
      ],
    ]);
  });
});

describe('verseNumber', () => {
  it('is the number after the last colon', () => {
    expect(verseNumber('2:153')).toBe('153');
    expect(verseNumber('John 3:16')).toBe('16');
    expect(verseNumber('Preface')).toBe('Preface');
  });
});
