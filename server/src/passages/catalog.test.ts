import type { Database } from '../db/database';
import { useTestDatabase, testBackends } from '../testing/databases';
import { countIndexedPassages } from './catalog';

describe.each(testBackends)('indexed passages per source ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened), false);

  it('counts the passages of each source over all languages', async () => {
    expect(await countIndexedPassages(db)).toEqual(new Map());
    const insert = (source: string, lang: string, ref: string): Promise<unknown> =>
      db.query(
        `INSERT INTO passages (id, source, lang, ref, position, text, norm, translator)
         VALUES ($1, $2, $3, $4, 1, 'text', 'text', 'test')`,
        [`${source}:${lang}:${ref}`, source, lang, ref],
      );
    await insert('quran', 'en', '1:1');
    await insert('quran', 'tr', '1:1');
    await insert('quran-arabic', 'ar', '1:1');
    expect(await countIndexedPassages(db)).toEqual(
      new Map([
        ['quran', 2],
        ['quran-arabic', 1],
      ]),
    );
  });
});
