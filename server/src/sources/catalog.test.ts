import { SOURCE_CATEGORIES } from '@kb/contracts';
import { localizeCatalog, SOURCE_CATALOG } from './catalog';

const IDS = ['quran', 'bible', 'sizinti', 'quran-arabic', 'caglayan', 'risale', 'pirlanta', 'hadith', 'tafsir', 'herkulnagme'];

describe('the source catalog', () => {
  it('holds the ten sources of SPEC §3, in order, in the four categories', () => {
    expect(SOURCE_CATALOG.map((s) => s.id)).toEqual(IDS);
    for (const s of SOURCE_CATALOG) expect(SOURCE_CATEGORIES).toContain(s.category);
    expect(new Set(SOURCE_CATALOG.map((s) => s.category))).toEqual(new Set(SOURCE_CATEGORIES));
  });

  it.each([
    ['quran', '6,236 verses', '6.236 ayet'],
    ['bible', '31,102 verses', '31.102 ayet'],
    ['sizinti', '1,200+ articles', '1.200+ makale'],
    ['quran-arabic', '6,236 verses', '6.236 ayet'],
    ['caglayan', '800+ articles', '800+ makale'],
    ['risale', '130 treatises', '130 risale'],
    ['pirlanta', '69 books', '69 kitap'],
    ['hadith', '40,000+ hadiths', '40.000+ hadis'],
    ['tafsir', 'Multiple commentaries', 'Çok sayıda tefsir'],
    ['herkulnagme', '1,000+ videos', '1.000+ video'],
  ])('%s counts %s / %s', (id, en, tr) => {
    const entry = SOURCE_CATALOG.find((s) => s.id === id);
    expect(entry?.texts.en.sourceCount).toBe(en);
    expect(entry?.texts.tr.sourceCount).toBe(tr);
  });

  it("tags the Quran with SPEC §3's six languages", () => {
    expect(SOURCE_CATALOG[0]?.texts.en.tags).toEqual(['Arabic', 'Turkish', 'English', 'German', 'Kurdish', 'Azerbaijani']);
  });

  it('writes Turkish names with their Turkish letters', () => {
    const titles = (lang: 'en' | 'tr'): string[] => SOURCE_CATALOG.map((s) => s.texts[lang].title);
    expect(titles('tr')).toEqual(expect.arrayContaining(['Sızıntı', 'Çağlayan', 'Pırlanta Serisi', "Kur'an-ı Kerim"]));
    expect(titles('en')).toEqual(expect.arrayContaining(['Sızıntı', 'Çağlayan', 'Pırlanta Series', 'Herkül Nağme']));
  });

  it('has every text, tag and detailed source in both languages', () => {
    for (const s of SOURCE_CATALOG) {
      for (const lang of ['en', 'tr'] as const) {
        const t = s.texts[lang];
        expect(t.title.trim()).not.toBe('');
        expect(t.description.length).toBeGreaterThan(40);
        expect(t.tags.length).toBeGreaterThan(0);
        expect(t.detailedSources.length).toBeGreaterThan(0);
      }
      expect(s.texts.tr.tags).toHaveLength(s.texts.en.tags.length + (s.id === 'bible' ? 1 : 0));
      expect(s.texts.tr.detailedSources).toHaveLength(s.texts.en.detailedSources.length);
    }
  });
});

describe('localizeCatalog', () => {
  it('marks a source available only when it has indexed passages, and reports the count', () => {
    const sources = localizeCatalog('tr', new Map([['quran', 12472], ['quran-arabic', 6236], ['sizinti', 0]]));
    const byId = new Map(sources.map((s) => [s.id, s]));
    expect(byId.get('quran')).toMatchObject({ status: 'available', indexedPassages: 12472, title: "Kur'an-ı Kerim" });
    expect(byId.get('quran-arabic')).toMatchObject({ status: 'available', indexedPassages: 6236 });
    expect(byId.get('sizinti')).toMatchObject({ status: 'coming-soon', indexedPassages: 0 });
    expect(byId.get('bible')).toMatchObject({ status: 'coming-soon', indexedPassages: 0 });
  });

  it('ignores counts of sources the catalog does not list', () => {
    const sources = localizeCatalog('en', new Map([['unknown', 5]]));
    expect(sources.map((s) => s.id)).toEqual(IDS);
    expect(sources.every((s) => s.status === 'coming-soon')).toBe(true);
  });
});
