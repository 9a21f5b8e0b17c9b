import type { Database } from '../db/database';
import { buildConceptIndex } from '../concepts/detect';
import { useTestDatabase, testBackends } from '../testing/databases';
import { search } from './service';
import { COMMON_WORD_FLOOR, commonWordWeight } from '../retrieval/rank';
import type { Expansion } from '../retrieval/expansion';

/** No glossary: what the ranking does with the question's own words. */
const wordsOnly: Expansion = { concepts: buildConceptIndex([]) };

describe.each(testBackends)('search weighing the terms by rarity ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened));

  const hits = async (q: string, expansion: Expansion): Promise<{ ref: string; score: number }[]> =>
    (await search(db, { q, lang: 'en', source: 'quran', limit: 10, offset: 0 }, undefined, expansion)).hits;

  it('puts the verse matching the rarer words first among verses matching as many of the question’s words', async () => {
    const question = 'How do I wash myself before praying?';
    const weighed = (await hits(question, wordsOnly)).map((h) => h.ref);
    const unweighed = (await hits(question, { ...wordsOnly, weighTerms: false })).map((h) => h.ref);
    // 5:6, the ablution verse, has "wash" (rare) beside "prayer"; by ts_rank_cd alone verses
    // that only repeat the frequent words come before it.
    expect(weighed[0]).toBe('5:6');
    expect(unweighed.indexOf('5:6')).toBeGreaterThan(0);
  });

  it('keeps a verse with every word of the question first, and the scores in the order of the hits', async () => {
    const found = await hits('Allah does not burden a soul beyond its capacity', wordsOnly);
    expect(found[0]?.ref).toBe('2:286');
    const scores = found.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('never lets rarity lift a verse above one matching more of the question’s words', async () => {
    const { hits: found } = await search(db, { q: 'patience prayer wash', lang: 'en', source: 'quran', limit: 30, offset: 0 }, undefined, wordsOnly);
    const words = (text: string): number => [/\bpatien(ce|t)/i, /\bprayers?\b/i, /\bwash(ed|es|ing)?\b/i].filter((re) => re.test(text)).length;
    const counts = found.map((h) => words(h.text));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('counts a word found in many verses for less than a rare one', async () => {
    const { hits: found } = await search(db, { q: 'people cave', lang: 'en', source: 'quran', limit: 50, offset: 0 }, undefined, wordsOnly);
    const cave = (text: string): boolean => /\bcaves?\b/i.test(text);
    const people = (text: string): boolean => /\bpeoples?\b/i.test(text);
    const caveOnly = found.findIndex((h) => cave(h.text) && !people(h.text));
    const peopleOnly = found.findIndex((h) => people(h.text) && !cave(h.text));
    // "people" is in hundreds of the 6,236 verses, "cave" in a handful: a verse with only the
    // cave comes before every verse with only the people, which scores below one whole term.
    expect(caveOnly).toBeGreaterThanOrEqual(0);
    expect(peopleOnly).toBeGreaterThan(caveOnly);
    expect(found[peopleOnly]?.score).toBeLessThan(1);
    expect(found[peopleOnly]?.score).toBeGreaterThanOrEqual(COMMON_WORD_FLOOR);
  });
});

describe('what a common word of the query counts', () => {
  it('is 1 up to 0.5 % of the scope, less as the word is found in more passages, never below the floor', () => {
    expect(commonWordWeight(30, 6236)).toBe(1);
    expect(commonWordWeight(232, 6236)).toBeCloseTo(0.62, 2);
    expect(commonWordWeight(0, 6236)).toBe(1);
    expect(commonWordWeight(5, 0)).toBe(1);
    const some = commonWordWeight(150, 6236);
    const many = commonWordWeight(300, 6236);
    expect(some).toBeLessThan(1);
    expect(many).toBeLessThan(some);
    expect(commonWordWeight(3000, 6236)).toBe(COMMON_WORD_FLOOR);
  });
});
