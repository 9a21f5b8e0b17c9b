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
 */
export interface Attestation {
  /** Catalog source id (`quran`, `bible`). */
  source: string;
  /** Verse reference within the source (`24:31`, `John 3:16`). */
  ref: string;
  /** The words the passage uses in each language, e.g. `{ en: 'headcovers', tr: 'başörtüleri' }`. */
  words: Partial<Record<'en' | 'tr' | 'ar', string>>;
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
}
