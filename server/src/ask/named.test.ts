import type { Database } from '../db/database';
import { useTestDatabase, testBackends } from '../testing/databases';
import { answerQuestion } from './answer';

describe.each(testBackends)('a question that names its source, asked without one ($name)', (backend) => {
  let db: Database;
  useTestDatabase(backend, (opened) => (db = opened));

  it('is answered from the source it names, and the answer says which', async () => {
    const { answer } = await answerQuestion(db, { question: 'What does the Bible say about patience?', lang: 'en' });
    expect(answer.refused).toBe(false);
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(new Set(answer.citations.map((c) => c.source))).toEqual(new Set(['bible']));
    expect(answer.answer).toMatch(/in the Bible/);
    expect(answer.answer).toMatch(/King James Version/);
  });

  it('is searched in the source asked for when there is one', async () => {
    const { answer } = await answerQuestion(db, { question: 'What does the Bible say about patience?', lang: 'en', source: 'quran' });
    expect(answer.citations.filter((c) => c.source !== 'quran')).toEqual([]);
    expect(answer.answer).not.toMatch(/King James/);
  });

  it('is searched as typed in the Quran when the source it names has nothing on it', async () => {
    // The KJV has no Turkish passages for these Turkish words; the Quran speaks of the Gospel.
    const { answer } = await answerQuestion(db, { question: 'İncil nedir?', lang: 'tr' });
    expect(answer.lang).toBe('tr');
    expect(answer.refused).toBe(false);
    expect(new Set(answer.citations.map((c) => c.source))).toEqual(new Set(['quran']));
    expect(answer.answer).toMatch(/Kur'an-ı Kerim/);
  });

  it('is refused, not answered from another source, when the source it names has nothing on it in the asker\'s language', async () => {
    const { answer } = await answerQuestion(db, { question: 'What does the Bible say about smartphones?', lang: 'en' });
    expect(answer.refused).toBe(true);
    expect(answer.citations).toEqual([]);
  });

  it('is answered for a Turkish asker from the KJV, its words searched in English, and says so', async () => {
    const { answer } = await answerQuestion(db, { question: 'Düşmanını sevmek hakkında ne diyor?', lang: 'tr', source: 'bible' });
    expect(answer).toMatchObject({ refused: false, related: false, lang: 'tr' });
    expect(answer.answer).toMatch(/Türkçe metin bulunmadığından İngilizce metni arandı/);
    expect(answer.citations.every((c) => c.source === 'bible' && c.lang === 'en')).toBe(true);
    // "Love your enemies" (Matthew 5:44, Luke 6:27, 6:35).
    expect(answer.citations.map((c) => c.text).join(' ')).toMatch(/Love your enemies/);
    const named = await answerQuestion(db, { question: 'Kitab-ı Mukaddes\'e göre sabır nedir?', lang: 'tr' });
    expect(named.answer.refused).toBe(false);
    expect(new Set(named.answer.citations.map((c) => c.source))).toEqual(new Set(['bible']));
    expect(named.answer.citations.map((c) => c.text).join(' ')).toMatch(/patience/i);
  });

  it('is refused in words that say its text is in another language, when nothing there matches the asker\'s', async () => {
    const { answer } = await answerQuestion(db, { question: 'Bilgisayar virüsleri hakkında ne diyor?', lang: 'tr', source: 'bible' });
    expect(answer.refused).toBe(true);
    expect(answer.lang).toBe('tr');
    expect(answer.answer).toMatch(/Türkçe metin bulunmadığından İngilizce metni arandı/);
    const english = await answerQuestion(db, { question: 'What does it say about smartphones?', lang: 'en', source: 'bible' });
    expect(english.answer.refused).toBe(true);
    expect(english.answer.answer).not.toMatch(/no passages in English/);
  });
});
