#!/usr/bin/env node
/**
 * Writes `server/data/lexicon/tr-related.json`: Turkish word → related words that occur in
 * Diyanet's translation, from KeNet, the Turkish WordNet of Starlang / nlptoolkit (Bakay,
 * Ergelen, Sarmış, Yıldırım, Kocabalcıoğlu, Arıcan, Özçelik, Saniyar, Kuyrukçu, Avar and
 * Yıldız, GWC 2021), `nlptoolkit-wordnet@1.0.7`. Offline only: the package (code GPL-3.0,
 * KeNet data CC BY-SA 4.0, whatever its package.json says) is installed into a scratch folder
 * and its `turkish_wordnet.xml` read from the package's own folder; it never becomes a
 * dependency and the server never imports it. The table is shipped under CC BY-SA 4.0 with
 * attribution (`server/data/lexicon/LICENSE-tr.md`).
 *
 *   nice -n 10 node server/scripts/build-tr-related.mjs [--roots FILE] [--out FILE]
 *     [--scratch DIR] [--max-sense 3] [--max-per-relation 12]
 *
 * Run `build-tr-morphology.mjs` first: a KeNet literal "occurs in Diyanet" when, folded as the
 * server folds Turkish (`foldTurkish`), it is a word of the translation or a root of one
 * (`tr-roots.tsv`), a verb (-mak/-mek) when its stem is such a root, a phrase when each of its
 * words does (vefat etmek).
 *
 * Relations kept, per synset a literal belongs to: `synonym` (the synset's other literals, and
 * those of synsets KeNet marks SYNONYM), `hypernym` (and instance hypernym), `hyponym` (and
 * instance hyponym), `derivation` (DERIVATION_RELATED, kept only between words of one family:
 * yalan → yalancı, yalanlamak; KeNet also links unrelated synsets this way, dükkan → kumar).
 * Antonyms and the topic, part and member links are left out. KeNet is noisy at rare senses (almak, sense 24,
 * "steal"), so a pair is kept only when both literals' sense numbers are ≤ --max-sense. Keys are
 * single-word literals with at least one related word that occurs in Diyanet; targets are
 * literals that occur in Diyanet (verbs as infinitives, phrases of two words at most), at most
 * --max-per-relation per relation, ordered by the sum of the two sense numbers (the common
 * senses first), then by how many Diyanet tokens have the target's root.
 *
 * Output: `{ "about": {…}, "related": { "<word>": "synonym=a,b;hypernym=c;hyponym=d;derivation=e" },
 * "english": { "<word>": "lemma|lemma" } }` (relations in that order, absent ones left out;
 * no Turkish literal holds , ; = or |). `english` lists, for a literal that occurs in Diyanet, the lemmas of the English WordNet
 * 3.1 synsets its synsets are linked to (ILR SYNONYM), at most 8. Prints counts as JSON.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installScratchPackage } from './lib/scratch-package.mjs';

const PACKAGE = 'nlptoolkit-wordnet';
const VERSION = '1.0.7';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const lexiconDir = path.join(root, 'server', 'data', 'lexicon');

const { values: args } = parseArgs({
  options: {
    roots: { type: 'string', default: path.join(lexiconDir, 'tr-roots.tsv') },
    out: { type: 'string', default: path.join(lexiconDir, 'tr-related.json') },
    scratch: { type: 'string', default: path.join(os.tmpdir(), 'kb-nlptoolkit-wordnet') },
    'max-sense': { type: 'string', default: '3' },
    'max-per-relation': { type: 'string', default: '12' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`Usage: nice -n 10 node server/scripts/build-tr-related.mjs [--roots FILE] [--out FILE]
         [--scratch DIR] [--max-sense 3] [--max-per-relation 12]

Installs ${PACKAGE}@${VERSION} into DIR (default ${path.join(os.tmpdir(), 'kb-nlptoolkit-wordnet')}; npm, no save),
reads KeNet (turkish_wordnet.xml) and writes Turkish word -> related words occurring in
Diyanet's translation to FILE (default server/data/lexicon/tr-related.json). Needs the roots
table of build-tr-morphology.mjs (default server/data/lexicon/tr-roots.tsv).`);
  process.exit(0);
}
const MAX_SENSE = Number(args['max-sense']);
const MAX_PER_RELATION = Number(args['max-per-relation']);
const MAX_ENGLISH = 8;

// --- the server's Turkish folding (server/src/languages/turkish.ts), repeated here ----------
const CIRCUMFLEX = { â: 'a', î: 'i', û: 'u' };
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const foldTr = (text) =>
  text
    .normalize('NFC')
    .toLocaleLowerCase('tr')
    .replace(/\u0307/g, '')
    .replace(/[âîû]/g, (c) => CIRCUMFLEX[c] ?? c)
    .replace(/['’‘`]/g, ' ');
const words = (text) => [...foldTr(text).matchAll(WORD)].map((m) => m[0]);

// --- Diyanet's words and their roots -------------------------------------------------------
const requireHere = createRequire(import.meta.url);
const quranTr = requireHere.resolve('quran-json/dist/quran_tr.json');
const rootsFile = path.resolve(args.roots);
if (!fs.existsSync(rootsFile)) {
  console.error(`${rootsFile} is missing: run server/scripts/build-tr-morphology.mjs first`);
  process.exit(1);
}
/** form → roots, as the loader reads tr-roots.tsv. */
const rootsOf = new Map();
for (const line of fs.readFileSync(rootsFile, 'utf8').split('\n')) {
  if (line === '' || line.startsWith('#')) continue;
  const [form, roots] = line.split('\t');
  rootsOf.set(form, roots === undefined ? [form] : roots.split(' '));
}
const diyanetForms = new Map();
for (const surah of JSON.parse(fs.readFileSync(quranTr, 'utf8'))) {
  for (const verse of surah.verses) for (const w of words(verse.translation)) diyanetForms.set(w, (diyanetForms.get(w) ?? 0) + 1);
}
/** Diyanet tokens per root (every candidate root of a word counts the word's tokens). */
const diyanetRoots = new Map();
for (const [form, n] of diyanetForms) for (const r of rootsOf.get(form) ?? [form]) diyanetRoots.set(r, (diyanetRoots.get(r) ?? 0) + n);

