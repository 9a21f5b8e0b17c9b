import type { Database } from '../db/database';
import { buildConceptIndex } from '../concepts/detect';
import { findPassages } from '../ask/service';
import { useTestDatabase, testBackends } from '../testing/databases';
import { search } from '../search/service';
import type { Expansion } from './expansion';

describe.each(testBackends)('Turkish words found nowhere ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened));
  const words: Expansion = { concepts: buildConceptIndex([]) };

  it('are searched through their verb stem: "götürüldü" (was taken) finds götürülen, götüren …', async () => {
    const { total, hits } = await search(db, { q: 'götürüldü', lang: 'tr', source: 'quran', limit: 10, offset: 0 }, undefined, words);
    expect(total).toBeGreaterThan(0);
    expect(hits.every((h) => /<mark>götür/i.test(h.highlight))).toBe(true);
    // A word that matches as typed keeps its own, narrower matches (götürdü, götürün), not every götür-.
    const typed = await search(db, { q: 'götürdü', lang: 'tr', source: 'quran', limit: 10, offset: 0 }, undefined, words);
    expect(typed.total).toBeGreaterThan(0);
    expect(typed.total).toBeLessThan(total);
  });

  it('no longer sink an answer: the night journey asked with "götürüldü" is answered with 17:1', async () => {
    // With the shipped glossary (İsra): refused before, the word found nowhere weighing the most.
    const found = await findPassages(db, { question: 'İsra gecesi Peygamberimiz nereye götürüldü?', lang: 'tr', source: 'quran' });
    expect(found?.passages.flatMap((p) => p.refs)).toContain('17:1');
  });
});
