import { readVerses, SHIPPED_IMPORTS } from '../corpus/catalog.js';
import { englishBaseForms, englishStem } from '../languages/english.js';
import { loadEnglishVectors, type EnglishVectors } from './vectors.js';

/**
 * Whether an English word belongs to a source's own language or only turns up in it (issue 19's
 * off-topic questions): "flat" (a flat nose), "get" and "stop" occur in the KJV, yet far less
 * often than in everyday English, so a verse sharing only such words with "How do I change a
 * flat tire?" relates to nothing the question asks. The word's share of the source's English
 * text (Saheeh International's Quran, the KJV; every inflection counted, `englishStem`) is
 * compared with its share of everyday English, estimated from its rank in GloVe's vocabulary
 * (`lexicon/vectors.ts`, most frequent first) by Zipf's law: the word of rank r (from 1) makes
 * about {@link ZIPF_CONSTANT} / r of English text. Past the table's ~58,800 common words the
 * rank is the table's, lower than GloVe's, which only errs for words the source itself rarely uses.
 */

/** Zipf's constant for English: the word of rank r makes about 0.1 / r of running text. */
export const ZIPF_CONSTANT = 0.1;
/**
 * A word whose share of the source's text is below this fraction of its share of everyday
 * English is incidental to the source (flat, tire, stop, biting in the KJV: 2 to 20 times
 * rarer there); docs/evaluation.md has the dev sets' figures at other values.
 */
export const INCIDENTAL_RATIO = 0.5;

/** Word counts of one source's English text, by `englishStem`. */
interface SourceCounts {
  stems: Map<string, number>;
  /** Words of the text in all. */
  total: number;
}

const counts = new Map<string, SourceCounts | null>();

/** The counts of a source's English text, read once (~0.2 s for the KJV), or null when it has none. */
function sourceCounts(source: string): SourceCounts | null {
  const cached = counts.get(source);
  if (cached !== undefined) return cached;
  const entries = SHIPPED_IMPORTS.filter((e) => e.source === source && e.lang === 'en');
  let result: SourceCounts | null = null;
  if (entries.length > 0) {
    const stems = new Map<string, number>();
    let total = 0;
    for (const entry of entries) {
      for (const verse of readVerses(entry)) {
        for (const w of verse.text.toLowerCase().match(/[a-z]+/g) ?? []) {
          const stem = englishStem(w);
          stems.set(stem, (stems.get(stem) ?? 0) + 1);
          total++;
        }
      }
    }
    result = { stems, total };
  }
  counts.set(source, result);
  return result;
}

/**
 * Whether an English query word is incidental to a source: it occurs in the source's English
 * text, but less than {@link INCIDENTAL_RATIO} as often as in everyday English. False for a word
 * the text never uses (it matches through related words only, which are the text's own), a
 * word GloVe's table lacks, several words, and a source without English text.
 *
 * @param word a query word as typed (any case)
 * @param source a catalog source id (`quran`, `bible`)
 * @param vectors the English vectors giving the everyday ranks (default: the shipped table)
 */
export function incidentalWord(word: string, source: string, vectors: EnglishVectors = loadEnglishVectors()): boolean {
  const lower = word.toLowerCase();
  if (!/^[a-z]+$/.test(lower)) return false;
  const text = sourceCounts(source);
  const n = text?.stems.get(englishStem(lower)) ?? 0;
  if (!text || n === 0) return false;
  const ranks = [lower, ...englishBaseForms(lower)].map((f) => vectors.rank(f)).filter((r): r is number => r !== undefined);
  if (ranks.length === 0) return false;
  const everyday = ZIPF_CONSTANT / (Math.min(...ranks) + 1);
  return n / text.total < INCIDENTAL_RATIO * everyday;
}

/** Reads the English sources' counts now, so that a server's first questions do not pay for it. */
export function warmUpDomain(): void {
  for (const entry of SHIPPED_IMPORTS) if (entry.lang === 'en') sourceCounts(entry.source);
}
