/**
 * The concept glossary's data shapes (issue 11). The glossary itself is reviewed data, not
 * code: JSON files under `server/data/glossary/` (one array of {@link Concept} per theme,
 * e.g. `prophets.json`, `worship.json`), validated when loaded.
 */

/** Languages a concept is named in. `translit` holds Latin transliterations of Arabic terms (`khimar`, `udhiyah`). */
export type ConceptLanguage = 'en' | 'tr' | 'ar' | 'translit';

/**
 * Evidence that two wordings name one concept: a passage whose translations use them, e.g.
 * Quran 24:31 where Saheeh International writes "headcovers" and Diyanet "başörtüleri".
 * `words` are the exact words (as written in that passage, any casing) per passage language.
 *
 * Sources (checked by `glossary.test.ts` against the shipped packages):
 * - `quran`: a verse `<surah>:<ayah>`; `en` = Saheeh International, `tr` = Diyanet, `ar` = the
 *   Uthmani text (compared after Arabic normalization, so write it without diacritics);
 * - `bible`: a KJV verse `<Book> <chapter>:<verse>` (`en` only);
 * - `quran-chapters` (metadata package, added for names that verses do not pair up): a surah
 *   number `<surah>` of quran-json's chapter lists, whose English and Turkish translated names,
 *   Arabic name and transliteration (`translit`) must contain the words.
 */
export interface Attestation {
  /** `quran`, `bible` (catalog source ids) or the metadata source `quran-chapters`. */
  source: string;
  /** Verse reference within the source (`24:31`, `John 3:16`), or a surah number for `quran-chapters`. */
  ref: string;
  /** The words the passage uses in each language, e.g. `{ en: 'headcovers', tr: 'başörtüleri' }`; `translit` for `quran-chapters` only. */
  words: Partial<Record<'en' | 'tr' | 'ar' | 'translit', string>>;
}

/** One concept of Islamic or Biblical vocabulary with its names across languages. */
export interface Concept {
  /** Stable kebab-case id (`head-covering`, `people-of-the-cave`, `moses`). */
  id: string;
  /** Names (single words or multi-word phrases) per language; `en` and `tr` at least one each. */
  names: Partial<Record<ConceptLanguage, string[]>>;
  /** Everyday phrasings visitors use ("cover their heads", "the sleepers", "başını örtmek"), per language. */
  phrasings?: Partial<Record<'en' | 'tr', string[]>>;
  /** Verses that state the concept (`quran 24:31`, `bible Exodus 20:3`), as `<source> <ref>`. */
  anchors?: string[];
  /** Where the corpus attests the equivalences (or `metadata: <package>` evidence via `note`). */
  attestations: Attestation[];
  /** Free-text reviewer note (e.g. "names from quran-meta surah names"). */
  note?: string;
  /**
   * Names this concept deliberately shares with another concept (`sacrifice` names both the
   * ritual and the story of Abraham's son); any other name claimed by two concepts is refused
   * when the glossary loads.
   */
  sharedNames?: string[];
}
