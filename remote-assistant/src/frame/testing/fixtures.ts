import type { Answer } from '@kb/contracts';

/** An answer as POST /api/ask returns it: two numbered Quran citations. */
export const patienceAnswer: Answer = {
  answer: 'Seek help through patience and prayer [1]. Allah is with the patient [2].',
  mode: 'extractive',
  refused: false,
  related: false,
  lang: 'en',
  citations: [
    {
      n: 1,
      source: 'quran',
      ref: '2:45',
      lang: 'en',
      text: 'And seek help through patience and prayer, and indeed, it is difficult except for the humbly submissive [to Allah].',
      translator: 'Saheeh International',
      original: { lang: 'ar', text: 'وَٱسْتَعِينُوا۟ بِٱلصَّبْرِ وَٱلصَّلَوٰةِ' },
      url: '/read/quran/2%3A45',
    },
    {
      n: 2,
      source: 'quran',
      ref: '2:153',
      lang: 'en',
      text: 'O you who have believed, seek help through patience and prayer. Indeed, Allah is with the patient.',
      translator: 'Saheeh International',
      original: { lang: 'ar', text: 'إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ' },
    },
  ],
};

/** A refused answer: the sources do not answer the question. */
export const refusedAnswer: Answer = {
  answer: 'The sources I can search do not answer this question.',
  mode: 'extractive',
  refused: true,
  related: false,
  lang: 'en',
  citations: [],
};

/**
 * Related passages, as POST /api/ask returns them when the closest passages match only part of
 * the question: `related: true`, the text starting with the server's plain sentence.
 */
export const relatedAnswer: Answer = {
  answer:
    'I found no passage that answers this directly; these are the closest.\n\n' +
    'The closest passages in the Quran (Saheeh International), quoted exactly:\n\n' +
    '[1] Quran 2:188: “And do not consume one another’s wealth unjustly.”\n\n' +
    '[2] Quran 4:29: “O you who have believed, do not consume one another’s wealth unjustly.”',
  mode: 'extractive',
  refused: false,
  related: true,
  lang: 'en',
  citations: [
    {
      n: 1,
      source: 'quran',
      ref: '2:188',
      lang: 'en',
      text: 'And do not consume one another’s wealth unjustly.',
      translator: 'Saheeh International',
      url: '/read/quran/2%3A188',
    },
    {
      n: 2,
      source: 'quran',
      ref: '4:29',
      lang: 'en',
      text: 'O you who have believed, do not consume one another’s wealth unjustly.',
      translator: 'Saheeh International',
      url: '/read/quran/4%3A29',
    },
  ],
};

/** Related passages for a Turkish question: written in Turkish (`lang: 'tr'`), Diyanet's text. */
export const relatedAnswerTr: Answer = {
  answer:
    'Bu soruyu doğrudan cevaplayan bir metin bulamadım; en yakın metinler bunlar.\n\n' +
    "Kur'an-ı Kerim içinde en yakın metinler (Diyanet İşleri), aynen aktarılmıştır:\n\n" +
    "[1] Kur'an 2:188: “Mallarınızı aranızda haksız yere yemeyin.”",
  mode: 'extractive',
  refused: false,
  related: true,
  lang: 'tr',
  citations: [
    {
      n: 1,
      source: 'quran',
      ref: '2:188',
      lang: 'tr',
      text: 'Mallarınızı aranızda haksız yere yemeyin.',
      translator: 'Diyanet İşleri',
      url: '/read/quran/2%3A188',
    },
  ],
};
