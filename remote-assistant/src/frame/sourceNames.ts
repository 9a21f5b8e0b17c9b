import { sourceDisplayName, type Lang } from '@kb/contracts';

/**
 * The display name of a catalog source id in `lang` (`quran` → 'Quran' / "Kur'an-ı Kerim"),
 * from the one list of source names in `@kb/contracts` (`SOURCE_NAMES`). An id the catalog
 * does not list yet is shown as it is.
 */
export function sourceName(id: string, lang: Lang): string {
  return sourceDisplayName(id, lang);
}
