import { shippedExpansion } from './expansion';
import { englishQueryForTurkish, englishWordFor } from './bridge';

describe('a Turkish question carried into English (for the KJV)', () => {
  const concepts = shippedExpansion().concepts;

  it('gives each Turkish word the English word of its common sense that the searched text uses', () => {
    expect(englishWordFor('düşmanını', 'bible')).toBe('enemy');
    expect(englishWordFor('sevmek', 'bible')).toBe('love');
    expect(englishWordFor('sabır', 'bible')).toBe('patience');
    // KeNet's first lemma for "Tanrı" is "deity", a word the KJV does not use.
    expect(englishWordFor('Tanrı', 'bible')).toBe('god');
    expect(englishWordFor('bilgisayar', 'bible')).toBeUndefined();
  });

  it('names a concept said in several words by its English name, and leaves out how the question is framed', () => {
    expect(englishQueryForTurkish('Komşunu kendin gibi sev', concepts, 'bible')).toMatch(/neighbour/);
    expect(englishQueryForTurkish("Düşmanını sevmek hakkında ne yazıyor?", concepts, 'bible')).toBe('enemy love');
    expect(englishQueryForTurkish('Sabır nedir, ne deniyor?', concepts, 'bible')).toBe('patience');
  });

  it('keeps a word with no English as typed, so the rest is not taken for the whole question', () => {
    expect(englishQueryForTurkish('Telefonla dua edilir mi?', concepts, 'bible')).toBe('Telefonla prayer');
  });

  it('gives nothing when no word has English', () => {
    expect(englishQueryForTurkish('Bilgisayar virüsleri', concepts, 'bible')).toBeUndefined();
    expect(englishQueryForTurkish('nedir?', concepts, 'bible')).toBeUndefined();
  });
});
