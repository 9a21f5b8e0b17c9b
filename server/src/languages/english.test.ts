import { englishBaseForms, englishQueryWord, englishSiblings, englishStem } from './english';

describe('English forms', () => {
  it('reads a typed word without its possessive or apostrophes', () => {
    expect(englishQueryWord('Noah’s')).toBe('noah');
    expect(englishQueryWord("don't")).toBe('dont');
  });

  it('pairs the nouns and adjectives the stemmer keeps apart', () => {
    expect(englishSiblings('patience')).toEqual(['patient']);
    expect(englishSiblings('arrogant')).toEqual(['arrogance']);
    expect(englishSiblings('prayer')).toEqual([]);
  });

  it('gives detection one base form for plurals, -ing, -ed and irregular forms', () => {
    expect(englishStem('heads')).toBe('head');
    expect(englishStem('covering')).toBe(englishStem('cover'));
    expect(englishStem('stories')).toBe('story');
    expect(englishStem('splitting')).toBe('split');
    expect(englishStem('lying')).toBe('lie');
    expect(englishStem('slept')).toBe(englishStem('sleep'));
  });

  it('lists the base forms WordNet’s detachment rules give, the word itself first', () => {
    expect(englishBaseForms('loaves')).toEqual(expect.arrayContaining(['loaves', 'loaf']));
    expect(englishBaseForms('prayed')).toEqual(expect.arrayContaining(['prayed', 'pray']));
    expect(englishBaseForms('covering')).toEqual(expect.arrayContaining(['covering', 'cover']));
    expect(englishBaseForms('sin')).toEqual(['sin']);
  });
});
