/**
 * The questions and search queries the benchmarks send: English, Turkish and Arabic, single
 * words and natural-language questions, on themes the shipped corpus (the Quran in eleven
 * languages, the KJV) answers. `lang` is the passage language searched (`GET /api/search`) or
 * the asker's language (`POST /api/ask`).
 */

/** Search queries by class: `<language>-word` and `<language>-question`. */
export const SEARCH_CLASSES = {
  'en-word': ['mercy', 'patience', 'prayer', 'light', 'forgiveness', 'charity', 'paradise', 'prophets'].map((q) => ({ q, lang: 'en' })),
  'en-question': [
    'What does the Quran say about patience in hardship?',
    'How should orphans be treated?',
    'Who will enter paradise?',
    'Is backbiting forbidden?',
    'What is the reward for giving charity?',
    'Why do believers pray at night?',
  ].map((q) => ({ q, lang: 'en' })),
  'tr-word': ['sabır', 'rahmet', 'namaz', 'cennet', 'tövbe', 'sadaka', 'yetim', 'ışık'].map((q) => ({ q, lang: 'tr' })),
  'tr-question': [
    'Kuran sabır hakkında ne diyor?',
    'Yetimlere nasıl davranılmalı?',
    'Cennete kimler girecek?',
    'Gıybet etmek yasak mı?',
    'Sadaka vermenin sevabı nedir?',
    'İnsan neden yaratıldı?',
  ].map((q) => ({ q, lang: 'tr' })),
  'ar-word': ['الرحمن', 'الصبر', 'الصلاة', 'الجنة', 'التوبة', 'النور'].map((q) => ({ q, lang: 'ar' })),
  'ar-question': ['ما جزاء الصابرين في الآخرة؟', 'كيف نعامل اليتيم؟', 'من يدخل الجنة؟', 'ما هي التوبة النصوح؟', 'لماذا خلق الله الإنسان؟'].map(
    (q) => ({ q, lang: 'ar' }),
  ),
};

/** Every search query, classes interleaved (the load test's mix). */
export function searchMix() {
  const lists = Object.values(SEARCH_CLASSES);
  const longest = Math.max(...lists.map((l) => l.length));
  const mix = [];
  for (let i = 0; i < longest; i += 1) for (const list of lists) if (list[i]) mix.push(list[i]);
  return mix;
}

/** `GET /api/search` path of a query. @param {{ q: string, lang: string }} query */
export const searchPath = ({ q, lang }) => `/api/search?q=${encodeURIComponent(q)}&lang=${lang}&limit=10`;

/** Questions for `POST /api/ask`: English and Turkish askers, answerable and not. */
export const ASK_QUESTIONS = [
  { question: 'What does the Quran say about patience?', lang: 'en' },
  { question: 'How should orphans be treated?', lang: 'en' },
  { question: 'What is the reward for giving charity?', lang: 'en' },
  { question: 'Who is the best footballer of all time?', lang: 'en' },
  { question: 'Kuran sabır hakkında ne diyor?', lang: 'tr' },
  { question: 'Yetimlere nasıl davranılmalı?', lang: 'tr' },
  { question: 'Tövbe eden kişinin durumu nedir?', lang: 'tr' },
  { question: 'Bitcoin fiyatı ne olacak?', lang: 'tr' },
];
