import { resolveReference } from './service';
import { surahName } from './quran';

describe('verse references typed as queries', () => {
  it.each([
    ['2:255', '2:255'],
    ['2 : 255', '2:255'],
    ['2:255-257', '2:255-257'],
    ['Bakara 255', '2:255'],
    ['bakara suresi 255', '2:255'],
    ['Al-Baqarah 255', '2:255'],
    ['al-baqara 255', '2:255'],
    ['Surah Al-Baqarah 2:255', '2:255'],
    ['Ayetel Kürsi', '2:255'],
    ['ayetel kursi', '2:255'],
    ['Ayat al-Kursi', '2:255'],
    ['آية الكرسي', '2:255'],
    ['البقرة ٢٥٥', '2:255'],
    ['سورة البقرة 255', '2:255'],
    ['İhlâs 1', '112:1'],
    ['Al-Ikhlas 1-4', '112:1-4'],
    ['Yasin 1', '36:1'],
  ])('reads the Quran reference %s as %s', (query, label) => {
    expect(resolveReference(query)).toMatchObject({ family: 'quran', label });
  });

  it.each([
    ['John 3:16', 'John 3:16'],
    ['Jn 3:16', 'John 3:16'],
    ['Yuhanna 3:16', 'John 3:16'],
    ['1 Cor 13:4-7', '1 Corinthians 13:4-7'],
    ['Ps 23', 'Psalms 23'],
    ['Song of Solomon 2:1', 'Song of Solomon 2:1'],
    ['Matta 5:9', 'Matthew 5:9'],
  ])('reads the Bible reference %s as %s', (query, label) => {
    expect(resolveReference(query)).toMatchObject({ family: 'bible', label });
  });

  it.each(['patience', 'Job', 'What does the Quran say about patience?', '2:300', '115:1', 'Bakara', 'love John 3:16', '0:1'])(
    'searches %s as words',
    (query) => {
      expect(resolveReference(query)).toBeUndefined();
    },
  );

  it('names surahs in English, Turkish and Arabic', () => {
    expect(surahName(2, 'en')).toBe('Al-Baqarah');
    expect(surahName(2, 'tr')).toBe('Bakara');
    expect(surahName(2, 'ar')).toBe('البقرة');
  });
});
