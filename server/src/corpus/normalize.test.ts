import { indexForms, words } from './normalize';

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
