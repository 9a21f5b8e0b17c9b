import request from 'supertest';
import type { Express } from 'express';
import type { Answer, VerseResponse } from '@kb/contracts';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { ANSWER_MESSAGES } from './messages';
import { MAX_RELATED } from './service';

describe.each(testBackends)('POST /api/ask ($name)', (backend) => {
  let db: Database;
  let app: Express;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    app = testApp(db);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  async function ask(body: Record<string, unknown>): Promise<Answer> {
    const res = await request(app).post('/api/ask').send(body);
    expect(res.status).toBe(200);
    const answer = res.body as Answer;
    expect(answer.mode).toBe('extractive');
    // Every marker refers to a citation, every citation is numbered 1..n and quoted once.
    const markers = [...answer.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(new Set(markers)).toEqual(new Set(answer.citations.map((c) => c.n)));
    expect(answer.citations.map((c) => c.n)).toEqual(answer.citations.map((_, i) => i + 1));
    const refs = answer.citations.map((c) => `${c.source} ${c.ref}`);
    expect(new Set(refs).size).toBe(refs.length);
    for (const c of answer.citations) expect(answer.answer).toContain(c.text);
    return answer;
  }

  it('answers "What does the Quran say about patience?" with verses on patience', async () => {
    const answer = await ask({ question: 'What does the Quran say about patience?', lang: 'en' });
    expect(answer.refused).toBe(false);
    expect(answer.citations.length).toBeGreaterThanOrEqual(3);
    expect(answer.citations.length).toBeLessThanOrEqual(5);
    expect(answer.citations.map((c) => c.ref.split('-')[0])).toContain('2:153');
    for (const c of answer.citations) {
      expect(c).toMatchObject({ source: 'quran', lang: 'en', translator: 'Saheeh International' });
      expect(c.text).toMatch(/patien/i);
      expect(c.original).toEqual({ lang: 'ar', text: expect.stringMatching(/[\u0600-\u06FF]/) });
      expect(c.url).toBe(`/read/quran/${encodeURIComponent(c.ref)}`);
    }
    const verse = answer.citations.find((c) => c.ref.startsWith('2:153'));
    expect(verse?.text).toContain(
      'O you who have believed, seek help through patience and prayer. Indeed, Allah is with the patient',
    );
  });

  it('answers in the question\'s own language whatever the interface\'s', async () => {
    const turkish = await ask({ question: 'Sabır hakkında Kuran ne diyor?', lang: 'en' });
    expect(turkish.lang).toBe('tr');
    expect(turkish.citations[0]).toMatchObject({ lang: 'tr' });
    expect(turkish.answer).toContain('metinler aynen aktarılmıştır');
    const english = await ask({ question: 'What does the Quran say about patience?', lang: 'tr' });
    expect(english.lang).toBe('en');
    expect(english.citations[0]).toMatchObject({ lang: 'en' });
    // Too little text to tell: the interface's language decides.
    expect((await ask({ question: '2:255', lang: 'tr' })).lang).toBe('tr');
  });

  it('searches an Arabic question in the Arabic text and answers in the interface language', async () => {
    const answer = await ask({ question: 'ما يقول القرآن عن الصبر والصلاة', lang: 'en' });
    expect(answer.refused).toBe(false);
    expect(answer.lang).toBe('en');
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const c of answer.citations) expect(c).toMatchObject({ source: 'quran', lang: 'en', original: { lang: 'ar' } });
  });

  it('says plainly when the closest passages only relate to the question, before quoting them', async () => {
    const answer = await ask({ question: 'What did the companions of the cave eat while they slept?', lang: 'en' });
    expect(answer.refused).toBe(false);
    expect(answer.related).toBe(true);
    expect(answer.answer.startsWith(ANSWER_MESSAGES.en.related)).toBe(true);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.length).toBeLessThanOrEqual(MAX_RELATED);
  });

  it.each(['Sabır hakkında ne yazıyor?', 'kuranda sabir hakkinda ne yaziyor', "Kur'an'a göre sabır", 'Sabır hakkında ne deniyor?'])(
    'reads "%s" as a question about patience, not about writing or saying',
    async (question) => {
      const answer = await ask({ question, lang: 'tr' });
      expect(answer).toMatchObject({ refused: false, related: false, lang: 'tr' });
      expect(answer.citations.map((c) => c.ref.split('-')[0])).toContain('2:153');
    },
  );

  it('answers "Sabır hakkında Kuran ne diyor?" in Turkish from the Diyanet translation', async () => {
    const answer = await ask({ question: 'Sabır hakkında Kuran ne diyor?', lang: 'tr' });
    expect(answer.refused).toBe(false);
    expect(answer.citations.length).toBeGreaterThanOrEqual(3);
    expect(answer.citations.map((c) => c.ref.split('-')[0])).toContain('2:153');
    for (const c of answer.citations) {
      expect(c).toMatchObject({ source: 'quran', lang: 'tr', translator: 'Diyanet İşleri Başkanlığı' });
      expect(c.text).toMatch(/sab[ır]/i);
    }
    // The answer names a reference as its citation card does.
    expect(answer.answer).toContain("[1] Kur'an-ı Kerim ");
  });

  it('answers "Who is the mother of Jesus?" citing a verse that names Jesus, son of Mary', async () => {
    const answer = await ask({ question: 'Who is the mother of Jesus?', lang: 'en' });
    expect(answer.refused).toBe(false);
    expect(answer.citations.some((c) => /Jesus/.test(c.text) && /son of Mary/i.test(c.text))).toBe(true);
  });

  it.each([
    ['en', 'What was the final score of the football match yesterday?'],
    ['en', "How long does my phone's battery last?"],
    ['en', 'What is the battery life of my phone?'],
    ['tr', 'Dünkü futbol maçının skoru neydi?'],
    ['tr', 'Telefonumun pil ömrü ne kadar?'],
  ] as const)('refuses (%s) "%s"', async (lang, question) => {
    const answer = await ask({ question, lang });
    expect(answer).toEqual({ answer: ANSWER_MESSAGES[lang].refused, citations: [], mode: 'extractive', refused: true, related: false, lang });
  });

  it('refuses honestly in Turkish, with Turkish letters', () => {
    expect(ANSWER_MESSAGES.tr.refused).toMatch(/[ıİğşçöü]/);
  });

  it('searches a source without passages in the asker language in its own language, and says so', async () => {
    const answer = await ask({ question: 'الرحمن', lang: 'tr', source: 'quran-arabic' });
    expect(answer.refused).toBe(false);
    expect(answer.answer).toContain('Arapça');
    expect(answer.citations[0]).toMatchObject({ source: 'quran-arabic', lang: 'ar' });
  });

  it('refuses for a source with no passages', async () => {
    const answer = await ask({ question: 'In the beginning was the Word', lang: 'en', source: 'sizinti' });
    expect(answer).toMatchObject({ refused: true, citations: [] });
  });

  it('joins adjacent verses into one passage and quotes each verse once, with the Arabic of every verse', async () => {
    const answer = await ask({ question: 'What is Ayat al-Kursi?', lang: 'en' });
    expect(answer.refused).toBe(false);
    const range = await ask({ question: '2:255-257', lang: 'en' });
    expect(range.citations).toHaveLength(1);
    const [c] = range.citations;
    expect(c).toMatchObject({ ref: '2:255-257', url: '/read/quran/2%3A255-257', translator: 'Saheeh International' });
    expect(c?.text).toMatch(/^Allah - there is no deity except Him.*There shall be no compulsion.*Allah is the ally of those who believe/s);
    expect(c?.original?.text.split(' ').length).toBeGreaterThan(50);
    // Each joined verse apart, so a reader can number them; together they are the citation's text.
    expect(c?.verses?.map((v) => v.ref)).toEqual(['2:255', '2:256', '2:257']);
    expect(c?.verses?.map((v) => v.text).join(' ')).toBe(c?.text);
    expect(c?.verses?.map((v) => v.original).join(' ')).toBe(c?.original?.text);
    expect(c?.verses?.[1]?.text).toMatch(/^There shall be no compulsion/);
    // A single verse carries no `verses`.
    expect((await ask({ question: '2:153', lang: 'en' })).citations[0]?.verses).toBeUndefined();
  });

  it('quotes once a text that a translation gives for several verses together', async () => {
    // Diyanet translates 2:45 and 2:46 as one sentence and stores it under both verses.
    const [v45, v46, v47] = await Promise.all(
      [45, 46, 47].map(async (ayah) => (await request(app).get(`/api/verses/2/${ayah}?translations=tr`)).body as VerseResponse),
    );
    const shared = v45?.translations[0]?.text ?? '';
    expect(shared.length).toBeGreaterThan(20);
    expect(v46?.translations[0]?.text).toBe(shared);
    expect(v47?.translations[0]?.text).not.toBe(shared);

    const answer = await ask({ question: '2:45-47', lang: 'tr' });
    const [c] = answer.citations;
    expect(c).toMatchObject({ ref: '2:45-47', translator: 'Diyanet İşleri Başkanlığı' });
    expect(c?.text).toBe(`${shared} ${v47?.translations[0]?.text}`);
    expect(answer.answer.split(shared)).toHaveLength(2);
    // The verses translated together are one entry, numbered 45-46, with both Arabic verses.
    expect(c?.verses).toEqual([
      { ref: '2:45-46', text: shared, original: `${v45?.arabic.text} ${v46?.arabic.text}` },
      { ref: '2:47', text: v47?.translations[0]?.text, original: v47?.arabic.text },
    ]);
    expect(c?.original?.text).toBe(`${v45?.arabic.text} ${v46?.arabic.text} ${v47?.arabic.text}`);

    // Two verses with one text: quoted once, with no `verses` to number.
    const pair = await ask({ question: '2:45-46', lang: 'tr' });
    expect(pair.citations[0]).toMatchObject({ ref: '2:45-46', text: shared });
    expect(pair.citations[0]?.verses).toBeUndefined();
  });

  it('answers a question that is a reference with the verse itself', async () => {
    const answer = await ask({ question: 'Bakara 255', lang: 'tr' });
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]).toMatchObject({ ref: '2:255', lang: 'tr', translator: 'Diyanet İşleri Başkanlığı' });
  });

  it('answers a Turkish asker from the KJV in English and says so', async () => {
    const answer = await ask({ question: 'John 3:16', lang: 'tr', source: 'bible' });
    expect(answer.refused).toBe(false);
    expect(answer.answer).toContain('İngilizce');
    expect(answer.citations[0]).toMatchObject({ source: 'bible', lang: 'en', ref: 'John 3:16', url: '/read/bible/John%203%3A16' });
    expect(answer.citations[0]?.translator).toMatch(/King James Version/);
    const words = await ask({ question: 'the Lord is my shepherd', lang: 'tr', source: 'bible' });
    expect(words.citations.map((c) => c.ref)).toContain('Psalms 23:1');
    expect(words.citations.every((c) => c.source === 'bible')).toBe(true);
  });

  it('streams the answer as Server-Sent Events: meta, citations, deltas, done', async () => {
    const res = await request(app)
      .post('/api/ask')
      .set('Accept', 'text/event-stream')
      .send({ question: 'What does the Quran say about patience?', lang: 'en' })
      .buffer(true)
      .parse((response, callback) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => callback(null, body));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const events = String(res.body)
      .split('\n\n')
      .filter(Boolean)
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return { event: eventLine?.replace('event: ', ''), data: JSON.parse(dataLine?.replace('data: ', '') ?? 'null') as unknown };
      });
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('meta');
    expect(events[0]?.data).toEqual({ mode: 'extractive' });
    expect(names.at(-1)).toBe('done');
    const done = events.at(-1)?.data as Answer;
    const json = (await request(app).post('/api/ask').send({ question: 'What does the Quran say about patience?', lang: 'en' })).body as Answer;
    expect(done).toEqual(json);
    expect(events.filter((e) => e.event === 'citation').map((e) => e.data)).toEqual(done.citations);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(done.answer);
    expect(names.indexOf('delta')).toBeGreaterThan(names.lastIndexOf('citation'));
  });

  it('answers a bad body with a 400 JSON error even when a stream was asked for', async () => {
    const res = await request(app).post('/api/ask').set('Accept', 'text/event-stream').send({ question: '', lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.any(String) });
  });

  it.each([
    ['no question', { lang: 'en' }],
    ['a blank question', { question: '   ', lang: 'en' }],
    ['a question that is not text', { question: 42, lang: 'en' }],
    ['a question over 1000 characters', { question: 'a'.repeat(1001), lang: 'en' }],
    ['an unknown lang', { question: 'patience', lang: 'de' }],
    ['a bad source', { question: 'patience', lang: 'en', source: 'Quran!' }],
    ['a lone surrogate', { question: 'patience \ud800', lang: 'en' }],
  ])('refuses %s with 400', async (_what, body) => {
    const res = await request(app).post('/api/ask').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.any(String) });
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await request(app).post('/api/ask').set('Content-Type', 'application/json').send('["patience"]');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
  });
});
