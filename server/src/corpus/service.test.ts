import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { QURAN_IMPORTS, quranJsonDir } from './catalog';
import { isCorpusLoaded, loadCorpus } from './service';

describe.each(testBackends)('corpus loader ($name)', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend, false);
  });
  afterAll(async () => {
    await db.close();
  });

  it('loads each verse once per language, with progress, and a second run does nothing', async () => {
    expect(await isCorpusLoaded(db)).toBe(false);
    const progress: number[] = [];
    const first = await loadCorpus(db, { surahs: [1, 112], onProgress: (done) => progress.push(done) });
    expect(first.loaded).toEqual([
      { id: 'quran-json:ar', passages: 11 },
      { id: 'quran-json:en', passages: 11 },
      { id: 'quran-json:tr', passages: 11 },
    ]);
    expect(progress.at(-1)).toBe(33);
    expect(await isCorpusLoaded(db)).toBe(true);
    const second = await loadCorpus(db, { surahs: [1, 112] });
    expect(second).toEqual({ loaded: [], skipped: QURAN_IMPORTS.map((i) => i.id) });
    const counts = await db.query<{ lang: string; n: number }>(
      'SELECT lang, count(*)::int AS n FROM passages GROUP BY lang ORDER BY lang',
    );
    expect(counts).toEqual([
      { lang: 'ar', n: 11 },
      { lang: 'en', n: 11 },
      { lang: 'tr', n: 11 },
    ]);
  });

  it('stores the text exactly as shipped, with its source, reference and translator', async () => {
    const read = (file: string): { verses: { text: string; translation?: string }[] }[] =>
      JSON.parse(fs.readFileSync(path.join(quranJsonDir(), file), 'utf8')) as { verses: { text: string }[] }[];
    const arabic = read('quran.json')[111]?.verses[0]?.text;
    const turkish = read('quran_tr.json')[111]?.verses[0]?.translation;
    expect(arabic).toMatch(/^قُ/);
    const rows = await db.query<{ id: string; source: string; ref: string; text: string; translator: string }>(
      "SELECT id, source, ref, text, translator FROM passages WHERE ref = '112:1' ORDER BY id",
    );
    expect(rows).toEqual([
      {
        id: 'quran-arabic:ar:112:1',
        source: 'quran-arabic',
        ref: '112:1',
        text: arabic,
        translator: expect.stringContaining('QuranEnc'),
      },
      {
        id: 'quran:en:112:1',
        source: 'quran',
        ref: '112:1',
        text: 'Say, "He is Allah, [who is] One',
        translator: 'Saheeh International',
      },
      {
        id: 'quran:tr:112:1',
        source: 'quran',
        ref: '112:1',
        text: turkish,
        translator: 'Diyanet İşleri Başkanlığı',
      },
    ]);
  });
});
