#!/usr/bin/env node
/**
 * Writes `server/data/lexicon/tr-roots.tsv`: Turkish surface form → candidate roots, from the
 * Turkish morphological analyser of Starlang / nlptoolkit (Olcay Taner Yıldız et al.),
 * `nlptoolkit-morphologicalanalysis@1.0.20`. Offline only: the package (code GPL-3.0, lexicon
 * CC BY-SA 4.0, whatever its package.json says) is installed into a scratch folder and run from
 * its own folder (it opens its data files by relative paths); it never becomes a dependency and
 * the server never imports it. The table it writes is shipped under CC BY-SA 4.0 with
 * attribution (`server/data/lexicon/LICENSE-tr.md`).
 *
 *   nice -n 10 node server/scripts/build-tr-morphology.mjs [--out FILE] [--scratch DIR]
 *     [--roots 3000] [--verb-patterns 60]
 *
 * Forms analysed (each tokenized and folded as the server folds Turkish text:
 * `server/src/languages/turkish.ts` `foldTurkish`, apostrophes separate words):
 *  - every distinct word of Diyanet's translation (quran-json `dist/quran_tr.json`);
 *  - common Turkish query words, taken from the analyser's own package, never from any eval
 *    set: every distinct word of its disambiguated treebank (`penntreebank.txt`, 170k tokens of
 *    modern Turkish), and every single-word lemma of its lexicon (`turkish_dictionary.txt`) with
 *    a verb's infinitive (-mak/-mek);
 *  - inflections of the 3,000 most frequent open-class roots (gold roots of the treebank plus
 *    Diyanet's words; a root met about 5 times or more), from the analyser's own meta-suffix
 *    lists: a noun's full plural × possessive × case paradigm (79 patterns), a verb's 60
 *    patterns most frequent in the treebank (also in the passive), each form kept only when the
 *    analyser parses it with that root: misafirlerimize → misafir, çalındı → çal. That cap
 *    keeps the table near 300,000 forms; all inflections of every root would be millions.
 *    --roots and --verb-patterns change it.
 *
 * A word the analyser cannot parse as written is tried, in this order, folded (circumflexes
 * dropped), capitalized (proper nouns: Allah, Musa), with one old-spelling voiced consonant
 * devoiced (kalb → kalp, azab → azap), and with the analyser's robust analysis; the first that
 * parses gives the roots. Roots are folded with `foldTurkish` too.
 *
 * Order of a form's roots (most plausible first): fewest derivational boundaries in the root's
 * best parse (the copular zero derivation `^DB+VERB+ZERO` does not count, so the lexicon's own
 * entry for a lexicalised word comes first: hırsızlık → hırsızlık, hırsız, hır); then the
 * root's frequency as a gold root in the analyser's treebank; then the number of Diyanet words
 * having it as a candidate root; then the longer root; then alphabetical.
 *
 * Output: UTF-8 text, `#` lines first (attribution, licence, counts), then one form a line,
 * sorted: `form<TAB>root root …`, or the form alone when its only root is itself. Forms
 * without any parse are left out. Prints coverage figures as JSON.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installScratchPackage } from './lib/scratch-package.mjs';

const PACKAGE = 'nlptoolkit-morphologicalanalysis';
const VERSION = '1.0.20';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(root, 'server', 'data', 'lexicon', 'tr-roots.tsv') },
    scratch: { type: 'string', default: path.join(os.tmpdir(), 'kb-nlptoolkit') },
    roots: { type: 'string', default: '3000' },
    'verb-patterns': { type: 'string', default: '60' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`Usage: nice -n 10 node server/scripts/build-tr-morphology.mjs [--out FILE] [--scratch DIR]
         [--roots 3000] [--verb-patterns 60]

Installs ${PACKAGE}@${VERSION} into DIR (default ${path.join(os.tmpdir(), 'kb-nlptoolkit')}; npm, no save),
analyses Diyanet's Turkish words plus the analyser's own treebank words, lemmas and the
inflections of the most frequent roots, and
writes surface form -> candidate roots to FILE (default server/data/lexicon/tr-roots.tsv).`);
  process.exit(0);
}

// --- the server's Turkish folding (server/src/languages/turkish.ts), repeated here ----------
const CIRCUMFLEX = { â: 'a', î: 'i', û: 'u' };
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Lower-cases the Turkish way and keeps circumflexes; apostrophes separate words. */
const lowerTr = (text) => text.normalize('NFC').toLocaleLowerCase('tr').replace(/\u0307/g, '').replace(/['’‘`]/g, ' ');
/** `foldTurkish` of the server. */
const foldTr = (text) => lowerTr(text).replace(/[âîû]/g, (c) => CIRCUMFLEX[c] ?? c);
const LETTERS = /^\p{L}+$/u;
/** Words of `text` as the analyser should see them (lower case, circumflexes kept). */
const tokens = (text) => [...lowerTr(text).matchAll(WORD)].map((m) => m[0]).filter((w) => LETTERS.test(w));

// --- install and load the analyser ----------------------------------------------------------
function install(scratch) {
  return installScratchPackage(scratch, PACKAGE, VERSION);
}

const pkgDir = install(path.resolve(args.scratch));
const out = path.resolve(args.out);
const requireHere = createRequire(import.meta.url);
const quranTr = requireHere.resolve('quran-json/dist/quran_tr.json');
const quranJsonVersion = JSON.parse(fs.readFileSync(path.join(path.dirname(quranTr), '..', 'package.json'), 'utf8')).version;
// The analyser opens suffixes.txt, turkish_dictionary.txt … relative to the current folder.
process.chdir(pkgDir);
const requirePkg = createRequire(path.join(pkgDir, 'package.json'));
const { FsmMorphologicalAnalyzer } = requirePkg(`${PACKAGE}/dist/MorphologicalAnalysis/FsmMorphologicalAnalyzer`);
const started = Date.now();
const fsm = new FsmMorphologicalAnalyzer();

// --- the words ------------------------------------------------------------------------------
/** folded form → the spellings met (lower case, circumflexes kept), with Diyanet token counts. */
const diyanet = new Map();
const diyanetSpelling = new Map();
for (const surah of JSON.parse(fs.readFileSync(quranTr, 'utf8'))) {
  for (const verse of surah.verses) {
    for (const w of tokens(verse.translation)) {
      const key = foldTr(w);
      diyanet.set(key, (diyanet.get(key) ?? 0) + 1);
      if (!diyanetSpelling.has(key)) diyanetSpelling.set(key, new Set());
      diyanetSpelling.get(key).add(w);
    }
  }
}

/** Treebank words (folded → spellings) and gold-root frequencies. */
const treebankForms = new Map();
const goldRootFreq = new Map();
for (const line of fs.readFileSync('penntreebank.txt', 'utf8').split('\n')) {
  const [surface, parse] = line.split('\t');
  if (!surface || !parse || surface.startsWith('<')) continue;
  for (const w of tokens(surface)) {
    const key = foldTr(w);
    if (!treebankForms.has(key)) treebankForms.set(key, new Set());
    treebankForms.get(key).add(w);
  }
  const gold = foldTr(parse.split('+')[0]);
  if (LETTERS.test(gold)) goldRootFreq.set(gold, (goldRootFreq.get(gold) ?? 0) + 1);
}

/** Lexicon lemmas, with a verb's infinitive; the open-class roots (noun, adjective, verb). */
const lemmaForms = new Map();
const rootFlags = new Map();
const nounRoots = new Set();
const verbRoots = new Set();
const BACK = /[aıou][^aeıioöuü]*$/;
for (const line of fs.readFileSync('turkish_dictionary.txt', 'utf8').split('\n')) {
  const [lemma, ...flags] = line.trim().split(/\s+/);
  if (!lemma || flags.includes('IS_HEADER') || !LETTERS.test(lemma)) continue;
  const lower = lowerTr(lemma);
  rootFlags.set(lower, new Set(flags));
  if (flags.includes('CL_ISIM') || flags.includes('IS_ADJ')) nounRoots.add(lower);
  if (flags.includes('CL_FIIL')) verbRoots.add(lower);
  const forms = [lower];
  if (flags.includes('CL_FIIL')) forms.push(lower + (BACK.test(foldTr(lower)) ? 'mak' : 'mek'));
  for (const w of forms) {
    const key = foldTr(w);
    if (!lemmaForms.has(key)) lemmaForms.set(key, new Set());
    lemmaForms.get(key).add(w);
  }
}

// --- analysis -------------------------------------------------------------------------------
const DEVOICE = { b: 'p', c: 'ç', d: 't', g: 'k' };
const VOWEL = /[aâeıiîoöuüû]/;

/** Spellings to try for a word the analyser does not parse as written, in order. */
function variants(spelling) {
  const folded = foldTr(spelling);
  const out = [spelling, folded, folded.charAt(0).toLocaleUpperCase('tr') + folded.slice(1)];
  // Old spelling keeps a voiced final consonant before a consonant or at the end (kalbleri).
  for (let i = 1; i < folded.length; i++) {
    const c = folded[i];
    const next = folded[i + 1];
    if (!DEVOICE[c] || (next !== undefined && VOWEL.test(next))) continue;
    // A suffix after the devoiced consonant devoices too (azabdan → azaptan).
    const after = folded.slice(i + 1).replace(/^[dc]/, (d) => DEVOICE[d]);
    out.push(folded.slice(0, i) + DEVOICE[c] + after);
  }
  return out;
}

const derivations = (parse) => (parse.match(/\^DB/g) ?? []).length - (parse.match(/\^DB\+VERB\+ZERO/g) ?? []).length;

/** The roots of an analyser's parse list: Map root (folded) → fewest derivational boundaries. */
function parseRoots(list) {
  const roots = new Map();
  for (let i = 0; i < list.size(); i++) {
    const p = list.getFsmParse(i);
    const r = foldTr(p.getWord().getName());
    if (!LETTERS.test(r)) continue;
    roots.set(r, Math.min(roots.get(r) ?? Infinity, derivations(p.toString())));
  }
  return roots;
}

/**
 * Candidate roots of one word: Map root → fewest derivational boundaries, and which step
 * parsed it ('as written' | 'folded' | 'proper' | 'devoiced' | 'robust'), or undefined.
 */
function analyse(spellings) {
  const steps = [];
  for (const s of spellings) {
    const vs = variants(s);
    steps.push(['as written', vs[0]], ['folded', vs[1]], ['proper', vs[2]]);
    for (const v of vs.slice(3)) steps.push(['devoiced', v]);
  }
  const tryList = (label, list) => {
    const roots = parseRoots(list);
    return roots.size > 0 ? { roots, step: label } : undefined;
  };
  const seen = new Set();
  for (const [label, w] of steps) {
    if (seen.has(w)) continue;
    seen.add(w);
    const found = tryList(label, fsm.morphologicalAnalysis(w));
    if (found) return found;
  }
  // The robust analysis also offers every prefix of an unknown word as a proper noun
  // (azabd, unzurn): keep a root only when the lexicon or Diyanet's text knows it.
  for (const s of spellings) {
    const found = tryList('robust', fsm.robustMorphologicalAnalysis(s));
    if (!found) continue;
    for (const r of found.roots.keys()) if (!lemmaForms.has(r) && !diyanet.has(r)) found.roots.delete(r);
    if (found.roots.size > 0) return found;
  }
  return undefined;
}

const analyses = new Map();
const steps = {};
const all = new Map([...lemmaForms, ...treebankForms, ...diyanetSpelling]);
for (const [key, spellings] of all) {
  if (key.length < 2 && !diyanet.has(key)) continue;
  const found = analyse([...spellings]);
  if (!found) continue;
  analyses.set(key, found.roots);
  if (diyanet.has(key)) steps[found.step] = (steps[found.step] ?? 0) + 1;
}

// --- common query words: inflections of the most frequent roots -----------------------------
// The analyser's authors list a noun's and a verb's frequent inflections as meta-suffixes
// (noun-meta-suffixes.txt: 352, verb-meta-suffixes.txt: 1,275; A = a/e, H = ı/i/u/ü, D = d/t,
// C = c/ç, S = s, lower-case y, n, s are buffer letters, "mHs" is -mış). The cap: the patterns
// a noun's plural × possessive × case paradigm, a verb's patterns that occur most often in the
// treebank (--verb-patterns), realized for the
// most frequent open-class roots (--roots; frequency = gold-root count in the treebank plus
// Diyanet tokens whose first root it is), a verb also in the passive (çal → çalın-dı); a form
// is kept only when the analyser parses it with the root it was made from.
const VOICELESS = /[çfhkpsşt]$/;
const VOWELS = 'aâeıiîoöuüû';
const isVowel = (c) => c !== undefined && VOWELS.includes(c);
const lastVowel = (s) => [...s].reverse().find(isVowel) ?? 'e';
const harmonyA = (s) => (/[aâıou]/.test(lastVowel(s)) ? 'a' : 'e');
const harmonyH = (s) => ({ a: 'ı', â: 'ı', ı: 'ı', e: 'i', i: 'i', î: 'i', o: 'u', u: 'u', û: 'u', ö: 'ü', ü: 'ü' })[lastVowel(s)];

/** The surface form of `stem` + meta-suffix `meta`. */
function realize(stem, meta) {
  let s = stem;
  for (let i = 0; i < meta.length; i++) {
    const m = meta[i];
    const prevVowel = isVowel(s[s.length - 1]);
    if (m === 'A' && meta[i + 1] === 'H') continue; // gel-mA-Hyor → gelmiyor
    if (m === 'A' || m === 'H') {
      if (!prevVowel) s += m === 'A' ? harmonyA(s) : harmonyH(s); // kapı-Hm → kapım
    } else if (m === 'D') s += VOICELESS.test(s) ? 't' : 'd';
    else if (m === 'C') s += VOICELESS.test(s) ? 'ç' : 'c';
    else if (m === 'S') s += 's';
    else if (m === 'y') s += prevVowel ? 'y' : '';
    else if ((m === 'n' || m === 's') && i === 0) s += prevVowel ? m : '';
    else if (m === 's' && meta.slice(i - 2, i) === 'mH') s += 'ş';
    else if (m === 'k' && prevVowel && /[AH]/.test(meta[i + 1] ?? '')) s += 'ğ'; // DHk-Hm → dığım
    else s += m;
  }
  return s;
}

const SOFTEN = { p: 'b', ç: 'c', t: 'd', k: 'ğ' };
/**
 * The spellings a root takes before a vowel, by its lexicon flags: IS_SD/F_SD kitap → kitab,
 * renk → reng, git → gid; IS_UD ağız → ağz; IS_DUP hak → hakk.
 */
function stemsBeforeVowel(root) {
  const flags = rootFlags.get(root);
  if (!flags) return [];
  const out = [];
  const last = root[root.length - 1];
  if (SOFTEN[last] && (flags.has('IS_SD') || flags.has('F_SD'))) out.push(root.slice(0, -1) + (root.endsWith('nk') ? 'g' : SOFTEN[last]));
  if (flags.has('IS_UD') && root.length >= 4) out.push(root.slice(0, -2) + last);
  if (flags.has('IS_DUP')) out.push(root + last);
  return out;
}

/** Every spelling of `stem` + `meta` worth trying (the analyser decides which are words). */
function candidates(stem, meta, verb) {
  const plain = realize(stem, meta);
  const out = [plain];
  if (isVowel(plain[stem.length])) for (const s of stemsBeforeVowel(stem)) out.push(realize(s, meta));
  if (verb && isVowel(stem[stem.length - 1]) && meta.startsWith('Hyor')) out.push(realize(stem.slice(0, -1), meta)); // başla → başlıyor
  return out;
}

const passive = (verb) => (isVowel(verb[verb.length - 1]) ? `${verb}n` : `${verb}${harmonyH(verb)}${verb.endsWith('l') ? 'n' : 'l'}`);
const readMeta = (file) => fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
const nounMeta = readMeta('noun-meta-suffixes.txt');
const verbMeta = readMeta('verb-meta-suffixes.txt');

// How often each pattern occurs in the treebank: realize every pattern for each gold root and
// count the tokens whose spelling it gives.
const patternFreq = new Map();
{
  const goldTokens = new Map(); // root → Map(surface → count)
  for (const line of fs.readFileSync('penntreebank.txt', 'utf8').split('\n')) {
    const [surface, parse] = line.split('\t');
    if (!surface || !parse || surface.startsWith('<')) continue;
    const gold = lowerTr(parse.split('+')[0]);
    if (!nounRoots.has(gold) && !verbRoots.has(gold)) continue;
    const m = goldTokens.get(gold) ?? new Map();
    const w = lowerTr(surface).replace(/\s+/g, '');
    m.set(w, (m.get(w) ?? 0) + 1);
    goldTokens.set(gold, m);
  }
  for (const [gold, surfaces] of goldTokens) {
    const tries = [];
    if (nounRoots.has(gold)) for (const p of nounMeta) tries.push(['n', p, gold, false]);
    if (verbRoots.has(gold)) for (const p of verbMeta) tries.push(['v', p, gold, true], ['v', p, passive(gold), true]);
    for (const [cls, p, stem, verb] of tries) {
      const hit = candidates(stem, p, verb).find((c) => surfaces.has(c));
      if (hit) patternFreq.set(`${cls}:${p}`, (patternFreq.get(`${cls}:${p}`) ?? 0) + (surfaces.get(hit) ?? 0));
    }
  }
}
const topPatterns = (cls, metas, n) =>
  metas
    .filter((p) => (patternFreq.get(`${cls}:${p}`) ?? 0) > 0)
    .sort((a, b) => (patternFreq.get(`${cls}:${b}`) ?? 0) - (patternFreq.get(`${cls}:${a}`) ?? 0))
    .slice(0, n);
const NOUN_PARADIGM = /^(lAr)?(Hm|Hn|sH|HmHz|HnHz|lArH)?(yH|yA|DA|DAn|nHn|ylA|nH|nA|nDA|nDAn|Hn|H|A)?$/;
const nounPatterns = nounMeta.filter((p) => NOUN_PARADIGM.test(p));
const verbPatterns = topPatterns('v', verbMeta, Number(args['verb-patterns']));

// The roots: most frequent in the treebank (gold roots) and in Diyanet (first candidate root).
const rootFreq = new Map(goldRootFreq);
for (const [key, n] of diyanet) {
  const first = [...(analyses.get(key)?.entries() ?? [])].sort((a, b) => a[1] - b[1])[0]?.[0];
  if (first) rootFreq.set(first, (rootFreq.get(first) ?? 0) + n);
}
const generatedRoots = [...rootFreq.keys()]
  .filter((r) => r.length >= 2 && (nounRoots.has(r) || verbRoots.has(r)))
  .sort((a, b) => (rootFreq.get(b) ?? 0) - (rootFreq.get(a) ?? 0) || (a < b ? -1 : 1))
  .slice(0, Number(args.roots));

let generated = 0;
const tried = new Set();
for (const r of generatedRoots) {
  const jobs = [];
  if (nounRoots.has(r)) for (const p of nounPatterns) jobs.push([r, p, false]);
  if (verbRoots.has(r)) for (const p of verbPatterns) jobs.push([r, p, true], [passive(r), p, true]);
  for (const [stem, p, verb] of jobs) {
    for (const form of candidates(stem, p, verb)) {
      if (tried.has(form) || analyses.has(form)) continue;
      tried.add(form);
      const roots = parseRoots(fsm.morphologicalAnalysis(form));
      if (roots.has(r)) {
        analyses.set(form, roots);
        generated++;
      }
    }
  }
}

/** Diyanet support of a root: how many distinct Diyanet words have it as a candidate. */
const support = new Map();
for (const key of diyanet.keys()) {
  for (const r of analyses.get(key)?.keys() ?? []) support.set(r, (support.get(r) ?? 0) + 1);
}

const table = {};
for (const key of [...analyses.keys()].sort()) {
  const roots = analyses.get(key);
  table[key] = [...roots.keys()].sort(
    (a, b) =>
      roots.get(a) - roots.get(b) ||
      (goldRootFreq.get(b) ?? 0) - (goldRootFreq.get(a) ?? 0) ||
      (support.get(b) ?? 0) - (support.get(a) ?? 0) ||
      b.length - a.length ||
      (a < b ? -1 : 1),
  );
}

const diyanetWithRoots = [...diyanet.keys()].filter((k) => analyses.has(k));
const tokensTotal = [...diyanet.values()].reduce((a, b) => a + b, 0);
const tokensWithRoots = diyanetWithRoots.reduce((a, k) => a + (diyanet.get(k) ?? 0), 0);
const counts = {
  forms: Object.keys(table).length,
  diyanetWords: diyanet.size,
  diyanetWordsWithRoots: diyanetWithRoots.length,
  diyanetTokenShareWithRoots: Number((tokensWithRoots / tokensTotal).toFixed(4)),
  treebankWords: treebankForms.size,
  lexiconForms: lemmaForms.size,
  generatedForms: generated,
  generatedFrom: { roots: generatedRoots.length, nounPatterns: nounPatterns.length, verbPatterns: verbPatterns.length, tried: tried.size },
};
const about = {
  what: 'Turkish surface form (folded as the server folds Turkish: toLocaleLowerCase("tr"), circumflexes dropped) → candidate roots, most plausible first.',
  source: `${PACKAGE}@${VERSION} (Starlang / nlptoolkit: Olcay Taner Yıldız, Begüm Avar, Gökhan Ercan, "An Open, Extendible, and Fast Turkish Morphological Analyzer", RANLP 2019), its lexicon turkish_dictionary.txt and treebank penntreebank.txt`,
  forms: `every word of Diyanet's Turkish translation (quran-json ${quranJsonVersion}, quran_tr.json), every word of the analyser's treebank, every single-word lemma of its lexicon (verbs also as -mak/-mek infinitive), and inflections of the ${generatedRoots.length} most frequent open-class roots with the ${nounPatterns.length} plural/possessive/case noun patterns and the ${verbPatterns.length} verb patterns (also passive) most frequent in its treebank, from the analyser's meta-suffix lists, kept when the analyser parses them with that root`,
  order: 'fewest derivational boundaries (copular zero derivation not counted), then gold-root frequency in the treebank, then number of Diyanet words with that root, then longer root',
  licence: 'CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); derived from the Starlang lexicon; see LICENSE-tr.md',
  build: 'nice -n 10 node server/scripts/build-tr-morphology.mjs',
  counts,
};
fs.mkdirSync(path.dirname(out), { recursive: true });
// One form a line: `form<TAB>root root …`; a form whose only root is itself is written alone.
const header = Object.entries(about).map(([k, v]) => `# ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
const lines = Object.entries(table).map(([form, roots]) => (roots.length === 1 && roots[0] === form ? form : `${form}\t${roots.join(' ')}`));
fs.writeFileSync(out, `${[...header, ...lines].join('\n')}\n`);
console.log(JSON.stringify({ out: path.relative(root, out), bytes: fs.statSync(out).size, seconds: Math.round((Date.now() - started) / 1000), ...counts, diyanetParsedBy: steps }, null, 1));
