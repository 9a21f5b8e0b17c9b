import type { Database } from '../db/database';
import type { Expansion } from '../search/service';
import { jonahOnly } from '../testing/concepts';
import { useTestDatabase, testBackends } from '../testing/databases';
import { findPassages } from './service';

const inline: Expansion = jonahOnly;

describe.each(testBackends)('ask with concept anchors ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened));

  const cited = async (question: string, lang: 'en' | 'tr', expansion: Expansion): Promise<string[]> =>
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
});
