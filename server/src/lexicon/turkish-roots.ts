/**
 * Candidate roots of Turkish words, from the shipped table `server/data/lexicon/tr-roots.tsv`.
 *
 * The table was made offline by `server/scripts/build-tr-morphology.mjs` with the Turkish
 * morphological analyser of Starlang / nlptoolkit (Olcay Taner Yıldız, Begüm Avar, Gökhan
 * Ercan; `nlptoolkit-morphologicalanalysis` 1.0.20). It holds every word of Diyanet's
 * translation, the analyser's treebank words and lexicon lemmas, and the common inflections of
 * the 3,000 most frequent roots: 298,948 forms. Data licence CC BY-SA 4.0, with
 * attribution (`server/data/lexicon/LICENSE-tr.md`); the analyser itself is never loaded here.
 *
 * File shape: UTF-8 lines; `#` lines describe the table; every other line is
 * `form<TAB>root root …` (roots most plausible first) or just `form` when the form's only root
 * is itself. Forms and roots are folded as {@link foldTurkish} folds them and lines sorted, so
 * a lookup is a binary search over the file's bytes kept in memory, undecoded (6.4 MB outside
 * the JS heap plus 4 bytes a line; read once, on the first lookup, in ≈ 30 ms).
 */
import fs from 'node:fs';
import path from 'node:path';
import { foldTurkish } from '../languages/turkish.js';

/** The shipped table: `server/data/lexicon/tr-roots.tsv`. */
export const TURKISH_ROOTS_FILE = path.resolve(__dirname, '..', '..', 'data', 'lexicon', 'tr-roots.tsv');

interface RootsTable {
  /** The file's UTF-8 bytes: kept undecoded (decoding is most of the cost of loading). */
  bytes: Buffer;
  /** Byte offset of each form line, in file order (sorted: UTF-8 byte order is code point order). */
  starts: Int32Array;
  count: number;
}

const NEWLINE = 0x0a;
const TAB = 0x09;
const HASH = 0x23;
const tables = new Map<string, RootsTable>();

function load(file: string): RootsTable {
  const cached = tables.get(file);
  if (cached) return cached;
  const bytes = fs.readFileSync(file);
  let lines = 1;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) lines++;
  const starts = new Int32Array(lines);
  let count = 0;
  for (let at = 0; at < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, at);
    if (end < 0) end = bytes.length;
    if (end > at && bytes[at] !== HASH) starts[count++] = at;
    at = end + 1;
  }
  const table = { bytes, starts, count };
  tables.set(file, table);
  return table;
}

/**
 * Candidate roots of one Turkish word, most plausible first (fewest derivations, then the
 * commoner root): `çalındı` → `['çal', 'çalı', 'çalın']`, `misafirlerimize` → `['misafir']`,
 * `kalblerini` (old spelling) → `['kalp']`. Roots are folded like the index (`foldTurkish`:
 * lower case the Turkish way, no circumflexes); a verb's root is its stem (`çal`, not `çalmak`).
 *
 * @param word one word, in any case, with or without circumflexes (it is folded here)
 * @param file the table (default {@link TURKISH_ROOTS_FILE}); read once per file and cached
 * @returns the roots, or `[]` when the table does not know the word: callers then fall back
 *   to the rule-based stems of `languages/`
 * @throws the file system's error when the table cannot be read
 */
export function turkishRoots(word: string, file: string = TURKISH_ROOTS_FILE): string[] {
  const key = foldTurkish(word).trim();
  if (key === '' || key.includes(' ')) return [];
  const { bytes, starts, count } = load(file);
  const wanted = Buffer.from(key, 'utf8');
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = starts[mid] ?? 0;
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    const tab = bytes.indexOf(TAB, start);
    const formEnd = tab >= 0 && tab < end ? tab : end;
    const order = bytes.compare(wanted, 0, wanted.length, start, formEnd);
    if (order === 0) return formEnd === end ? [key] : bytes.toString('utf8', formEnd + 1, end).split(' ');
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return [];
}
