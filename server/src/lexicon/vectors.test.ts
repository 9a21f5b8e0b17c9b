import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEnglishVectors } from './vectors';

describe('English word vectors', () => {
  const vectors = loadEnglishVectors();

  it('holds the corpus’s words and common English ones', () => {
    expect(vectors.size).toBe(60_000);
    for (const word of ['children', 'thief', 'hospitality', 'begat', 'allah', 'kids', 'shoplifting']) {
      expect(vectors.has(word)).toBe(true);
    }
  });

  it('scores related words above unrelated ones', () => {
    const close = vectors.similarity('kids', 'children') ?? 0;
    const far = vectors.similarity('kids', 'mountain') ?? 0;
    expect(close).toBeGreaterThan(far);
    expect(close).toBeGreaterThan(0.6);
    expect(vectors.similarity('mercy', 'mercy')).toBeCloseTo(1, 5);
  });

  it('scores antonyms high too: relatedness, not sameness of meaning', () => {
    expect(vectors.similarity('love', 'hate') ?? 0).toBeGreaterThan(vectors.similarity('love', 'mountain') ?? 0);
  });

  it('finds a word’s nearest words, most similar first, without the word itself', () => {
    const near = vectors.nearest('thief', 10).map((n) => n.word);
    expect(near.some((w) => ['steal', 'stealing', 'robber', 'thieves'].includes(w))).toBe(true);
    expect(near).not.toContain('thief');
    const scores = vectors.nearest('thief', 10).map((n) => n.similarity);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('keeps only the words a caller accepts', () => {
    const kjvWords = new Set(['thieves', 'robbers', 'steal', 'stolen']);
    const near = vectors.nearest('shoplifting', 2, (w) => kjvWords.has(w));
    expect(near).toHaveLength(2);
    for (const n of near) expect(kjvWords.has(n.word)).toBe(true);
  });

  it('answers undefined or nothing for unknown words, never throws', () => {
    expect(vectors.has('qzxvbn')).toBe(false);
    expect(vectors.similarity('qzxvbn', 'children')).toBeUndefined();
    expect(vectors.nearest('qzxvbn', 5)).toEqual([]);
    expect(vectors.vector('qzxvbn')).toBeUndefined();
  });

  it('gives unit-length vectors of 100 numbers', () => {
    const v = vectors.vector('prayer');
    expect(v).toHaveLength(100);
    expect(Math.hypot(...(v ?? []))).toBeCloseTo(1, 4);
  });

  it('is read once', () => {
    expect(loadEnglishVectors()).toBe(vectors);
  });

  it('refuses a file that is not a vector table', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vectors-')), 'bad.bin');
    fs.writeFileSync(file, 'not vectors at all');
    expect(() => loadEnglishVectors(file)).toThrow(/not an English vector table/);
  });
});
