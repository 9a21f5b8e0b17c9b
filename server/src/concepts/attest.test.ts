import { anchorExists, checkAttestation, findCandidates, occursIn } from './attest.js';

describe('occursIn', () => {
  it('compares Turkish with Turkish casing and ASCII folding, as whole consecutive words', () => {
    expect(occursIn('tr', 'baş örtülerini', 'Baş örtülerini yakalarının üzerine salsınlar.')).toBe(true);
    expect(occursIn('tr', 'İBRAHİM', "İbrahim'in Rabbi")).toBe(true);
    expect(occursIn('tr', 'sabir', 'sabır ve namaz')).toBe(true);
    expect(occursIn('tr', 'örtü', 'Baş örtülerini')).toBe(false);
  });

  it('compares Arabic after normalization and English without case', () => {
    expect(occursIn('ar', 'موسى', 'وَإِذۡ وَٰعَدۡنَا مُوسَىٰٓ أَرۡبَعِينَ لَيۡلَةٗ')).toBe(true);
    expect(occursIn('en', 'people of the cave', 'the People of the Cave were')).toBe(true);
    expect(occursIn('en', 'cave people', 'the People of the Cave were')).toBe(false);
  });
});

describe('attestations against the shipped corpus', () => {
  it('accepts the words a verse really uses and names what is missing', () => {
    expect(checkAttestation({ source: 'quran', ref: '24:31', words: { en: 'headcovers', tr: 'Baş örtülerini', ar: 'بخمرهن' } })).toEqual([]);
    expect(checkAttestation({ source: 'quran', ref: '24:30', words: { en: 'headcovers' } })).toEqual(['quran 24:30 (en) does not contain "headcovers"']);
    expect(checkAttestation({ source: 'bible', ref: 'Exodus 20:3', words: { tr: 'tanrı' } })).toEqual(['bible Exodus 20:3 has no tr text']);
    expect(checkAttestation({ source: 'quran-chapters', ref: '18', words: { en: 'The Cave', tr: 'Kehf', translit: 'Al-Kahf' } })).toEqual([]);
  });

  it('knows which anchors exist', () => {
    expect(anchorExists('quran 18:26')).toBe(true);
    expect(anchorExists('quran 18:111')).toBe(false);
    expect(anchorExists('bible Exodus 20:17')).toBe(true);
    expect(anchorExists('bible Exodus 20:27')).toBe(false);
  });

  it('finds the verse where both translations name a concept, suffix-aware in Turkish', () => {
    const [first] = findCandidates({
      id: 'head-covering',
      names: { en: ['headcovers'], tr: ['baş örtüsü'], ar: ['خمار', 'خمر'] },
      anchors: ['quran 24:31'],
      attestations: [],
    });
    expect(first).toMatchObject({ source: 'quran', ref: '24:31', words: { en: 'headcovers', tr: 'Baş örtülerini', ar: 'بخمرهن' }, anchor: true });
  });
});
