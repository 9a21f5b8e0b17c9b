import { detailAsked, detailGiven } from './detail';

describe('detailAsked', () => {
  it.each([
    ['How many sons did Jacob have?', 'en', 'number'],
    ['How old was Abraham when Isaac was born?', 'en', 'number'],
    ['In what year did the flood come?', 'en', 'number'],
    ['What was the name of the king of Egypt?', 'en', 'name'],
    ['Which city did Jonah run away from?', 'en', 'name'],
    ['Hz. Nuh gemide kaç gün kaldı?', 'tr', 'number'],
    ['Nuh gemide kac gun kaldi', 'tr', 'number'],
    ["Firavun'un karısının adı neydi?", 'tr', 'name'],
    ['firavunun karisinin adi neydi', 'tr', 'name'],
    ['Hangi şehirde doğdu?', 'tr', 'name'],
  ] as const)('%s → %s', (question, lang, kind) => {
    expect(detailAsked(question, lang)).toBe(kind);
  });

  it.each([
    ['What does the Quran say about patience?', 'en'],
    ['Is it a sin to lie to my boss?', 'en'],
    ['Ad kavmi nasıl helak edildi?', 'tr'],
    ['Kaçmak günah mı?', 'tr'],
  ] as const)('asks no detail: %s', (question, lang) => {
    expect(detailAsked(question, lang)).toBeUndefined();
  });
});

describe('detailGiven', () => {
  it('finds a number in digits or words, English or Turkish', () => {
    expect(detailGiven('number', 'Mothers may nurse their children two complete years', 'How long?')).toBe(true);
    expect(detailGiven('number', 'bekleme süreleri dört ay on gündür', 'kaç ay')).toBe(true);
    expect(detailGiven('number', 'And the ark rested upon the mountains of Ararat', 'How many?')).toBe(false);
  });

  it('finds a name the question does not already hold, outside a sentence start', () => {
    expect(detailGiven('name', 'And the king of Egypt, Pharaoh, said', 'What was the name of the king of Egypt?')).toBe(true);
    expect(detailGiven('name', "Remember Lot's wife.", "What was the name of Lot's wife?")).toBe(false);
    expect(detailGiven('name', 'And Allah is Knowing. Indeed, the Lord is near', 'What was her name?')).toBe(false);
    expect(detailGiven('name', "Yusuf'un kardeşleri geldi", "Yusuf'u kuyuya atan kardeşin adı ne?")).toBe(false);
  });
});
