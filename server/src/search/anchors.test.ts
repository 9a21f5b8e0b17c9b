import { anchorRefs, boostedCount, type ScoredAnchor } from './anchors';
import type { QueryTerm } from './query';

const term = (word: string, anchors?: string[]): QueryTerm => ({ word, parts: [{ config: 'english', query: `'${word}'` }], ...(anchors ? { anchors } : {}) });

const scored = (termScores: number[]): ScoredAnchor => ({
  id: 'quran:en:37:142',
  source: 'quran',
  lang: 'en',
  ref: '37:142',
  section: '',
  position: 0,
  text: '',
  translator: 'Saheeh International',
  matched: termScores.map((m) => m > 0),
  matchedCount: termScores.reduce((a, b) => a + b, 0),
  weight: 0,
  rank: 0,
  termScores,
});

describe('anchor verses', () => {
  it('gathers the anchors of the concept terms per verse, within the source searched', () => {
    const terms = [term('jonah', ['quran 37:142', 'quran 21:87', 'bible Jonah 1:17']), term('fish', ['quran 37:142']), term('swallowed')];
    expect(anchorRefs(terms, 'quran')).toEqual([
      { source: 'quran', ref: '37:142', terms: [0, 1] },
      { source: 'quran', ref: '21:87', terms: [0] },
    ]);
    expect(anchorRefs(terms, undefined).map((a) => `${a.source} ${a.ref}`)).toContain('bible Jonah 1:17');
    expect(anchorRefs([term('patience')], 'quran')).toEqual([]);
  });

  it('lifts an anchor by its concept term plus half a term, never to a verse matching every term, never below its own score', () => {
    // Three terms; the anchor matches none of them by its words.
    expect(boostedCount(scored([0, 0, 0]), [0], 3)).toBe(1.5);
    // Its concept term already matched through an alternative: counted as 1, plus the bonus.
    expect(boostedCount(scored([0.8, 1, 0]), [0], 3)).toBe(2.5);
    // An anchor matching every other term: just below a verse with all of the query's words,
    // above one matching its concept term only through an alternative (2.8).
    expect(boostedCount(scored([0, 1, 1]), [0], 3)).toBeCloseTo(2.9);
    // A one-term query: an anchor stays below every verse with the query's word (1) and above
    // the verses with only one of the concept's other wordings (0.8).
    expect(boostedCount(scored([0]), [0], 1)).toBeCloseTo(0.9);
    expect(boostedCount(scored([1]), [0], 1)).toBe(1);
  });
});
