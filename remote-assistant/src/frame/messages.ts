import { defineMessages } from '@kb/contracts';

/** Every text of the assistant frame app, in English and Turkish. */
export const frameAppMessages = defineMessages(
  {
    documentTitle: 'Assistant – answers from the sources',
    heading: 'Assistant',
    intro:
      'Ask a question and get an answer quoted from the Quran and the other sources, with every source cited.',
    disclaimer:
      'Answers quote the sources; they are not a religious ruling (fatwa). For a ruling, consult a qualified scholar.',
    questionLabel: 'Your question',
    placeholder: 'Ask a question…',
    keyboardHint: 'Enter sends, Shift+Enter adds a new line.',
    charCount: '{count} of {max} characters',
    ask: 'Ask',
    conversation: 'Conversation',
    question: 'Question',
    answer: 'Answer',
    searching: 'Searching the sources…',
    sources: 'Sources',
    citationLink: 'Source {n}',
    translator: 'Translation: {name}',
    arabicOriginal: 'Arabic original',
    readInContext: 'Read in context',
    opensNewTab: '(opens in a new tab)',
    refusedTitle: 'No answer in the sources',
    errorNetwork: 'The assistant could not be reached. Check your connection and try again.',
    errorRateLimited: 'Too many questions in a short time. Please wait a moment and try again.',
    errorRejected: 'This question could not be processed. Please rephrase it and try again.',
    errorServer: 'The assistant could not answer right now. Please try again.',
    retry: 'Retry',
    announceAnswer: 'Answer ready: {text}',
    announceRefused: 'No answer in the sources: {text}',
    searchingIn: 'Searching in: {source}',
    removeSource: 'Remove the filter {source} and search all sources',
  },
  {
    documentTitle: 'Asistan – kaynaklardan cevaplar',
    heading: 'Asistan',
    intro:
      "Bir soru sorun; Kur'an-ı Kerim'den ve diğer kaynaklardan alıntılanan, her kaynağı gösterilen bir cevap alın.",
    disclaimer:
      'Cevaplar kaynaklardan alıntı yapar; dinî bir hüküm (fetva) değildir. Hüküm için ehil bir âlime danışın.',
    questionLabel: 'Sorunuz',
    placeholder: 'Bir soru sorun…',
    keyboardHint: 'Enter gönderir, Shift+Enter yeni satır ekler.',
    charCount: '{count} / {max} karakter',
    ask: 'Sor',
    conversation: 'Sohbet',
    question: 'Soru',
    answer: 'Cevap',
    searching: 'Kaynaklarda aranıyor…',
    sources: 'Kaynaklar',
    citationLink: 'Kaynak {n}',
    translator: 'Çeviri: {name}',
    arabicOriginal: 'Arapça aslı',
    readInContext: 'Bağlamında oku',
    opensNewTab: '(yeni sekmede açılır)',
    refusedTitle: 'Kaynaklarda cevap bulunamadı',
    errorNetwork: 'Asistana ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
    errorRateLimited: 'Kısa sürede çok fazla soru soruldu. Lütfen biraz bekleyip tekrar deneyin.',
    errorRejected: 'Bu soru işlenemedi. Lütfen farklı bir şekilde sorup tekrar deneyin.',
    errorServer: 'Asistan şu anda cevap veremedi. Lütfen tekrar deneyin.',
    retry: 'Tekrar dene',
    announceAnswer: 'Cevap hazır: {text}',
    announceRefused: 'Kaynaklarda cevap bulunamadı: {text}',
    searchingIn: 'Aranan kaynak: {source}',
    removeSource: '{source} filtresini kaldır ve tüm kaynaklarda ara',
  },
);

/** The keys of {@link frameAppMessages}. */
export type FrameText = (typeof frameAppMessages)['en'];
