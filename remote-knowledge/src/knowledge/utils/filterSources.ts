import type { KnowledgeSource, Lang, SourceCategory } from '@kb/contracts';

/** What the visitor filters by: free text and at most one category. */
export interface SourceFilter {
  /** Free text; blank matches every source. */
  query: string;
  /** One category, or `null` for all. */
  category: SourceCategory | null;
}

/** Typographic apostrophes a visitor may type for the plain one the catalog writes (Kur'an). */
const APOSTROPHES = /[\u2018\u2019\u02BC\u00B4`]/g;

/**
 * Folds text for a case-insensitive comparison in the interface language: Turkish folds with
 * the Turkish rules (`İ` → `i`, `I` → `ı`), so 'İNCİL' meets 'İncil' and 'ışık' meets 'Işık';
 * English uses the default rules. Also normalizes to NFC, so decomposed input (a Mac's `ç` as
 * `c` + U+0327) meets composed text, and unifies apostrophes.
 */
export function foldText(text: string, lang: Lang): string {
  return text.normalize('NFC').replace(APOSTROPHES, "'").toLocaleLowerCase(lang === 'tr' ? 'tr' : 'en');
}

/**
 * True when `source` passes `filter` (SPEC.md §4 "Knowledge filters"): its category is the
 * chosen one (or none is chosen) and the trimmed query is a case-insensitive substring of its
 * title, its description or one of its tags, folded by {@link foldText} in `lang`.
 */
export function matchesFilter(source: KnowledgeSource, filter: SourceFilter, lang: Lang): boolean {
  if (filter.category !== null && source.category !== filter.category) return false;
  const query = foldText(filter.query.trim(), lang);
  if (query === '') return true;
  return [source.title, source.description, ...source.tags].some((field) => foldText(field, lang).includes(query));
}

/**
 * The sources that pass `filter`, in their catalog order.
 *
 * @param sources the catalog in the interface language
 * @param filter  free text and category
 * @param lang    the interface language, which decides the case folding
 */
export function filterSources(
  sources: readonly KnowledgeSource[],
  filter: SourceFilter,
  lang: Lang,
): KnowledgeSource[] {
  return sources.filter((s) => matchesFilter(s, filter, lang));
}

/** Number of sources in each category, for the badges (over the whole catalog). */
export function countByCategory(sources: readonly KnowledgeSource[]): Record<SourceCategory, number> {
  const counts: Record<SourceCategory, number> = { religious: 0, commentary: 0, hadith: 0, contemporary: 0 };
  for (const s of sources) counts[s.category] += 1;
  return counts;
}
