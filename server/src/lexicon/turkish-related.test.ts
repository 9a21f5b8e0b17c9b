import fs from 'node:fs';
import { words } from '../corpus/normalize.js';
import { foldTurkish } from '../languages/turkish.js';
import { turkishRoots } from './turkish-roots.js';
import { englishForTurkish, relatedTurkish } from './turkish-related.js';

/** Diyanet's Turkish words and their roots, folded as the index folds them. */
function diyanetVocabulary(): Set<string> {
  const surahs = JSON.parse(fs.readFileSync(require.resolve('quran-json/dist/quran_tr.json'), 'utf8')) as { verses: { translation: string }[] }[];
  const out = new Set<string>();
  for (const s of surahs) {
    for (const v of s.verses) {
      for (const { word } of words(foldTurkish(v.translation))) {
        out.add(word);
        for (const r of turkishRoots(word)) out.add(r);
      }
    }
  }
  return out;
}

/** True when a related word (a verb as its infinitive, or a two-word phrase) occurs in Diyanet. */
function occursIn(vocabulary: Set<string>, related: string): boolean {
  return related.split(' ').every((w) => vocabulary.has(w) || turkishRoots(w).some((r) => vocabulary.has(r)));
}

describe('relatedTurkish', () => {
  const vocabulary = diyanetVocabulary();

  it('gives a Diyanet word related words that themselves occur in Diyanet, with their relation', () => {
    expect(vocabulary.has('yalan')).toBe(true);
    const related = relatedTurkish('yalan');
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((r) => occursIn(vocabulary, r.word))).toBe(true);
    expect(related).toContainEqual({ word: 'yalancı', relation: 'derivation' });
  });

  it('links an everyday word to the translation’s word', () => {
    expect(relatedTurkish('konuk')).toContainEqual({ word: 'misafir', relation: 'synonym' });
    expect(relatedTurkish('aşırmak').map((r) => r.word)).toContain('çalmak');
  });

  it('lists synonyms before hypernyms, hyponyms and derivations, none twice', () => {
    const order = ['synonym', 'hypernym', 'hyponym', 'derivation'];
    const related = relatedTurkish('ceza');
    const ranks = related.map((r) => order.indexOf(r.relation));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(related.map((r) => r.word)).size).toBe(related.length);
  });

  it('finds a verb’s relations from its stem, as turkishRoots gives it', () => {
    expect(relatedTurkish('aşır').map((r) => r.word)).toContain('çalmak');
  });

  it('returns [] for a word it does not know', () => {
    expect(relatedTurkish('qzxvbnm')).toEqual([]);
    expect(relatedTurkish('')).toEqual([]);
  });
});

describe('englishForTurkish', () => {
  it('gives the English WordNet lemmas of a Diyanet word’s synsets', () => {
    expect(englishForTurkish('su')).toContain('water');
    expect(englishForTurkish('qzxvbnm')).toEqual([]);
  });
});
