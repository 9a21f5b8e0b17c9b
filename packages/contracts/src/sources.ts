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
