import { namedSource } from './named-source';

describe('namedSource', () => {
  it.each([
    ['What does the Bible say about patience?', 'What does say about patience?'],
    ['what does the holy bible teach about forgiving others', 'what does teach about forgiving others'],
    ["Is lying a sin according to the Bible's teaching?", 'Is lying a sin according to teaching?'],
    ['BIBLE VERSES ABOUT GREED', 'VERSES ABOUT GREED'],
    ['What does the King James Bible say about pride?', 'What does say about pride?'],
    ['kjv verses on anger', 'verses on anger'],
    ['What does the New Testament say about worry?', 'What does say about worry?'],
    ['In the Gospels, what did Jesus say about children?', 'In , what did Jesus say about children?'],
    ['İncil düşmanını sevmek hakkında ne diyor?', 'düşmanını sevmek hakkında ne diyor?'],
    ["İncil'e göre zenginler cennete girebilir mi?", 'göre zenginler cennete girebilir mi?'],
    ['incilde oruc hakkinda ne yaziyor', 'oruc hakkinda ne yaziyor'],
    ["Kitab-ı Mukaddes'e göre sabır nedir?", 'göre sabır nedir?'],
    ['kitabi mukaddeste yalan', 'yalan'],
    ["Kutsal Kitap'ta anne babaya saygı", 'anne babaya saygı'],
    ["Yeni Ahit'te sevgi", 'sevgi'],
  ])('finds the Bible in %p and searches %p', (question, text) => {
    expect(namedSource(question)).toEqual({ source: 'bible', text });
  });

  it.each([
    ['What does the Quran say about orphans?', 'What does say about orphans?'],
    ["What does the Qur'an say about orphans?", 'What does say about orphans?'],
    ['what does the koran say about wasting money', 'what does say about wasting money'],
    ["Kur'an'da yetimler hakkında ne deniyor?", 'yetimler hakkında ne deniyor?'],
    ["Kur'an-ı Kerim'de sabır", 'sabır'],
    ['kuranda sabir hakkinda ne yaziyor', 'sabir hakkinda ne yaziyor'],
  ])('finds the Quran in %p and searches %p', (question, text) => {
    expect(namedSource(question)).toEqual({ source: 'quran', text });
  });

  it.each([
    'How should children treat their parents?',
    'What is the gospel?',
    'Tevrat kime indirildi?',
    'What does the Quran say about the Bible?',
    "Kur'an İncil hakkında ne diyor?",
    'bibliography of Islamic law',
    'Who was the koranic scholar Ibn Kathir?',
    'kitaplar hakkında',
  ])('names no one source in %p', (question) => {
    expect(namedSource(question)).toBeUndefined();
  });
});
