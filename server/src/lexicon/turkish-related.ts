/**
 * Related Turkish words from KeNet, the Turkish WordNet, via the shipped table
 * `server/data/lexicon/tr-related.json`, restricted to words that occur in Diyanet's
 * translation.
 *
 * The table was made offline by `server/scripts/build-tr-related.mjs` from KeNet
 * (`nlptoolkit-wordnet` 1.0.7; O. Bakay, Ö. Ergelen, E. Sarmış, S. Yıldırım, A. Kocabalcıoğlu,
 * B. N. Arıcan, M. Özçelik, E. Saniyar, O. Kuyrukçu, B. Avar, O. T. Yıldız, "Turkish WordNet
 * KeNet", GWC 2021; Starlang / nlptoolkit). Data licence CC BY-SA 4.0, with attribution
 * (`server/data/lexicon/LICENSE-tr.md`); the package itself is never loaded here. KeNet is
 * noisy: the table keeps only common senses, but a caller should weigh a related word below
 * the asker's own word, and a hypernym or hyponym below a synonym.
 *
 * File shape: `{ "about": {…}, "related": { "<word>": "synonym=a,b;hypernym=c;hyponym=d;derivation=e" },
 * "english": { "<word>": "lemma|lemma" } }` (relations in that order, absent ones left out; a
 * flat string per word parses several times faster than nested arrays); words folded as
 * {@link foldTurkish} folds them, verbs as infinitives (`çalmak`), phrases of two words at
 * most (`ceza vermek`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { foldTurkish, turkishInfinitive } from '../languages/turkish.js';

/** The shipped table: `server/data/lexicon/tr-related.json`. */
export const TURKISH_RELATED_FILE = path.resolve(__dirname, '..', '..', 'data', 'lexicon', 'tr-related.json');

/** How a related word relates to the word looked up (KeNet's relation between their synsets). */
export type TurkishRelation = 'synonym' | 'hypernym' | 'hyponym' | 'derivation';

/** A related word: a lemma (a verb as its infinitive) or a two-word phrase occurring in Diyanet. */
export interface RelatedWord {
  word: string;
  relation: TurkishRelation;
}

const RELATIONS: readonly TurkishRelation[] = ['synonym', 'hypernym', 'hyponym', 'derivation'];

interface RelatedTable {
  related: Record<string, string>;
  english: Record<string, string>;
}

const tables = new Map<string, RelatedTable>();

function load(file: string): RelatedTable {
  const cached = tables.get(file);
  if (cached) return cached;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<RelatedTable>;
  if (typeof data.related !== 'object' || data.related === null || typeof data.english !== 'object' || data.english === null) {
    throw new Error(`${file}: expected an object with "related" and "english"`);
  }
  const table = { related: data.related, english: data.english };
  tables.set(file, table);
  return table;
}

const own = (obj: object, key: string): boolean => Object.prototype.hasOwnProperty.call(obj, key);

/**
 * Words related to a Turkish word that occur in Diyanet's translation, synonyms first, then
 * hypernyms, hyponyms and derivations (each list common senses first):
 * `yalan` → `[{ word: 'uydurma', relation: 'synonym' }, …, { word: 'yalancı', relation:
 * 'derivation' }, …]`. A word without an entry of its own is looked up as a verb stem (a root
 * from `turkishRoots`: `aşır` → `aşırmak`).
 *
 * @param word a lemma or root, in any case (it is folded here)
 * @param file the table (default {@link TURKISH_RELATED_FILE}); read once per file and cached
 * @returns the related words, none twice; `[]` for an unknown word
 * @throws the file system's or JSON's error when the table cannot be read
 */
export function relatedTurkish(word: string, file: string = TURKISH_RELATED_FILE): RelatedWord[] {
  const key = foldTurkish(word).trim();
  if (key === '') return [];
  const { related } = load(file);
  const out: RelatedWord[] = [];
  const seen = new Set<string>([key]);
  // A noun's own entry wins: yalan (lie) is not yalanmak (to be licked).
  const k = own(related, key) ? key : turkishInfinitive(key);
  if (own(related, k)) {
    seen.add(k);
    for (const part of (related[k] ?? '').split(';')) {
      const [name, list] = part.split('=');
      const relation = RELATIONS.find((r) => r === name);
      if (relation === undefined || list === undefined) continue;
      for (const w of list.split(',')) {
        if (seen.has(w)) continue;
        seen.add(w);
        out.push({ word: w, relation });
      }
    }
  }
  return out;
}

/**
 * English WordNet 3.1 lemmas of the synsets KeNet links a Turkish word to (common senses
 * first, at most 8), for words that occur in Diyanet: `su` → `['water', 'H2O', …]`.
 *
 * @param word a lemma, in any case (it is folded here); verbs as infinitives (`çalmak`)
 * @param file the table (default {@link TURKISH_RELATED_FILE})
 * @returns the English lemmas, `[]` when none are linked
 */
export function englishForTurkish(word: string, file: string = TURKISH_RELATED_FILE): string[] {
  const key = foldTurkish(word).trim();
  const { english } = load(file);
  return own(english, key) ? (english[key] ?? '').split('|').filter((w) => w !== '') : [];
}
