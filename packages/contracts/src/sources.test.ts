import { SOURCE_IDS, SOURCE_NAMES, sourceDisplayName } from './sources';

describe('the one list of source names', () => {
  it('names every catalog source in both languages', () => {
    for (const id of SOURCE_IDS) {
      expect(SOURCE_NAMES.en[id]).toMatch(/\S/);
      expect(SOURCE_NAMES.tr[id]).toMatch(/\S/);
    }
  });

  it.each([
    ['quran', 'en', 'Quran'],
    ['quran', 'tr', "Kur'an-ı Kerim"],
    ['quran-arabic', 'tr', "Arapça Kur'an"],
    ['bible', 'tr', 'Kitab-ı Mukaddes'],
    ['pirlanta', 'en', 'Pırlanta Series'],
  ] as const)('%s in %s is %s', (id, lang, name) => {
    expect(sourceDisplayName(id, lang)).toBe(name);
  });

  it('writes Turkish with the straight apostrophe only', () => {
    expect(Object.values(SOURCE_NAMES.tr).join(' ')).not.toMatch(/[‘’]/);
  });

  it('shows an id it does not know as it is', () => {
    expect(sourceDisplayName('new-collection', 'tr')).toBe('new-collection');
    expect(sourceDisplayName('toString', 'en')).toBe('toString');
  });
});
