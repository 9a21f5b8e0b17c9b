import type { Database } from '../db/database';
import { buildConceptIndex } from '../concepts/detect';
import type { Concept } from '../concepts/types';
import { queryTerms } from '../retrieval/query';
import type { Expansion } from '../retrieval/expansion';
import { jonahOnly } from '../testing/concepts';
import { useTestDatabase, testBackends } from '../testing/databases';
import { findPassages } from './service';
import { contentWords } from '../retrieval/rank';

const inline: Expansion = jonahOnly;

/** The sleepers of the cave, named in several words in each language (as the glossary names them). */
const cave: Concept = {
  id: 'people-of-the-cave',
  names: { en: ['companions of the cave', 'people of the cave'], tr: ['Ashab-ı Kehf', 'mağara arkadaşları'], translit: ['Ashab al-Kahf'] },
  phrasings: { en: ['sleepers in the cave'], tr: ['mağaradaki gençler'] },
  anchors: ['quran 18:9', 'quran 18:10', 'quran 18:25'],
  attestations: [{ source: 'quran', ref: '18:9', words: { en: 'companions of the cave', tr: 'Mağara' } }],
};
const caveOnly: Expansion = { concepts: buildConceptIndex([cave]) };

describe.each(testBackends)('ask with concept anchors ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened));

  const cited = async (question: string, lang: 'en' | 'tr', expansion: Expansion | undefined): Promise<string[]> =>
    ((await findPassages(db, { question, lang, source: 'quran' }, undefined, expansion))?.passages ?? []).flatMap((p) => p.refs);

  it('quotes a verse a mentioned concept names even when it shares no word with the question', async () => {
    // 37:142 ("Onu balık yuttu …") names neither Dhun-Nun nor Yunus.
    expect(await cited('Dhun-Nun kimdir?', 'tr', inline)).toContain('37:142');
    expect(await cited('Dhun-Nun kimdir?', 'tr', { ...inline, anchors: false })).not.toContain('37:142');
  });

  it('still refuses a question the sources do not answer', async () => {
    expect(await cited('Which football team won the world cup?', 'en', inline)).toEqual([]);
    expect(await cited('Dünya kupasını hangi futbol takımı kazandı?', 'tr', inline)).toEqual([]);
  });

  it('refuses a question about a named person the sources never mention, though WordNet names his class', async () => {
    // WordNet makes Shakespeare an instance of "poet"; the Quran's verses on poets (26:224) do
    // not mention him, so nothing in them relates to the question.
    expect(await cited('What did Shakespeare write about love?', 'en', undefined)).toEqual([]);
    expect(await cited('Shakespeare aşk hakkında ne yazdı?', 'tr', undefined)).toEqual([]);
    // The class itself, asked about, still finds its verses.
    expect(await cited('What did the poets write about love?', 'en', undefined)).toContain('26:224');
  });

  it('counts a concept mention for each of its words: the verse stating it answers although it lacks the question\'s verb', async () => {
    const [mention] = queryTerms('Ashab-ı Kehf kaç yıl uyudu?', ['tr'], caveOnly);
    expect(mention && contentWords(mention, 'tr')).toBe(2);
    // 18:25 ("Onlar mağaralarında üçyüz dokuz yıl kaldılar") says neither "Kehf" nor "uyudu";
    // with the mention counted as one term, its coverage was 0.49 and the question was refused.
    expect(await cited('Ashab-ı Kehf kaç yıl uyudu?', 'tr', caveOnly)).toContain('18:25');
    expect(await cited('Mağaradaki gençler ne kadar uyudu?', 'tr', caveOnly)).toEqual(expect.arrayContaining(['18:10', '18:25']));
  });

  it('never answers a question about a concept the sources are silent on: at most its closest passages', async () => {
    for (const [question, lang] of [
      ['What football team did the people of the cave support?', 'en'],
      ['Mağaradaki gençler hangi futbol takımını tutuyordu?', 'tr'],
    ] as const) {
      const found = await findPassages(db, { question, lang, source: 'quran' }, undefined, caveOnly);
      expect(found?.passages.length === 0 || found?.related).toBe(true);
    }
  });
});
