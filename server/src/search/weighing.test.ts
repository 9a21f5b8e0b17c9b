import type { Database } from '../db/database';
import { buildConceptIndex } from '../concepts/detect';
import { openTestDatabase, testBackends } from '../testing/databases';
import { search, type Expansion } from './service';

/** No glossary: what the ranking does with the question's own words. */
const wordsOnly: Expansion = { concepts: buildConceptIndex([]) };

describe.each(testBackends)('search weighing the terms by rarity ($name)', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

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
});
