import { defineMessages, type Lang } from '@kb/contracts';

/** Display names of the catalog's source ids (ARCHITECTURE.md "Server"), in both languages. */
const sourceNames = defineMessages(
  {
    quran: 'Quran',
    'quran-arabic': 'Arabic Quran',
    bible: 'Bible',
    sizinti: 'Sızıntı',
    caglayan: 'Çağlayan',
    risale: 'Risale-i Nur',
    pirlanta: 'Diamond Series',
    hadith: 'Hadith',
    tafsir: 'Quran Tafsir',
    herkulnagme: 'Herkul Nağme',
  },
  {
    quran: "Kur'an-ı Kerim",
    'quran-arabic': "Arapça Kur'an-ı Kerim",
    bible: 'Kitab-ı Mukaddes',
    sizinti: 'Sızıntı',
    caglayan: 'Çağlayan',
    risale: 'Risale-i Nur',
    pirlanta: 'Pırlanta Serisi',
    hadith: 'Hadis',
    tafsir: 'Tefsir',
    herkulnagme: 'Herkul Nağme',
  },
);

/**
 * The display name of a catalog source id in `lang` (`quran` → 'Quran' / "Kur'an-ı Kerim").
 * An id the catalog does not list yet is shown as it is.
 */
export function sourceName(id: string, lang: Lang): string {
  const names: Readonly<Record<string, string>> = sourceNames[lang];
  return Object.prototype.hasOwnProperty.call(names, id) ? (names[id] ?? id) : id;
}
