import { ENGLISH_STOPWORDS, englishBaseForms, englishQueryWord } from '../languages/english.js';
import { loadNaves, type Naves } from '../lexicon/naves.js';
import type { SemanticLayer } from './semantic.js';

/**
 * Topical anchors: a topical index names the verses filed under a plain topic (Nave's Topical
 * Bible: HOSPITALITY, THEFT AND THIEVES, SURETY), so a visitor's word that names a topic — or
 * whose WordNet relations do (`shoplifting` → `theft`) — reaches the topic's verses even when
 * they say it in other words ("Let him that stole steal no more"). The verses become the
 * word's term's `nearAnchors` (`anchors.ts`): scored against the question's terms and lifted
 * only as far as a near mention is, so a verse in the asker's own words still ranks first.
 */

/** A topic with more verses than this is too broad to stand for a word (LOVE, GOD, ANGER). */
export const MAX_TOPIC_VERSES = 120;
/** Topics kept per query word, exact names first. */
export const MAX_TOPICS = 2;
/** Anchor verses kept per query word. */
export const MAX_TOPIC_ANCHORS = 150;

/** The anchors a query word's topics name. */
export interface TopicIndex {
  /**
   * The verses (`<source> <ref>`, e.g. `bible Proverbs 6:1`) filed under the topics a plain
   * query word names, at most {@link MAX_TOPIC_ANCHORS}; empty when it names none.
   */
  anchorsFor(word: string): string[];
}

/** Most query words whose anchors are kept (query words come from visitors). */
const CACHE_SIZE = 20_000;

/**
 * Nave's Topical Bible as a topical index of the `bible` source (the KJV): a word's base forms
 * and its related words (`semantic.ts`) are looked up among the topics' name words; a topic
 * that only points elsewhere ("See GUEST") stands for the topics it names.
 *
 * @param related the English semantic layer (undefined: the word's own forms only)
 * @param naves the topics (default: the shipped table, read on first use)
 * @param source the catalog source the topics' verses belong to
 */
export function naveTopics(related: SemanticLayer | undefined, naves: () => Naves = () => loadNaves(), source = 'bible'): TopicIndex {
  const cache = new Map<string, string[]>();
  let table: Naves | undefined;
  return {
    anchorsFor(word: string): string[] {
      const lower = englishQueryWord(word);
      const cached = cache.get(lower);
      if (cached) return cached;
      let result: string[] = [];
      if (!ENGLISH_STOPWORDS.has(lower) && lower.length > 2) {
        table ??= naves();
        const t = table;
        const own = englishBaseForms(lower);
        const forms = [...new Set([...own, ...(related?.related(lower) ?? [])])];
        const topics = new Set<string>();
        for (const form of forms) {
          for (const topic of t.topicsFor(form)) {
            for (const named of t.versesOf(topic).length > 0 ? [topic] : t.seeAlso(topic)) {
              const size = t.versesOf(named).length;
              if (size > 0 && size <= MAX_TOPIC_VERSES) topics.add(named);
            }
          }
          if (topics.size >= MAX_TOPICS) break;
        }
        const refs = new Set<string>();
        for (const topic of [...topics].slice(0, MAX_TOPICS)) for (const ref of t.versesOf(topic)) refs.add(`${source} ${ref}`);
        result = [...refs].slice(0, MAX_TOPIC_ANCHORS);
      }
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(lower, result);
      return result;
    },
  };
}
