import { arabicMatchKeys, arabicWordForms, normalizeArabic } from './arabic';

describe('Arabic normalization', () => {
  it('strips tashkeel, Uthmani marks and tatweel and folds alef variants', () => {
    expect(normalizeArabic('بِسۡمِ ٱللَّهِ')).toBe('بسم الله');
    expect(normalizeArabic('إِنَّ أَنتُمۡ ءَامَنُواْ')).toBe('ان انتم امنوا');
    expect(normalizeArabic('۞إِنَّ')).toBe('ان');
  });

  it('indexes both spellings of a word with a superscript alef', () => {
    expect(arabicWordForms('ٱلرَّحۡمَٰنِ')).toEqual(['الرحمان', 'الرحمن']);
    expect(arabicWordForms('ٱلصَّـٰبِرِينَ')).toEqual(['الصابرين', 'الصبرين']);
    expect(arabicWordForms('وَٱلصَّلَوٰةِ')).toContain('والصلاة');
    expect(arabicWordForms('عَلَىٰ')).toEqual(['على']);
    expect(normalizeArabic('بِسۡمِ ٱللَّهِ ٱلرَّحۡمَٰنِ ٱلرَّحِيمِ').split(' ')).toEqual(
      expect.arrayContaining(['الرحمن', 'الرحيم']),
    );
  });

  it('writes the yeh of a small high yeh (إبراهيم, النبيين)', () => {
    expect(arabicWordForms('إِبۡرَٰهِـۧمَ')).toContain('ابراهيم');
    expect(arabicWordForms('ٱلنَّبِيِّـۧنَ')).toEqual(['النبيين']);
  });

  it('leaves modern spelling as typed, so a query meets the index', () => {
    expect(arabicWordForms('الرحمن')).toEqual(['الرحمن']);
    expect(arabicWordForms('الصابرين')).toEqual(['الصابرين']);
  });
});

describe('arabicMatchKeys', () => {
  it('compares a word with or without its article, ة and ه alike', () => {
    expect(arabicMatchKeys('ٱلصَّلَوٰةِ', false)).toEqual(expect.arrayContaining(['الصلاه', 'صلاه']));
  });

  it('lets a query word drop a leading و, a glossary word not', () => {
    expect(arabicMatchKeys('والصبر', true)).toEqual(expect.arrayContaining(['والصبر', 'الصبر', 'صبر']));
    expect(arabicMatchKeys('والصبر', false)).not.toContain('الصبر');
  });
});
