import request from 'supertest';
import type { Express } from 'express';
import type { StatsResponse, VerseResponse } from '@kb/contracts';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { fontUrl } from '../web/fonts';
import { IMMUTABLE } from '../web/static';

describe.each(testBackends)('open data: verses, stats, reading pages, CORS ($name)', (backend) => {
  let db: Database;
  let app: Express;
  beforeAll(async () => {
    // Al-Fatiha, Al-Baqarah and Al-Ikhlas in every shipped language, and John 3 of the KJV.
    db = await openTestDatabase(backend, { surahs: [1, 2, 112], chapters: ['John 3'] });
    app = testApp(db);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('answers a verse with its Arabic and every translation, each credited', async () => {
    const res = await request(app).get('/api/verses/2/255');
    expect(res.status).toBe(200);
    const verse = res.body as VerseResponse;
    expect(verse).toMatchObject({
      ref: '2:255',
      surah: 2,
      ayah: 255,
      surahName: { en: 'Al-Baqarah', tr: 'Bakara', ar: 'البقرة' },
      url: '/read/quran/2%3A255',
    });
    expect(verse.arabic).toEqual({ lang: 'ar', text: expect.stringMatching(/^\u0671\u0644\u0644/), translator: expect.stringContaining('QuranEnc') });
    expect(verse.translations.map((t) => t.lang)).toEqual(['bn', 'en', 'es', 'fr', 'id', 'ru', 'sv', 'tr', 'ur', 'zh']);
    expect(verse.translations.find((t) => t.lang === 'en')).toEqual({
      lang: 'en',
      text: expect.stringMatching(/^Allah - there is no deity except Him/),
      translator: 'Saheeh International',
    });
    const some = (await request(app).get('/api/verses/2/255?translations=tr,en')).body as VerseResponse;
    expect(some.translations.map((t) => t.lang)).toEqual(['en', 'tr']);
  });

  it('sends a strong ETag and 304 for a matching If-None-Match, with CORS open', async () => {
    const first = await request(app).get('/api/verses/1/1').set('Origin', 'https://elsewhere.example');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const again = await request(app).get('/api/verses/1/1').set('If-None-Match', String(first.headers.etag));
    expect(again.status).toBe(304);
    const other = await request(app).get('/api/verses/1/1?translations=en');
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it.each([
    ['surah 0', '/api/verses/0/1', 400],
    ['surah 115', '/api/verses/115/1', 400],
    ['ayah past the surah', '/api/verses/1/8', 400],
    ['a word for a number', '/api/verses/two/255', 400],
    ['an unknown translation', '/api/verses/1/1?translations=xx', 400],
    ['a malformed translation list', '/api/verses/1/1?translations=en;tr', 400],
    ['translations twice', '/api/verses/1/1?translations=en&translations=tr', 400],
    ['a verse not loaded', '/api/verses/3/1', 404],
  ])('refuses %s', async (_what, url, status) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, error: expect.any(String) });
  });

  it('counts passages per source and language, with translators', async () => {
    const res = await request(app).get('/api/stats');
    expect(res.status).toBe(200);
    const stats = res.body as StatsResponse;
    const perSurahSet = 7 + 286 + 4;
    expect(stats.passages).toBe(perSurahSet * 11 + 36);
    expect(stats.languages).toBe(11);
    expect(stats.sources.map((s) => s.source)).toEqual(['bible', 'quran', 'quran-arabic']);
    expect(stats.sources[0]).toEqual({
      source: 'bible',
      passages: 36,
      languages: [{ lang: 'en', passages: 36, translators: [expect.stringContaining('King James Version')] }],
    });
    expect(stats.sources[1]?.languages.find((l) => l.lang === 'tr')).toEqual({
      lang: 'tr',
      passages: perSurahSet,
      translators: ['Diyanet İşleri Başkanlığı'],
    });
  });

  it('answers a CORS preflight for reads only', async () => {
    const res = await request(app).options('/api/search').set('Origin', 'https://elsewhere.example').set('Access-Control-Request-Method', 'GET');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    const search = await request(app).get('/api/search?q=mercy').set('Origin', 'https://elsewhere.example');
    expect(search.headers['access-control-allow-origin']).toBe('*');
  });

  it('shows a verse in its context with the Arabic beside the translation, and credits', async () => {
    const res = await request(app).get('/read/quran/2%3A255?lang=tr');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    expect(html).toContain('<html lang="tr"');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain("<h1>Bakara 2:255 — Kur&#39;an-ı Kerim</h1>");
    expect(html).toContain('Çeviri: Diyanet İşleri Başkanlığı');
    // The Arabic text is credited in Turkish on a Turkish page (its stored credit is English).
    expect(html).toContain('Arapça metin: Rasm-ı Osmânî, Kur&#39;an-ı Kerim Ansiklopedisi&#39;nden (QuranEnc)');
    expect(html).not.toContain('Uthmani');
    expect(html).toContain('quran-json');
    const items = [...html.matchAll(/<li id="v-2-(\d+)"/g)].map((m) => Number(m[1]));
    expect(items).toEqual([250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260]);
    expect(html).toMatch(/<li id="v-2-255" class="with-arabic" aria-current="true">/);
    expect([...html.matchAll(/aria-current="true"/g)]).toHaveLength(1);
    const arabic = ((await request(app).get('/api/verses/2/255')).body as VerseResponse).arabic.text;
    expect(html).toContain(`<p dir="rtl" lang="ar">${arabic}</p>`);
    expect(html).toContain('href="/read/quran/2%3A254?lang=tr" rel="prev"');
    expect(html).toContain('href="/read/quran/2%3A256?lang=tr" rel="next"');
    expect(html).toContain('href="/read/quran/2%3A255?lang=en"');
  });

  it('shows a range, the first verses of a surah and the KJV in English for a Turkish reader', async () => {
    const range = await request(app).get('/read/quran/2%3A255-257?lang=en');
    expect([...range.text.matchAll(/<li id="v-2-(\d+)"[^>]* aria-current="true">/g)].map((m) => m[1])).toEqual([
      '255',
      '256',
      '257',
    ]);
    expect(range.text).toContain('<h1>Al-Baqarah 2:255-257 — Quran</h1>');
    expect(range.text).toContain('Arabic text: the Uthmani script, from The Noble Qur&#39;an Encyclopedia (QuranEnc)');
    const first = await request(app).get('/read/quran-arabic/1%3A1');
    expect([...first.text.matchAll(/<li id="v-1-(\d+)"/g)].map((m) => m[1])).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(first.text).not.toContain('rel="prev"');
    const kjv = await request(app).get('/read/bible/John%203%3A16?lang=tr');
    expect(kjv.status).toBe(200);
    expect(kjv.text).toContain('Bu kaynakta Türkçe metin yok; metin İngilizce olarak gösteriliyor.');
    expect(kjv.text).toContain('<p lang="en">¶ For God so loved the world');
    expect(kjv.text).toContain('<li id="v-3-16" aria-current="true">');
    expect(kjv.text).toContain('kamu malı');
    expect(kjv.text).not.toContain('dir="rtl"');
  });

  it('sets the Arabic in the shipped font: served by the site, preloaded only by pages with Arabic', async () => {
    const res = await request(app).get('/read/quran/2%3A255?lang=en');
    const preload = `<link rel="preload" href="${fontUrl('amiri-arabic-400-normal.woff2')}" as="font" type="font/woff2" crossorigin>`;
    expect(res.text).toContain(preload);
    expect(res.text).toContain('[lang="ar"]{font-family:"Amiri",');
    expect(res.headers['content-security-policy']).toMatch(/(^|; )font-src 'self'/);
    const urls = [...res.text.matchAll(/@font-face\{font-family:"Amiri";[^}]*font-display:swap;src:url\("([^"]+)"\) format\("woff2"\)/g)].map((m) => m[1] ?? '');
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      const font = await request(app).get(url);
      expect(font.status).toBe(200);
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.headers['cache-control']).toBe(IMMUTABLE);
    }
    const arabicOnly = await request(app).get('/read/quran-arabic/1%3A1');
    expect(arabicOnly.text).toContain(preload);
    const kjv = await request(app).get('/read/bible/John%203%3A16?lang=en');
    expect(kjv.text).not.toContain('rel="preload"');
  });

  it.each([
    ['an unknown source', '/read/nope/1%3A1', 404],
    ['a verse that does not exist', '/read/quran/2%3A999', 404],
    ['a verse not loaded', '/read/quran/3%3A1', 404],
    ['a bad lang', '/read/quran/1%3A1?lang=de', 400],
    ['lang twice', '/read/quran/1%3A1?lang=en&lang=tr', 400],
    ['markup in the ref', '/read/quran/%3Cscript%3E', 404],
  ])('answers %s with a page of its own', async (_what, url, status) => {
    const res = await request(app).get(url);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).not.toContain('<script>');
  });
});
