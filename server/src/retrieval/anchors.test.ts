import { anchorRefs, boostedCount, type ScoredAnchor } from './anchors';
import type { QueryTerm } from '../passages/terms';

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
      { source: 'quran', ref: '37:142', terms: [0, 1], near: [] },
      { source: 'quran', ref: '21:87', terms: [0], near: [] },
    ]);
    expect(anchorRefs(terms, undefined).map((a) => `${a.source} ${a.ref}`)).toContain('bible Jonah 1:17');
    expect(anchorRefs([term('patience')], 'quran')).toEqual([]);
  });

  it('lifts an anchor by its concept term plus half a term, never to a verse matching every term, never below its own score', () => {
    const three = [term('jonah'), term('fish'), term('swallowed')];
    // Three terms; the anchor matches none of them by its words.
    expect(boostedCount(scored([0, 0, 0]), [0], three)).toBe(1.5);
    // Its concept term already matched through an alternative: counted as 1, plus the bonus.
    expect(boostedCount(scored([0.8, 1, 0]), [0], three)).toBe(2.5);
    // An anchor matching every other term: just below a verse with all of the query's words,
    // above one matching its concept term only through an alternative (2.8).
    expect(boostedCount(scored([0, 1, 1]), [0], three)).toBeCloseTo(2.9);
    // A one-term query: an anchor stays below every verse with the query's word (1) and above
    // the verses with only one of the concept's other wordings (0.8).
    expect(boostedCount(scored([0]), [0], [term('jonah')])).toBeCloseTo(0.9);
    expect(boostedCount(scored([1]), [0], [term('jonah')])).toBe(1);
  });

  it('counts a common word of the query at its part weight, so the cap stays below a verse with every word', () => {
    // "people" counts half (found in many verses): a verse with every word scores 2.5.
    const terms = [term('jonah'), { ...term('people'), partWeight: 0.5 }, term('fish')];
    expect(boostedCount(scored([0, 0.5, 1]), [0], terms)).toBeCloseTo(2.4);
    // The anchored concept term itself common: it counts its part weight, not 1.
    const common = [{ ...term('jonah'), partWeight: 0.5 }, term('fish')];
    expect(boostedCount(scored([0, 0]), [0], common)).toBe(1);
  });

  it('lifts the anchors of a near mention by its terms counted at 0.7, without the bonus, below a verse with every word', () => {
    // "How did the walls of Jericho come down?": walls and Jericho nearly mention "walls of Jericho fell".
    const terms: QueryTerm[] = [
      { ...term('walls'), nearAnchors: ['bible Joshua 6:20'] },
      { ...term('jericho'), nearAnchors: ['bible Joshua 6:20'] },
    ];
    expect(anchorRefs(terms, 'bible')).toEqual([{ source: 'bible', ref: 'Joshua 6:20', terms: [], near: [0, 1] }]);
    // Joshua 6:20 has "wall" but not "Jericho": 1 + 0.7, above a verse with one of the words, below one with both (2).
    expect(boostedCount(scored([1, 0]), [], terms, [0, 1])).toBeCloseTo(1.7);
    // Neither word: 1.4, still above a verse with one word, never a bonus.
    expect(boostedCount(scored([0, 0]), [], terms, [0, 1])).toBeCloseTo(1.4);
    // Both words: its own score; a near mention never lowers it.
    expect(boostedCount(scored([1, 1]), [], terms, [0, 1])).toBe(2);
    // A two-term query whose near anchor lacks both words stays below the cap.
    expect(boostedCount(scored([0, 0]), [], [term('walls'), term('jericho')], [0, 1])).toBeLessThanOrEqual(2 - 0.1);
  });
});
