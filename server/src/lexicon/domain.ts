import fs from 'node:fs';
import path from 'node:path';
import { importFile, readVerses, SHIPPED_IMPORTS } from '../corpus/catalog.js';
import { englishBaseForms, englishStem } from '../languages/english.js';
import { PREPARED_DATA_DIR, preparedKey, readPrepared, serverCodeHash, writePrepared } from '../prepared-data.js';
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

/** The build's word counts (`node dist/cli/prepare-data.js`): `server/dist/prepared-data/domain-counts.json`. */
export const DOMAIN_COUNTS_FILE = path.join(PREPARED_DATA_DIR, 'domain-counts.json');

/** {@link DomainCounts} as plain JSON: per source, its total and `[stem, count]` pairs. */
type StoredCounts = Record<string, { total: number; stems: [string, number][] }>;

/** The English sources' word counts, by source id (a source without English text is absent). */
export type DomainCounts = ReadonlyMap<string, SourceCounts>;

const englishImports = (): typeof SHIPPED_IMPORTS => SHIPPED_IMPORTS.filter((e) => e.lang === 'en');

/**
 * Counts every English source's words (`englishStem`) from its package files: reading and
 * stemming the KJV and the English Quran, about 1 s of a start's CPU.
 *
 * @throws when a package file is missing or unreadable
 */
export function computeDomainCounts(): DomainCounts {
  const result = new Map<string, SourceCounts>();
  for (const entry of englishImports()) {
    const counted = result.get(entry.source) ?? { stems: new Map<string, number>(), total: 0 };
    for (const verse of readVerses(entry)) {
      for (const w of verse.text.toLowerCase().match(/[a-z]+/g) ?? []) {
        const stem = englishStem(w);
        counted.stems.set(stem, (counted.stems.get(stem) ?? 0) + 1);
        counted.total++;
      }
    }
    result.set(entry.source, counted);
  }
  return result;
}

/** What the counts depend on: the English imports' package files and the code that stems them. */
function countsKey(): string {
  return preparedKey(serverCodeHash(), ...englishImports().flatMap((e) => [`${e.id}\0${e.source}`, fs.readFileSync(importFile(e))]));
}

/**
 * Computes the counts ({@link computeDomainCounts}) and writes them to `file` with the key of
 * their inputs (`prepared-data.ts`).
 *
 * @returns the file's size (bytes)
 * @throws when a package file cannot be read, or the file system's error
 */
export function writeDomainCounts(file: string = DOMAIN_COUNTS_FILE): number {
  const stored: StoredCounts = {};
  for (const [source, c] of computeDomainCounts()) stored[source] = { total: c.total, stems: [...c.stems] };
  return writePrepared(file, countsKey(), stored);
}

/**
 * The English sources' word counts: read from `file` when it was computed from the same package
 * files and code (tens of ms), otherwise computed now ({@link computeDomainCounts}; the same counts).
 *
 * @returns the counts and where they came from (`file`: read; `built`: no usable file)
 * @throws when a package file cannot be read
 */
export function domainCountsFor(file: string = DOMAIN_COUNTS_FILE): { counts: DomainCounts; from: 'file' | 'built' } {
  const stored = readPrepared<StoredCounts>(file, countsKey());
  if (stored !== undefined) {
    try {
      const counts = new Map(Object.entries(stored).map(([source, c]) => [source, { total: c.total, stems: new Map(c.stems) }]));
      if ([...counts.values()].every((c) => Number.isInteger(c.total))) return { counts, from: 'file' };
    } catch {
      // A file of the right key but not of this shape (damaged by hand): compute the counts.
    }
  }
  return { counts: computeDomainCounts(), from: 'built' };
}

let counts: DomainCounts | undefined;

/** The counts of a source's English text (read once per process), or null when it has none. */
function sourceCounts(source: string): SourceCounts | null {
  counts ??= domainCountsFor().counts;
  return counts.get(source) ?? null;
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

/**
 * How often a word occurs in a source's English text, every inflection counted (`englishStem`:
 * "love" counts "loved", "loveth"); undefined for a source without English text.
 *
 * @param word one English word, any case
 * @param source a catalog source id (`quran`, `bible`)
 */
export function sourceWordCount(word: string, source: string): number | undefined {
  const text = sourceCounts(source);
  return text ? (text.stems.get(englishStem(word.toLowerCase())) ?? 0) : undefined;
}

/** Reads the English sources' counts now, so that a server's first questions do not pay for it. */
export function warmUpDomain(): void {
  counts ??= domainCountsFor().counts;
}