const INFINITIVE = /(mak|mek)$/;
/** How many Diyanet tokens a single word stands for (0: it does not occur). */
function wordWeight(w) {
  if (diyanetRoots.has(w)) return diyanetRoots.get(w) ?? 0;
  if (diyanetForms.has(w)) return diyanetForms.get(w) ?? 0;
  if (INFINITIVE.test(w)) return diyanetRoots.get(w.slice(0, -3)) ?? 0;
  return 0;
}
/** A literal's weight in Diyanet: a phrase (two words at most) counts when each word occurs. */
function literalWeight(literal) {
  const parts = literal.split(' ');
  if (parts.length > 2) return 0;
  const weights = parts.map(wordWeight);
  return weights.every((n) => n > 0) ? Math.min(...weights) : 0;
}

// --- KeNet ----------------------------------------------------------------------------------
function install(scratch) {
  return installScratchPackage(scratch, PACKAGE, VERSION);
}
const started = Date.now();
process.chdir(install(path.resolve(args.scratch)));

const RELATION = {
  SYNONYM: 'synonym',
  HYPERNYM: 'hypernym',
  INSTANCE_HYPERNYM: 'hypernym',
  HYPONYM: 'hyponym',
  INSTANCE_HYPONYM: 'hyponym',
  DERIVATION_RELATED: 'derivation',
};
const RELATIONS = ['synonym', 'hypernym', 'hyponym', 'derivation'];

/** id → { literals: [{ word, sense }], links: [{ id, relation }], english: [ENG31 ids] } */
const synsets = new Map();
const xml = fs.readFileSync('turkish_wordnet.xml', 'utf8');
for (const m of xml.matchAll(/<SYNSET>(.*?)<\/SYNSET>/gs)) {
  const body = m[1];
  const id = /<ID>([^<]+)<\/ID>/.exec(body)?.[1];
  if (!id) continue;
  const literals = [...body.matchAll(/<LITERAL>([^<]+)<SENSE>(\d+)<\/SENSE>/g)]
    .map((l) => ({ word: foldTr(l[1]).replace(/\s+/g, ' ').trim(), sense: Number(l[2]) }))
    .filter((l) => /^[\p{L} ]+$/u.test(l.word));
  const links = [...body.matchAll(/<SR>([^<]+)<TYPE>([A-Z_]+)<\/TYPE>/g)]
    .filter((r) => RELATION[r[2]])
    .map((r) => ({ id: r[1], relation: RELATION[r[2]] }));
  const english = [...body.matchAll(/<ILR>(ENG31-[^<]+)<TYPE>SYNONYM<\/TYPE>/g)].map((r) => r[1]);
  synsets.set(id, { literals, links, english });
}

/** word → relation → Map(target → best score: lower is better). */
const related = new Map();
/** A word's stems: its roots in tr-roots.tsv (a verb's through its infinitive) or itself. */
function stems(word) {
  const w = word.split(' ')[0];
  return rootsOf.get(w) ?? (INFINITIVE.test(w) ? (rootsOf.get(w.slice(0, -3)) ?? [w.slice(0, -3)]) : [w]);
}
/** KeNet's DERIVATION_RELATED also links whole synsets (dükkan → kumar): keep shared stems only. */
function sameFamily(a, b) {
  const sb = stems(b);
  const family = (r, t) => r.length >= 3 && t.length >= 3 && (t.startsWith(r) || r.startsWith(t));
  return stems(a).some((r) => sb.some((t) => family(r, t))) || a.slice(0, 4) === b.slice(0, 4);
}
function add(key, relation, target, score) {
  if (key === target || key.includes(' ') || literalWeight(target) === 0) return;
  if (relation === 'derivation' && !sameFamily(key, target)) return;
  const byRelation = related.get(key) ?? new Map();
  const targets = byRelation.get(relation) ?? new Map();
  targets.set(target, Math.min(targets.get(target) ?? Infinity, score));
  byRelation.set(relation, targets);
  related.set(key, byRelation);
}
for (const synset of synsets.values()) {
  const common = synset.literals.filter((l) => l.sense <= MAX_SENSE);
  for (const key of common) {
    for (const other of common) add(key.word, 'synonym', other.word, key.sense + other.sense);
    for (const link of synset.links) {
      for (const other of synsets.get(link.id)?.literals ?? []) {
        if (other.sense <= MAX_SENSE) add(key.word, link.relation, other.word, key.sense + other.sense);
      }
    }
  }
}

