import type { KnowledgeSource, Lang, SourceCategory } from '@kb/contracts';
import { countByCategory, filterSources, foldText, type SourceFilter } from './filterSources';

function source(id: string, category: SourceCategory, title: string, description: string, tags: string[]): KnowledgeSource {
  return { id, category, title, description, tags, icon: 'book', status: 'available', sourceCount: '', detailedSources: [], indexedPassages: 1 };
}

const CATALOG: Record<Lang, KnowledgeSource[]> = {
  en: [
    source('quran', 'religious', 'Quran', 'The holy book of Islam in translation.', ['Arabic', 'Turkish', 'English']),
    source('bible', 'religious', 'Bible', 'The King James Version.', ['English', 'KJV']),
    source('sizinti', 'contemporary', 'Sızıntı', 'A monthly magazine published by Işık Yayınları.', ['Magazine', 'Science']),
    source('hadith', 'hadith', 'Hadith', 'Sayings of the Prophet.', ['Sunnah']),
  ],
  tr: [
    source('quran', 'religious', "Kur'an-ı Kerim", "İslam'ın kutsal kitabının mealleri.", ['Arapça', 'Türkçe', 'İngilizce']),
    source('bible', 'religious', 'Kitab-ı Mukaddes', 'Kral James Çevirisi.', ['İngilizce', 'İncil']),
    source('sizinti', 'contemporary', 'Sızıntı', "Işık Yayınları'nın aylık dergisi.", ['Dergi', 'Bilim']),
    source('hadith', 'hadith', 'Hadis', "Peygamber Efendimiz'in sözleri.", ['Sünnet']),
  ],
};

const ALL = ['quran', 'bible', 'sizinti', 'hadith'];

type Case = [lang: Lang, query: string, category: SourceCategory | null, expected: string[]];

describe('filterSources', () => {
  it.each<Case>([
    // Turkish folding: İ ↔ i and I ↔ ı.
    ['tr', 'İNCİL', null, ['bible']],
    ['tr', 'incil', null, ['bible']],
    ['tr', 'ışık', null, ['sizinti']],
    ['tr', 'IŞIK', null, ['sizinti']],
    ['tr', 'SIZINTI', null, ['sizinti']],
    ['tr', 'İSLAM', null, ['quran']],
    ['tr', 'islam', null, ['quran']],
    // No diacritic folding: a substring match, as the spec says.
    ['tr', 'isik', null, []],
    // Typographic apostrophe and decomposed letters.
    ['tr', 'KUR\u2019AN', null, ['quran']],
    ['tr', 'tu\u0308rkc\u0327e', null, ['quran']],
    // Title, description and tags are all searched; the query is trimmed.
    ['tr', 'hadis', null, ['hadith']],
    ['tr', 'çevirisi', null, ['bible']],
    ['tr', '  dergi  ', null, ['sizinti']],
    ['tr', 'ingilizce', null, ['quran', 'bible']],
    ['tr', 'yok böyle', null, []],
    ['tr', '', null, ALL],
    ['tr', '   ', null, ALL],
    // Combined with the category.
    ['tr', '', 'religious', ['quran', 'bible']],
    ['tr', 'incil', 'religious', ['bible']],
    ['tr', 'incil', 'hadith', []],
    ['tr', '', 'commentary', []],
    // English folding: default rules, so the Turkish dotless/dotted pairs do not meet.
    ['en', 'QURAN', null, ['quran']],
    ['en', 'english', null, ['quran', 'bible']],
    ['en', 'king JAMES', null, ['bible']],
    ['en', 'Magazine', null, ['sizinti']],
    ['en', 'sızıntı', null, ['sizinti']],
    ['en', 'SIZINTI', null, []],
    ['en', 'ışık', null, []],
    ['en', 'prophet', null, ['hadith']],
    ['en', 'sunnah', 'hadith', ['hadith']],
    ['en', 'sunnah', 'religious', []],
    ['en', '', 'contemporary', ['sizinti']],
    ['en', '', null, ALL],
  ])('%s: %j in %s → %j', (lang, query, category, expected) => {
    const filter: SourceFilter = { query, category };
    expect(filterSources(CATALOG[lang], filter, lang).map((s) => s.id)).toEqual(expected);
  });
});

describe('foldText', () => {
  it.each<[Lang, string, string]>([
    ['tr', 'İNCİL', 'incil'],
    ['tr', 'IŞIK', 'ışık'],
    ['en', 'QURAN', 'quran'],
    ['en', 'KUR\u2018AN', "kur'an"],
  ])('%s folds %j to %j', (lang, input, expected) => {
    expect(foldText(input, lang)).toBe(expected);
  });
});

it('counts the sources of each category', () => {
  expect(countByCategory(CATALOG.en)).toEqual({ religious: 2, commentary: 0, hadith: 1, contemporary: 1 });
});
