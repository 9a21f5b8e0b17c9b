import type { Database } from '../db/database';
import { buildConceptIndex } from '../concepts/detect';
import { loadWordNet } from '../concepts/thesaurus';
import { jonahOnly } from '../testing/concepts';
import { useTestDatabase, testBackends } from '../testing/databases';
import { search } from './service';
import { shippedExpansion, type Expansion } from '../retrieval/expansion';

const inline: Expansion = jonahOnly;

describe.each(testBackends)('search with concept expansion ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened));

  const refs = async (q: string, lang: string, expansion: Expansion | null, limit = 10): Promise<string[]> =>
    (await search(db, { q, lang, source: 'quran', limit, offset: 0 }, undefined, expansion)).hits.map((h) => h.ref);

  it('keeps the verses with the query’s own words first, then those found only through the concept’s other names', async () => {
    const found = await refs('Tell me about Jonah', 'en', inline, 20);
    const exact = ['4:163', '6:86', '10:98', '37:139'];
    expect(found.slice(0, exact.length).sort()).toEqual([...exact].sort());
    expect(found.slice(exact.length)).toEqual(expect.arrayContaining(['21:87', '68:48', '37:142']));
    expect(await refs('Tell me about Jonah', 'en', null, 20)).not.toContain('21:87');
  });

  it('scores a verse matched through an expansion below one matched by the query’s own word', async () => {
    const { hits } = await search(db, { q: 'Jonah', lang: 'en', source: 'quran', limit: 20, offset: 0 }, undefined, inline);
    const exact = hits.filter((h) => /\bJonah\b/.test(h.text));
    const expanded = hits.filter((h) => !/\bJonah\b/.test(h.text));
    expect(expanded.length).toBeGreaterThan(0);
    expect(Math.min(...exact.map((h) => h.score))).toBeGreaterThan(Math.max(...expanded.map((h) => h.score)));
  });

  it('lifts a concept’s anchor verse that shares no word with the question, below a verse matching all of them', async () => {
    const question = 'Yunus peygamberi ne yuttu?';
    expect(await refs(question, 'tr', null, 20)).not.toContain('37:142');
    const { hits } = await search(db, { q: question, lang: 'tr', source: 'quran', limit: 10, offset: 0 }, undefined, inline);
    const anchor = hits.find((h) => h.ref === '37:142');
    expect(anchor).toBeDefined();
    // Three terms (Yunus, peygamber, yuttu): an anchor scores at most 2.5, a verse with all three words 3.
    expect(anchor?.score).toBeLessThan(2.5 + 0.01);
    const withoutAnchors = await refs(question, 'tr', { ...inline, anchors: false }, 20);
    expect(withoutAnchors).not.toContain('37:142');
  });

  it('lifts the anchor verse of a concept the question nearly mentions (all its words but one), in English and Turkish', async () => {
    const nearly: Expansion = {
      concepts: buildConceptIndex([
        {
          id: 'abu-lahab',
          names: { en: ['Abu Lahab'], tr: ['Ebu Leheb'] },
          phrasings: { en: ['uncle of the Prophet who opposed him'] },
          anchors: ['quran 111:1'],
          attestations: [{ source: 'quran', ref: '111:1', words: { en: 'Abu Lahab', tr: 'Ebu Leheb' } }],
        },
        {
          id: 'splitting-of-the-moon',
          names: { en: ['the moon has split'], tr: ['ay yarıldı'] },
          phrasings: { tr: ['ayın ikiye bölünmesi'] },
          anchors: ['quran 54:1'],
          attestations: [{ source: 'quran', ref: '54:1', words: { en: 'the moon has split', tr: 'Ay yarıldı' } }],
        },
      ]),
    };
    const none: Expansion = { concepts: buildConceptIndex([]) };
    const english = 'Which uncle of the Prophet is condemned by name?';
    expect(await refs(english, 'en', none)).not.toContain('111:1');
    const { hits } = await search(db, { q: english, lang: 'en', source: 'quran', limit: 10, offset: 0 }, undefined, nearly);
    const anchor = hits.find((h) => h.ref === '111:1');
    expect(anchor).toBeDefined();
    // Only verses with the question's own words rank above it.
    const above = hits.filter((h) => h.score > (anchor?.score ?? 0));
    expect(above.every((h) => /\b(uncle|prophet|condemn|name)/i.test(h.text))).toBe(true);
    // Turkish, typed in other forms than the wording's ("Ay … bölündü" for "ayın … bölünmesi").
    const turkish = 'Ay gerçekten ikiye bölündü mü?';
    expect(await refs(turkish, 'tr', none)).not.toContain('54:1');
    expect(await refs(turkish, 'tr', nearly)).toContain('54:1');
  });

  it('expands a Turkish question into the Turkish names (Yunus ← balık sahibi)', async () => {
    const found = await refs('Balık sahibi kimdir?', 'tr', inline, 20);
    expect(found).toEqual(expect.arrayContaining(['21:87', '37:139']));
  });

  it('finds 24:31 for "women covering their heads" with the shipped glossary, which the words alone miss', async () => {
    const question = 'What does the Quran say about women covering their heads?';
    expect(await refs(question, 'en', null)).not.toContain('24:31');
    expect(await refs(question, 'en', shippedExpansion())).toContain('24:31');
  });
  it('finds a word’s WordNet synonyms in English, every verse with the word itself first', async () => {
    const thesaurus = loadWordNet();
    const synonyms: Expansion = { concepts: buildConceptIndex([]), ...(thesaurus ? { thesauri: { en: thesaurus } } : {}) };
    const { hits } = await search(db, { q: 'wickedness', lang: 'en', source: 'quran', limit: 50, offset: 0 }, undefined, synonyms);
    const own = hits.map((h) => /\bwicked(ness)?\b/i.test(h.text));
    const throughSynonym = hits.filter((h) => !/\bwicked(ness)?\b/i.test(h.text));
    expect(own.some(Boolean)).toBe(true);
    expect(throughSynonym.length).toBeGreaterThan(0);
    expect(throughSynonym.every((h) => /\b(evils?|immoral\w*|iniquit\w*)\b/i.test(h.text))).toBe(true);
    // Once a verse is found only through a synonym, no verse with the word itself follows.
    expect(own.slice(own.indexOf(false))).not.toContain(true);
    const plain = await refs('wickedness', 'en', { concepts: buildConceptIndex([]) }, 50);
    expect(plain.filter((ref) => throughSynonym.some((h) => h.ref === ref))).toEqual([]);
  });
});
