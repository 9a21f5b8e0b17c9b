import type { Database } from '../db/database';
import { buildConceptIndex } from '../concepts/detect';
import { turkishThesaurus } from '../concepts/thesaurus';
import { useTestDatabase, testBackends } from '../testing/databases';
import { DEFAULT_SYNONYM_WEIGHT, queryTerms } from '../retrieval/query';
import { search } from './service';
import type { Expansion } from '../retrieval/expansion';

/** One group of the Turkish thesaurus: Diyanet writes `nehir` in five verses (13:3, 14:32, …) and `ırmak` in many. */
const thesaurus = turkishThesaurus([['nehir', 'ırmak']]);
const expansion: Expansion = { concepts: buildConceptIndex([]), thesauri: { tr: thesaurus } };

describe('Turkish synonyms in the query terms', () => {
  it('gives an inflected Turkish word its group’s other words as alternatives, in Turkish passages only', () => {
    const [term] = queryTerms('nehirleri', ['tr'], { thesauri: { tr: thesaurus } });
    expect(term?.alternatives?.map((p) => p.query).join(' ')).toContain('irmak');
    expect(term?.alternativeWeight).toBe(DEFAULT_SYNONYM_WEIGHT);
    expect(term?.alternativeWeight).toBeLessThan(1);
    expect(queryTerms('nehirleri', ['en'], { thesauri: { tr: thesaurus } })[0]?.alternatives).toBeUndefined();
    expect(queryTerms('nehirleri', ['tr'])[0]?.alternatives).toBeUndefined();
  });
});

describe.each(testBackends)('search with Turkish synonyms ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened));

  it('finds the verses with a synonym, every verse with the word itself first', async () => {
    const { hits } = await search(db, { q: 'nehirler', lang: 'tr', source: 'quran', limit: 20, offset: 0 }, undefined, expansion);
    const own = hits.filter((h) => /nehir/i.test(h.text));
    const throughSynonym = hits.filter((h) => !/nehir/i.test(h.text));
    expect(own.map((h) => h.ref)).toEqual(expect.arrayContaining(['13:3', '14:32']));
    expect(throughSynonym.length).toBeGreaterThan(0);
    expect(throughSynonym.every((h) => /ırmak/i.test(h.text))).toBe(true);
    expect(Math.min(...own.map((h) => h.score))).toBeGreaterThan(Math.max(...throughSynonym.map((h) => h.score)));
    const plain = await search(db, { q: 'nehirler', lang: 'tr', source: 'quran', limit: 20, offset: 0 }, undefined, { concepts: buildConceptIndex([]) });
    expect(plain.hits.filter((h) => !/nehir/i.test(h.text))).toEqual([]);
    const english = await search(db, { q: 'nehirler', lang: 'en', source: 'quran', limit: 20, offset: 0 }, undefined, expansion);
    expect(english.hits).toEqual([]);
  });
});
