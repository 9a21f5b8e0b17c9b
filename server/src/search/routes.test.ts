import request from 'supertest';
import type { Express } from 'express';
import type { SearchHit, SearchResponse } from '@kb/contracts';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { arabicWordForms } from '../languages/arabic';

function unescapeHtml(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe.each(testBackends)('GET /api/search ($name)', (backend) => {
  let db: Database;
  let app: Express;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    app = testApp(db);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  async function search(query: Record<string, string | number>): Promise<SearchResponse> {
    const res = await request(app).get('/api/search').query(query);
    expect(res.status).toBe(200);
    return res.body as SearchResponse;
  }
  const refs = (body: SearchResponse): string[] => body.hits.map((h) => h.ref);

  it('finds passages by their words and answers the contract shape', async () => {
    const body = await search({ q: 'patience', lang: 'en', limit: 50 });
    expect(body.query).toBe('patience');
    expect(body.total).toBeGreaterThanOrEqual(body.hits.length);
    expect(refs(body)).toContain('2:153');
    const hit = body.hits.find((h) => h.ref === '2:153') as SearchHit;
    expect(hit).toEqual({
      id: 'quran:en:2:153',
      source: 'quran',
      ref: '2:153',
      lang: 'en',
      text: 'O you who have believed, seek help through patience and prayer. Indeed, Allah is with the patient',
      highlight:
        'O you who have believed, seek help through <mark>patience</mark> and prayer. Indeed, Allah is with the <mark>patient</mark>',
      score: expect.any(Number),
      url: '/read/quran/2%3A153',
    });
    for (const h of body.hits) expect(h.text).toMatch(/patien/i);
  });

  it('ranks passages matching more of the query first, scores descending', async () => {
    const body = await search({ q: 'patience and prayer', lang: 'en' });
    expect(body.hits[0]?.highlight).toMatch(/<mark>patience<\/mark>.*<mark>prayer<\/mark>/);
    const scores = body.hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('finds 1:1 for الرحمن in the Uthmani text (superscript alef spelled without alef)', async () => {
    const body = await search({ q: 'الرحمن', lang: 'ar', limit: 50 });
    expect(refs(body)).toContain('1:1');
    const first = body.hits.find((h) => h.ref === '1:1');
    expect(first?.source).toBe('quran-arabic');
    const marked = [...(first?.highlight ?? '').matchAll(/<mark>([^<]+)<\/mark>/g)].map((m) => m[1] ?? '');
    // The Uthmani ٱلرَّحۡمَٰنِ is marked (the glossary's concept also marks its other name, ٱلرَّحِيمِ).
    expect(marked.filter((w) => arabicWordForms(w).includes('الرحمن'))).toHaveLength(1);
  });

  it('finds الصابرين written with a full alef', async () => {
    expect(refs(await search({ q: 'الصابرين', lang: 'ar', limit: 50 }))).toContain('2:153');
  });

  async function allRefs(q: string): Promise<string[]> {
    const found: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await search({ q, lang: 'tr', limit: 50, offset });
      found.push(...refs(page));
      if (page.hits.length < 50) return found;
    }
  }

  it('folds Turkish case and letters: SABIR, sabır and sabir find the same verses', async () => {
    const lower = await allRefs('sabır');
    expect(lower.length).toBeGreaterThan(20);
    expect(lower).toEqual(expect.arrayContaining(['2:153', '2:155', '3:200']));
    expect(await allRefs('SABIR')).toEqual(lower);
    expect((await allRefs('sabir')).sort()).toEqual([...lower].sort());
    expect(await allRefs('IŞIK')).toEqual(await allRefs('ışık'));
    const incil = await search({ q: 'İNCİL', lang: 'tr' });
    expect(incil.total).toBeGreaterThan(0);
    expect(refs(await search({ q: 'incil', lang: 'tr' }))).toEqual(refs(incil));
  });

  it('matches Turkish words through their vowel-dropping stem (sabır → sabredenler)', async () => {
    const body = await search({ q: 'sabır', lang: 'tr', limit: 50 });
    expect(body.hits.some((h) => /<mark>sabreden/i.test(h.highlight))).toBe(true);
  });

  it('escapes everything in highlights but the marks', async () => {
    const body = await search({ q: 'Allah', lang: 'tr', limit: 50 });
    const quoted = body.hits.filter((h) => /['"]/.test(h.text));
    expect(quoted.length).toBeGreaterThan(0);
    for (const h of body.hits) {
      const bare = h.highlight.replace(/<\/?mark>/g, '');
      expect(bare).not.toMatch(/[<>"']/);
      expect(unescapeHtml(bare)).toBe(h.text);
    }
  });

  it('searches every language with lang=all and filters by source', async () => {
    const all = await search({ q: 'الرحمن', limit: 5 });
    expect(all.hits.every((h) => h.lang === 'ar')).toBe(true);
    const english = await search({ q: 'mercy', lang: 'all', source: 'quran', limit: 5 });
    expect(english.hits.length).toBe(5);
    expect(english.hits.every((h) => h.source === 'quran')).toBe(true);
    expect((await search({ q: 'mercy', source: 'quran-arabic' })).total).toBe(0);
  });

  it('pages with limit and offset', async () => {
    const first = await search({ q: 'mercy', lang: 'en', limit: 5 });
    const second = await search({ q: 'mercy', lang: 'en', limit: 5, offset: 5 });
    expect(first.hits).toHaveLength(5);
    expect(second.total).toBe(first.total);
    expect(refs(second).filter((r) => refs(first).includes(r))).toEqual([]);
  });

  it.each([
    ['2:255', 'tr', '2:255', 'quran'],
    ['Bakara 255', 'tr', '2:255', 'quran'],
    ['Al-Baqarah 255', 'en', '2:255', 'quran'],
    ['Ayetel Kürsi', 'tr', '2:255', 'quran'],
    ['البقرة 255', 'ar', '2:255', 'quran-arabic'],
    ['John 3:16', 'en', 'John 3:16', 'bible'],
    ['Yuhanna 3:16', 'en', 'John 3:16', 'bible'],
  ])('answers the reference %s (lang %s) with the verse itself first', async (q, lang, ref, source) => {
    const body = await search({ q, lang });
    expect(body.total).toBe(1);
    expect(body.hits[0]).toMatchObject({ ref, source, lang, url: `/read/${source}/${encodeURIComponent(ref)}` });
  });

  it('answers a range in reading order, every language with lang=all, Arabic first', async () => {
    const range = await search({ q: '2:255-257', lang: 'en' });
    expect(refs(range)).toEqual(['2:255', '2:256', '2:257']);
    const all = await search({ q: '1:1', lang: 'all' });
    expect(all.hits.map((h) => h.lang)).toEqual(['ar', 'en', 'tr']);
    const chapter = await search({ q: 'Ps 23', lang: 'en', limit: 50 });
    expect(refs(chapter)).toEqual(['Psalms 23:1', 'Psalms 23:2', 'Psalms 23:3', 'Psalms 23:4', 'Psalms 23:5', 'Psalms 23:6']);
  });

  it('searches the KJV and matches the last word typed as a prefix', async () => {
    const shepherd = await search({ q: 'the LORD is my shepherd', lang: 'en', source: 'bible' });
    expect(shepherd.hits[0]?.ref).toBe('Psalms 23:1');
    expect(shepherd.hits[0]?.text).toBe('The LORD [is] my shepherd; I shall not want.');
    const typing = await search({ q: 'seek help through pati', lang: 'en', source: 'quran' });
    expect(typing.hits[0]?.ref).toBe('2:153');
    expect(typing.hits[0]?.highlight).toMatch(/<mark>patience<\/mark>/);
  });

  it('searches every language at once with lang=all', async () => {
    const body = await search({ q: 'sabır patience الصبر', lang: 'all', limit: 50 });
    expect(new Set(body.hits.map((h) => h.lang))).toEqual(new Set(['ar', 'en', 'tr']));
    const sum = (await search({ q: 'mercy', lang: 'en' })).total + (await search({ q: 'mercy', lang: 'tr' })).total;
    expect((await search({ q: 'mercy', lang: 'all' })).total).toBeGreaterThanOrEqual(sum);
  });

  it('keeps the total and the order when paging far past the first hits', async () => {
    const first = await search({ q: 'Allah', lang: 'en', limit: 50 });
    expect(first.total).toBeGreaterThan(1000);
    const seen = new Set(first.hits.map((h) => h.id));
    const deep = await search({ q: 'Allah', lang: 'en', limit: 50, offset: 950 });
    expect(deep.total).toBe(first.total);
    expect(deep.hits).toHaveLength(50);
    expect(deep.hits.every((h) => !seen.has(h.id))).toBe(true);
    const past = await search({ q: 'Allah', lang: 'en', limit: 10, offset: first.total });
    expect(past).toEqual({ query: 'Allah', total: first.total, hits: [] });
  });

  it('answers a query that matches nothing with no hits', async () => {
    expect(await search({ q: 'zzyzx', lang: 'en' })).toEqual({ query: 'zzyzx', total: 0, hits: [] });
  });

  it.each([
    ['no q', ''],
    ['a blank q', '?q=%20%20'],
    ['a q over 200 characters', `?q=${'a'.repeat(201)}`],
    ['q twice', '?q=a&q=b'],
    ['a NUL in q', '?q=a%00b'],
    ['limit 0', '?q=mercy&limit=0'],
    ['limit 51', '?q=mercy&limit=51'],
    ['a limit that is not a number', '?q=mercy&limit=ten'],
    ['a negative offset', '?q=mercy&offset=-1'],
    ['an unknown lang', '?q=mercy&lang=english'],
    ['a bad source', '?q=mercy&source=../etc'],
  ])('refuses %s with 400', async (_what, query) => {
    const res = await request(app).get(`/api/search${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.any(String) });
  });
});