// A flat string per word parses several times faster than nested arrays when the server loads it.
const table = {};
let pairs = 0;
for (const key of [...related.keys()].sort()) {
  const byRelation = related.get(key);
  const entry = [];
  for (const relation of RELATIONS) {
    const targets = byRelation?.get(relation);
    if (!targets) continue;
    const list = [...targets.keys()]
      .sort((a, b) => (targets.get(a) ?? 0) - (targets.get(b) ?? 0) || literalWeight(b) - literalWeight(a) || (a < b ? -1 : 1))
      .slice(0, MAX_PER_RELATION);
    pairs += list.length;
    entry.push(`${relation}=${list.join(',')}`);
  }
  table[key] = entry.join(';');
}

// --- English WordNet 3.1 lemmas of the Diyanet words' synsets --------------------------------
const wantedEnglish = new Set();
const englishIdsOf = new Map();
for (const synset of synsets.values()) {
  if (synset.english.length === 0) continue;
  for (const l of synset.literals) {
    if (l.sense > MAX_SENSE || l.word.includes(' ') || literalWeight(l.word) === 0) continue;
    const ids = englishIdsOf.get(l.word) ?? [];
    for (const id of synset.english) {
      ids.push([l.sense, id]);
      wantedEnglish.add(id);
    }
    englishIdsOf.set(l.word, ids);
  }
}
const englishLemmas = new Map();
for (const m of fs.readFileSync('english_wordnet_version_31.xml', 'utf8').matchAll(/<SYNSET><ID>(ENG31-[^<]+)<\/ID><SYNONYM>(.*?)<\/SYNONYM>/g)) {
  if (!wantedEnglish.has(m[1])) continue;
  englishLemmas.set(m[1], [...m[2].matchAll(/<LITERAL>([^<]+)<SENSE>/g)].map((l) => l[1].replace(/_/g, ' ').replace(/\((a|p|ip)\)$/, '')));
}
const english = {};
for (const word of [...englishIdsOf.keys()].sort()) {
  const lemmas = [];
  for (const [, id] of (englishIdsOf.get(word) ?? []).sort((a, b) => a[0] - b[0])) {
    for (const lemma of englishLemmas.get(id) ?? []) if (!lemmas.includes(lemma)) lemmas.push(lemma);
  }
  if (lemmas.length > 0) english[word] = lemmas.slice(0, MAX_ENGLISH).join('|');
}

const counts = { synsets: synsets.size, words: Object.keys(table).length, pairs, englishWords: Object.keys(english).length };
const about = {
  what: 'Turkish word (folded as the server folds Turkish) → related words occurring in Diyanet\'s Turkish translation, by relation (synonym, hypernym, hyponym, derivation); english: Turkish word → English WordNet 3.1 lemmas of its linked synsets.',
  source: `${PACKAGE}@${VERSION}: KeNet, the Turkish WordNet (O. Bakay, Ö. Ergelen, E. Sarmış, S. Yıldırım, A. Kocabalcıoğlu, B. N. Arıcan, M. Özçelik, E. Saniyar, O. Kuyrukçu, B. Avar, O. T. Yıldız, "Turkish WordNet KeNet", GWC 2021; Starlang / nlptoolkit), turkish_wordnet.xml and english_wordnet_version_31.xml`,
  filter: `pairs where both literals' sense numbers are ≤ ${MAX_SENSE}; targets occurring in Diyanet (as a word or a root in tr-roots.tsv); at most ${MAX_PER_RELATION} per relation, common senses first`,
  licence: 'CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); derived from KeNet; see LICENSE-tr.md. English WordNet 3.1 lemmas: Princeton WordNet licence.',
  build: 'nice -n 10 node server/scripts/build-tr-related.mjs',
  counts,
};
const out = path.resolve(args.out);
fs.mkdirSync(path.dirname(out), { recursive: true });
// One word a line keeps diffs readable and the file compact.
const section = (obj) => Object.entries(obj).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',\n');
fs.writeFileSync(out, `{"about":${JSON.stringify(about, null, 1)},\n"related":{\n${section(table)}\n},\n"english":{\n${section(english)}\n}}\n`);
console.log(JSON.stringify({ out: path.relative(root, out), bytes: fs.statSync(out).size, seconds: Math.round((Date.now() - started) / 1000), ...counts }, null, 1));
