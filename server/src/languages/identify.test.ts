import { identifyLanguage } from './identify';

describe('identifyLanguage', () => {
  it.each([
    ['What does the Quran say about patience?', 'en'],
    ['Is it okay to lie to protect someone?', 'en'],
    ['Sabır hakkında Kuran ne diyor?', 'tr'],
    ['İçki içmek günah mı?', 'tr'],
    ['namaz kilmayan kisi ne olur', 'tr'],
    ['komsuya nasil davranmali', 'tr'],
    ['ماذا يقول القرآن عن الصبر', 'ar'],
  ] as const)('%s → %s', (question, lang) => {
    expect(identifyLanguage(question)).toBe(lang);
  });

  it('leaves a question with too little to go on to the interface language', () => {
    expect(identifyLanguage('2:255')).toBeUndefined();
    expect(identifyLanguage('Musa')).toBeUndefined();
    expect(identifyLanguage('')).toBeUndefined();
  });
});
