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
    "[1] Kur'an-ı Kerim 2:188: “Mallarınızı aranızda haksız yere yemeyin.”",
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

const PATIENT = 'O you who have believed, seek help through patience and prayer. Indeed, Allah is with the patient.';
const DEAD = 'And do not say about those who are killed in the way of Allah, "They are dead." Rather, they are alive, but you perceive [it] not.';

/**
 * An extractive answer exactly as the server writes it, quoting one citation of two joined
 * verses (2:153-154, with `verses`) and one single verse (2:45).
 */
export const joinedVersesAnswer: Answer = {
  answer:
    'Here is what I found in the Quran on your question (Saheeh International); the passages are quoted exactly:\n\n' +
    `[1] Quran 2:153-154: “${PATIENT} ${DEAD}”\n\n` +
    '[2] Quran 2:45: “And seek help through patience and prayer.”',
  mode: 'extractive',
  refused: false,
  related: false,
  lang: 'en',
  citations: [
    {
      n: 1,
      source: 'quran',
      ref: '2:153-154',
      lang: 'en',
      text: `${PATIENT} ${DEAD}`,
      translator: 'Saheeh International',
      original: { lang: 'ar', text: 'يَٰٓأَيُّهَا ٱلَّذِينَ ءَامَنُوا۟ وَلَا تَقُولُوا۟' },
      url: '/read/quran/2%3A153-154',
      verses: [
        { ref: '2:153', text: PATIENT, original: 'يَٰٓأَيُّهَا ٱلَّذِينَ ءَامَنُوا۟' },
        { ref: '2:154', text: DEAD, original: 'وَلَا تَقُولُوا۟' },
      ],
    },
    {
      n: 2,
      source: 'quran',
      ref: '2:45',
      lang: 'en',
      text: 'And seek help through patience and prayer.',
      translator: 'Saheeh International',
      url: '/read/quran/2%3A45',
    },
  ],
};
