import fs from 'node:fs';
import { words } from '../corpus/normalize.js';
import { foldTurkish } from '../languages/turkish.js';
import { turkishRoots } from './turkish-roots.js';

/** Diyanet's Turkish words, folded as the index folds them. */
function diyanetWords(): Set<string> {
  const surahs = JSON.parse(fs.readFileSync(require.resolve('quran-json/dist/quran_tr.json'), 'utf8')) as { verses: { translation: string }[] }[];
  const out = new Set<string>();
  for (const s of surahs) for (const v of s.verses) for (const w of words(foldTurkish(v.translation))) out.add(w.word);
  return out;
}

describe('turkishRoots', () => {
  it('finds the root of an inflected verb and of an inflected noun', () => {
    expect(turkishRoots('çalındı')).toContain('çal');
    expect(turkishRoots('misafirlerimize')).toContain('misafir');
  });

  it('folds the word as the index does: case, dotted capital İ, circumflexes', () => {
    expect(turkishRoots('MİSAFİRLERİMİZE')).toContain('misafir');
    expect(turkishRoots('Rahmân')).toContain('rahman');
  });

  it('reads the old spellings of Diyanet (kalb, azab) as their modern roots', () => {
    expect(turkishRoots('kalblerini')).toContain('kalp');
    expect(turkishRoots('azabdan')).toContain('azap');
  });

  it('returns [] for a word it does not know, and for empty or several words', () => {
    expect(turkishRoots('qzxvbnm')).toEqual([]);
    expect(turkishRoots('')).toEqual([]);
    expect(turkishRoots('iki kelime')).toEqual([]);
  });

  it('knows nearly every word of Diyanet, with roots folded like the index', () => {
    const all = [...diyanetWords()];
    const known = all.filter((w) => turkishRoots(w).length > 0);
    expect(known.length / all.length).toBeGreaterThan(0.99);
    for (const w of known.slice(0, 2000)) for (const r of turkishRoots(w)) expect(foldTurkish(r)).toBe(r);
  });
});
