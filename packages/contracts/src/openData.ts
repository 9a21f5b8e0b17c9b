/**
 * Shapes of the open-data routes (ARCHITECTURE.md "Server"): `GET /api/verses/<surah>/<ayah>`
 * and `GET /api/stats`. Described for outside callers in the OpenAPI document at `/openapi.json`.
 */

/** One text of a verse with its credit. */
export interface VerseText {
  /** Language code: `ar`, `en`, `tr`, `bn`, … */
  lang: string;
  /** The text exactly as the source ships it. */
  text: string;
  /** Translator or edition, to be credited wherever the text is shown. */
  translator: string;
}

/** `GET /api/verses/<surah>/<ayah>` response: one Quran verse, Arabic plus translations. */
export interface VerseResponse {
  /** `2:255` */
  ref: string;
  surah: number;
  ayah: number;
  /** The surah's name in English transliteration, Turkish and Arabic. */
  surahName: { en: string; tr: string; ar: string };
  /** The Uthmani Arabic text. */
  arabic: VerseText;
  /** The translations asked for (default: all), in language-code order. */
  translations: VerseText[];
  /** The verse's reading page (site-relative). */
  url: string;
}

/** Passages of one language of a source. */
export interface LanguageStats {
  lang: string;
  passages: number;
  translators: string[];
}

/** Passages of one source. */
export interface SourceStats {
  source: string;
  passages: number;
  languages: LanguageStats[];
}

/** `GET /api/stats` response: what the search index holds, counted now. */
export interface StatsResponse {
  /** All passages. */
  passages: number;
  /** Distinct passage languages. */
  languages: number;
  /** Per source (only sources with passages), by source id. */
  sources: SourceStats[];
}
