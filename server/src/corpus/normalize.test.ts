import { arabicWordForms, asciiFoldTurkish, foldTurkish, indexForms, normalizeArabic, words } from './normalize';

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

describe('Turkish folding', () => {
  it('folds dotted and dotless I the Turkish way', () => {
    expect(foldTurkish('IŞIK')).toBe(foldTurkish('ışık'));
    expect(foldTurkish('İNCİL')).toBe(foldTurkish('incil'));
    expect(foldTurkish('İNCİL')).toBe('incil');
    expect(foldTurkish('IŞIK')).toBe('ışık');
    expect(foldTurkish('İsa')).not.toContain('\u0307');
  });

  it('has an ASCII-folded form, so sabir finds sabır', () => {
    expect(asciiFoldTurkish(foldTurkish('Sabır'))).toBe('sabir');
    expect(asciiFoldTurkish(foldTurkish('ŞÜKÜR çöğ'))).toBe('sukur cog');
  });

  it('drops circumflexes and splits a proper noun from its suffix', () => {
    expect(foldTurkish('Kâfir')).toBe('kafir');
    expect(foldTurkish("Allah'ın")).toBe('allah ın');
  });
});

describe('indexForms', () => {
  it('gives every language its own forms and never touches the source text', () => {
    const text = "Ey İnananlar! Sabır ve namazla yardım dileyin. Allah'ın";
    expect(indexForms('tr', text)).toEqual({
      norm: 'ey inananlar! sabır ve namazla yardım dileyin. allah ın',
      fold: 'ey inananlar! sabir ve namazla yardim dileyin. allah in',
    });
    expect(indexForms('en', 'Seek help through Patience')).toEqual({ norm: 'seek help through patience', fold: '' });
    expect(indexForms('ar', 'ٱلرَّحۡمَٰنُ')).toEqual({ norm: 'الرحمان الرحمن', fold: '' });
  });

  it('splits words with their offsets', () => {
    expect(words("Allah'ın adıyla")).toEqual([
      { word: 'Allah', start: 0, end: 5 },
      { word: 'ın', start: 6, end: 8 },
      { word: 'adıyla', start: 9, end: 15 },
    ]);
  });
});
