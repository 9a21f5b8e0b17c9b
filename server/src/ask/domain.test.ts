import type { Database } from '../db/database';
import { useTestDatabase, testBackends } from '../testing/databases';
import { findPassages } from './service';

describe.each(testBackends)('ask and the words a source uses incidentally ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened));

  const outcome = async (question: string, lang: 'en' | 'tr'): Promise<string> => {
    const found = await findPassages(db, { question, lang, source: 'bible' });
    if (!found || found.passages.length === 0) return 'refused';
    return `${found.related ? 'related' : 'answer'} ${found.passages.flatMap((p) => p.refs).join(' ')}`;
  };

  it('refuses an off-topic question whose only shared words turn up in the text by the way', async () => {
    // Matthew 5:41 ("go a mile") shares with it only words far rarer in the KJV than in
    // everyday English: it used to be offered as related.
    expect(await outcome('How do I get my mile time down?', 'en')).toBe('refused');
  });

  it('still answers or relates a question sharing such a word and one the text uses as its own', async () => {
    expect(await outcome('What shall the meek get?', 'en')).toMatch(/^(answer|related) .*Matthew 5:5/);
    expect(await outcome('Does the shepherd lead me beside still waters?', 'en')).toMatch(/Psalms 23:2/);
  });
});
