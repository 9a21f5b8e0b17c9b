import fs from 'node:fs';
import path from 'node:path';

/**
 * Nave's Topical Bible (Orville J. Nave, 1896; public domain) as topic → KJV verses (issue 19):
 * 5,320 topics with plain names (HOSPITALITY, THEFT AND THIEVES, LOVE), 190,529 topic–verse
 * pairs. Converted once from the CrossWire SWORD module (Debian `sword-dict-naves` 3.0-1) by
 * `server/scripts/build-naves.mjs`; refs name verses as the server does (`Genesis 18:1`,
 * `Song of Solomon 2:4`, `1 Kings 3:16`).
 */

/** The committed table, `server/data/lexicon/naves.json` (about 3 MB). */
export const NAVES_FILE = path.resolve(__dirname, '..', '..', 'data', 'lexicon', 'naves.json');

/** Nave's topics, looked up by name, by a word of their name or by verse. */
export interface Naves {
  /** Where the data comes from and its licence, as written in the file. */
  readonly source: string;
  readonly licence: string;
  /** Every topic name, upper case as Nave writes them (`LOVE`, `SELF-DENIAL`, `ASS (DONKEY)`). */
  topics(): readonly string[];
  /**
   * The KJV verse references (`Hebrews 13:2`) filed under a topic (name in any case), once
   * each, in canonical order; empty for an unknown topic or one that only points elsewhere
   * (see {@link seeAlso}).
   */
  versesOf(topic: string): readonly string[];
  /** The topics a topic refers to ("See GUEST"), existing ones only; empty when none. */
  seeAlso(topic: string): readonly string[];
  /**
   * Topics one of whose name's words is `word` (lower case, exact: `thieves` finds THEFT AND
   * THIEVES, `thief` does not — stem or inflect before asking). Hyphenated names answer to
   * each part and to the whole (`self`, `denial`, `self-denial`). Order: the topic named
   * exactly so first, then by number of verses, most first. Function words (`of`, `and`, …)
   * and single letters find nothing.
   */
  topicsFor(word: string): readonly string[];
  /** The topics a verse (`Genesis 18:1`) is filed under, in the file's order; empty when none. */
  topicsOf(ref: string): readonly string[];
}

interface NavesFile {
  source: string;
  licence: string;
  topics: Record<string, string[]>;
  see?: Record<string, string[]>;
}

/** Name words that would find hundreds of unrelated topics. */
const FUNCTION_WORDS = new Set([
  'a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'is', 'of', 'on', 'or', 'the', 'to', 'with',
]);

/** The words a topic answers to in {@link Naves.topicsFor}. */
function nameWords(topic: string): string[] {
  const words = new Set<string>();
  for (const token of topic.toLowerCase().match(/[\p{L}'-]+/gu) ?? []) {
    const whole = token.replace(/^[-']+|[-']+$/g, '').replace(/'s$/, '');
    const parts = whole.split(/[-']/).filter(Boolean);
    for (const w of parts.length > 1 ? [whole, ...parts] : parts) {
      if (w.length > 1 && !FUNCTION_WORDS.has(w)) words.add(w);
    }
  }
  return [...words];
}

/** Table built from the file's JSON; throws on a file of another shape. */
function build(data: NavesFile, file: string): Naves {
  if (typeof data.source !== 'string' || typeof data.licence !== 'string' || typeof data.topics !== 'object') {
    throw new Error(`${file}: not a Nave's topics file`);
  }
  const verses = new Map<string, readonly string[]>(Object.entries(data.topics));
  const see = new Map<string, readonly string[]>(
    Object.entries(data.see ?? {}).map(([t, links]) => [t, links.filter((l) => verses.has(l))]),
  );
  const names = [...verses.keys()];
  const size = (t: string) => verses.get(t)?.length ?? 0;

  const byWord = new Map<string, string[]>();
  for (const topic of names) {
    for (const w of nameWords(topic)) {
      const list = byWord.get(w);
      if (list) list.push(topic);
      else byWord.set(w, [topic]);
    }
  }
  for (const [w, list] of byWord) {
    const exact = (t: string) => (t.replace(/\s*\(.*$/, '').toLowerCase() === w ? 0 : 1);
    list.sort((a, b) => exact(a) - exact(b) || size(b) - size(a) || (a < b ? -1 : 1));
  }

  // Built on first use: most callers look up topics, not verses.
  let byVerse: Map<string, string[]> | undefined;
  function verseIndex(): Map<string, string[]> {
    if (byVerse) return byVerse;
    byVerse = new Map();
    for (const [topic, refs] of verses) {
      for (const ref of refs) {
        const list = byVerse.get(ref);
        if (list) list.push(topic);
        else byVerse.set(ref, [topic]);
      }
    }
    return byVerse;
  }

  return {
    source: data.source,
    licence: data.licence,
    topics: () => names,
    versesOf: (topic) => verses.get(topic.toUpperCase()) ?? [],
    seeAlso: (topic) => see.get(topic.toUpperCase()) ?? [],
    topicsFor: (word) => byWord.get(word.toLowerCase()) ?? [],
    topicsOf: (ref) => verseIndex().get(ref) ?? [],
  };
}

const cache = new Map<string, Naves>();

/**
 * Nave's Topical Bible, read once per file and cached (later calls return the same object);
 * reading the shipped file takes ~50–100 ms.
 *
 * @param file a file written by build-naves.mjs; default {@link NAVES_FILE}
 * @throws when the file is missing, is not JSON or lacks `source`, `licence` or `topics`
 */
export function loadNaves(file: string = NAVES_FILE): Naves {
  const cached = cache.get(file);
  if (cached) return cached;
  const naves = build(JSON.parse(fs.readFileSync(file, 'utf8')) as NavesFile, file);
  cache.set(file, naves);
  return naves;
}
