import { defineMessages } from './i18n.js';
import type { Lang } from './lang.js';

/**
 * The knowledge-source catalog (SPEC.md §3 "Knowledge source"), served localized by
 * `GET /api/sources?lang=en|tr` and shown by the knowledge remote's /knowledge screen.
 */

/** The four source categories, in the order the screen shows their badges. */
export const SOURCE_CATEGORIES = ['religious', 'commentary', 'hadith', 'contemporary'] as const;

/** A source category. */
export type SourceCategory = (typeof SOURCE_CATEGORIES)[number];

/**
 * `available` when the source has indexed passages right now, `coming-soon` otherwise
 * (ARCHITECTURE.md "Data").
 */
export type SourceStatus = 'available' | 'coming-soon';

/** One source of the catalog, in one interface language. */
export interface KnowledgeSource {
  /** Catalog id: `quran`, `bible`, `sizinti`, `quran-arabic`, `caglayan`, `risale`, `pirlanta`, `hadith`, `tafsir`, `herkulnagme`. */
  id: string;
  title: string;
  description: string;
  category: SourceCategory;
  /** Icon name from the Lucide set, kebab-case (`book-open`); clients fall back to a generic icon for a name they lack. */
  icon: string;
  status: SourceStatus;
  /** Size of the whole collection as text, e.g. `6,236 verses` / `6.236 ayet`. */
  sourceCount: string;
  tags: string[];
  /** The works or editions the source is made of. */
  detailedSources: string[];
  /** Passages of this source in the search index now, over all languages; 0 when none. */
  indexedPassages: number;
}

/** `GET /api/sources` response. */
export interface SourcesResponse {
  /** Language of the texts. */
  lang: Lang;
  /** The ten sources in catalog order. */
  sources: KnowledgeSource[];
}

/** The catalog's source ids (SPEC.md §3), in catalog order. */
export const SOURCE_IDS = [
  'quran',
  'bible',
  'sizinti',
  'quran-arabic',
  'caglayan',
  'risale',
  'pirlanta',
  'hadith',
  'tafsir',
  'herkulnagme',
] as const;

/** A catalog source id. */
export type SourceId = (typeof SOURCE_IDS)[number];

/**
 * The one list of source names (docs/copy.md "Source names"): the catalog's titles, the
 * assistant's source chips and citation cards, the answer's sentences and the reading pages all
 * name a source from here. Turkish writes the Quran "Kur'an-ı Kerim" standing alone and
 * "Kur'an" inside a compound (Arapça Kur'an, Kur'an Tefsiri), with the straight apostrophe.
 */
export const SOURCE_NAMES = defineMessages<SourceId>(
  {
    quran: 'Quran',
    bible: 'Bible',
    sizinti: 'Sızıntı',
    'quran-arabic': 'Arabic Quran',
    caglayan: 'Çağlayan',
    risale: 'Risale-i Nur',
    pirlanta: 'Pırlanta Series',
    hadith: 'Hadith',
    tafsir: 'Quran Tafsir',
    herkulnagme: 'Herkül Nağme',
  },
  {
    quran: "Kur'an-ı Kerim",
    bible: 'Kitab-ı Mukaddes',
    sizinti: 'Sızıntı',
    'quran-arabic': "Arapça Kur'an",
    caglayan: 'Çağlayan',
    risale: 'Risale-i Nur',
    pirlanta: 'Pırlanta Serisi',
    hadith: 'Hadis',
    tafsir: "Kur'an Tefsiri",
    herkulnagme: 'Herkül Nağme',
  },
);

/**
 * A source's display name in `lang` from {@link SOURCE_NAMES} (`quran` → `Quran` / `Kur'an-ı Kerim`).
 *
 * @param id a catalog source id; an id the list does not hold (a source added to the index
 *   before its name) is returned as it is, never an error
 * @param lang the interface language
 */
export function sourceDisplayName(id: string, lang: Lang): string {
  const names: Readonly<Record<string, string>> = SOURCE_NAMES[lang];
  return Object.prototype.hasOwnProperty.call(names, id) ? (names[id] ?? id) : id;
}
