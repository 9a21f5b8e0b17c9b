import { incidentalWord } from './domain';

describe('incidentalWord', () => {
  it('finds words far rarer in a source than in everyday English', () => {
    for (const word of ['flat', 'stop', 'biting', 'get']) expect(incidentalWord(word, 'bible')).toBe(true);
    expect(incidentalWord('late', 'quran')).toBe(true);
  });

  it('keeps the words a source uses as its own, in any inflection or case', () => {
    for (const word of ['shepherd', 'mercy', 'Forgive', 'sins', 'prayed']) {
      expect(incidentalWord(word, 'bible')).toBe(false);
      expect(incidentalWord(word, 'quran')).toBe(false);
    }
  });

  it('says nothing of words the source never uses, names of several words, or a source without English', () => {
    expect(incidentalWord('tesla', 'bible')).toBe(false);
    expect(incidentalWord('flat tire', 'bible')).toBe(false);
    expect(incidentalWord('flat', 'quran-arabic')).toBe(false);
  });
});
