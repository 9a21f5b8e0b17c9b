import request from 'supertest';
import type { Express } from 'express';
import type { Answer } from '@kb/contracts';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';
import { ANSWER_MESSAGES } from './messages';

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
    expect(answer.citations.map((c) => c.ref)).toContain('2:153');
    for (const c of answer.citations) {
      expect(c).toMatchObject({ source: 'quran', lang: 'en', translator: 'Saheeh International' });
      expect(c.text).toMatch(/patien/i);
      expect(c.original).toEqual({ lang: 'ar', text: expect.stringMatching(/[\u0600-\u06FF]/) });
      expect(c.url).toBeUndefined();
    }
    const verse = answer.citations.find((c) => c.ref === '2:153');
    expect(verse?.text).toBe(
      'O you who have believed, seek help through patience and prayer. Indeed, Allah is with the patient',
    );
  });

  it('answers "Sabır hakkında Kuran ne diyor?" in Turkish from the Diyanet translation', async () => {
    const answer = await ask({ question: 'Sabır hakkında Kuran ne diyor?', lang: 'tr' });
    expect(answer.refused).toBe(false);
    expect(answer.citations.length).toBeGreaterThanOrEqual(3);
    expect(answer.citations.map((c) => c.ref)).toContain('2:153');
    for (const c of answer.citations) {
      expect(c).toMatchObject({ source: 'quran', lang: 'tr', translator: 'Diyanet İşleri Başkanlığı' });
      expect(c.text).toMatch(/sab[ır]/i);
    }
    expect(answer.answer).toContain("Kur'an");
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
    expect(answer).toEqual({ answer: ANSWER_MESSAGES[lang].refused, citations: [], mode: 'extractive', refused: true });
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
