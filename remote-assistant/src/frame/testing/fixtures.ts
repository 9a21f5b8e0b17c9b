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
