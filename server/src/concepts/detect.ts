import { ARABIC_PHRASE_FUNCTION_WORDS, arabicMatchKeys, arabicWordForms, hasArabic } from '../languages/arabic.js';
import { ENGLISH_PHRASE_FUNCTION_WORDS, englishStem } from '../languages/english.js';
import { stripMarks, TYPED_WORD } from '../languages/generic.js';
import {
  foldTurkish,
  foldTurkishAscii,
  TURKISH_LETTERS,
  TURKISH_PHRASE_FUNCTION_WORDS,
  turkishInfinitiveStem,
  turkishStems,
  turkishStemsMarked,
  turkishVerbalNounStem,
  turkishVowelDropStem,
} from '../languages/turkish.js';
import type { Concept, ConceptLanguage } from './types.js';

/**
 * Concept detection (issue 11): which concepts of the glossary a query mentions, by their
 * names (`names`, every language) and everyday phrasings (`phrasings`, en/tr). Pure; build the
 * index once with {@link buildConceptIndex}, then {@link detectConcepts} costs O(words of the
 * query) — each word is looked up in a trie keyed by normalized words.
 *
 * Matching is word by word, case- and diacritic-insensitive:
 * - Latin script: Turkish case folding (İ → i, I → ı), then ASCII (ş → s, ı → i, â → a, é → e),
 *   so `İBRAHİM`, `ibrahim` and `Ibrahim` are one word; English plurals and `-ing`/`-ed`
 *   forms meet their base word on both sides (`covering` ~ `cover`, `heads` ~ `head`).
 * - Turkish (when Turkish names are searched): inflectional suffixes are peeled off the
 *   query's word (`başörtüsünü` → `başörtü`, `peygamberlerin` → `peygamber`), an apostrophe
 *   ends a proper noun (`Musa'nın` → `Musa`), consonant softening is undone (`kitabı` →
 *   `kitap`) and vowel-dropping nouns meet their full form (`sabrı` ~ `sabır`).
 * - Arabic: with or without tashkeel and Uthmani marks, alef variants folded, `ة`/`ه` and
 *   `ى`/`ي` alike, and the article and one-letter proclitics (`وال`, `بال`, `لل`) optional.
 * - Function words (`the`, `of`, `their`, `bir`, `ve`, …) are skipped inside phrases on both
 *   sides, so "cover their heads" also matches "covering her head".
 *
 * A multi-word wording also matches with its content words in any order and other words
 * between. Matches never overlap: the candidate taking most content words wins, a phrase in
 * order before the same words in any order, then the leftmost.
 */

/** A language whose names (and phrasings) detection considers. */
export type DetectLanguage = ConceptLanguage;

/** One mention of a concept in a query. */
export interface ConceptMatch {
  /** The concepts these words name: one, or several for a wording more than one concept uses (see `chooseConcepts`). */
  concepts: readonly Concept[];
  /** UTF-16 offsets of the matched words in the query (`end` exclusive). */
  start: number;
  end: number;
  /** The query's own words that matched, as typed (function words between them included). */
  words: string[];
  /** UTF-16 offsets in the query of each of {@link ConceptMatch.words}. */
  wordStarts: number[];
  /** The glossary's wording that matched (a name or a phrasing), e.g. `cover their heads`. */
  matched: string;
}

interface Entry {
  concept: Concept;
  lang: DetectLanguage;
  text: string;
}

interface Node {
  next: Map<string, Node>;
  entries: Entry[];
}

/** A wording of several content words, matched in any order (see {@link detectConcepts}). */
interface Bag {
  entry: Entry;
  /** Per content word, the keys it is indexed under. */
  words: string[][];
}

/** The glossary's names and phrasings as a trie of normalized words, and their multi-word ones by key; built once. */
export interface ConceptIndex {
  readonly root: Node;
  /** Multi-word wordings by each key of each of their content words. */
  readonly bags: ReadonlyMap<string, readonly Bag[]>;
  /** Concepts indexed. */
  readonly size: number;
}

/**
 * Function words skipped inside phrases, every language's together (a word's language is not
 * known): English lower-case, Turkish ASCII-folded with its light verbs, Arabic bare.
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([...ENGLISH_PHRASE_FUNCTION_WORDS, ...TURKISH_PHRASE_FUNCTION_WORDS, ...ARABIC_PHRASE_FUNCTION_WORDS]);

/**
 * Marks a glossary key that is a verb stem (left by a verb suffix: boşanma → boşan-, boşa-):
 * a query's word reaches it only through a suffix of its own, never as the whole word, so
 * the noun boşa (in vain) does not meet boşamak (to divorce).
 */
const VERB_STEM = 'v:';

/** Latin word → lower-case ASCII (Turkish casing first): `İbrâhîm` → `ibrahim`, `Mûsâ` → `musa`. */
function latinKey(word: string): string {
  return stripMarks(foldTurkishAscii(word)).replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The stem a Turkish noun that drops its last vowel takes before a vowel (sabır → sabr,
 * oğul → oğl, ömür → ömr), as a key; undefined for words of another shape.
 */
function vowelDropKey(word: string): string | undefined {
  const stem = turkishVowelDropStem(foldTurkish(word).trim());
  return stem === undefined ? undefined : latinKey(stem);
}

/** The keys a glossary word is indexed under. */
function indexKeys(word: string, lang?: DetectLanguage): string[] {
  if (hasArabic(word)) return arabicMatchKeys(word, false);
  const w = latinKey(word);
  if (w === '') return [];
  const keys = new Set([w, englishStem(w)]);
  // Proper names keep their vowels (Karun'un, never *Karn-): their dropped stem would meet karnında.
  const dropped = /^\p{Lu}/u.test(word) ? undefined : vowelDropKey(word);
  if (dropped) keys.add(dropped);
  // A Turkish wording's inflected word also stands for its stem (başını → baş-, örtmek → ört-),
  // which a query reaches by peeling its own suffixes; stems shorter than 4 letters are too ambiguous.
  if (lang === 'tr') {
    for (const { stem, verbal } of turkishStemsMarked(w)) if (stem.length >= 4) keys.add(verbal ? VERB_STEM + stem : stem);
    // An infinitive's or a verbal noun's verb stem may be short (örtmek → ört, yutmak → yut;
    // başa kakma → kak, so that "başa kakmak" and "kakmış" meet it).
    const infinitive = turkishInfinitiveStem(w);
    if (infinitive !== undefined && infinitive.length >= 3) keys.add(VERB_STEM + infinitive);
    const verbalNoun = turkishVerbalNounStem(w);
    if (verbalNoun) keys.add(VERB_STEM + verbalNoun);
  }
  return [...keys];
}

/** The keys a query word may stand for. */
function queryKeys(raw: string, turkish: boolean): string[] {
  if (hasArabic(raw)) return arabicMatchKeys(raw, true);
  const pieces = raw.split(/['’]/);
  const joined = latinKey(pieces.join(''));
  const head = latinKey(pieces[0] ?? '');
  const keys = new Set<string>();
  for (const w of new Set([joined, head])) {
    if (w === '') continue;
    keys.add(w);
    keys.add(englishStem(w));
    // A peeled stem also reaches the glossary's verb stems ({@link VERB_STEM}); the whole word does not.
    if (turkish && pieces.length === 1) for (const s of turkishStems(w)) keys.add(s).add(VERB_STEM + s);
  }
  return [...keys];
}

function isFunctionWord(word: string): boolean {
  if (hasArabic(word)) return arabicWordForms(word).some((f) => FUNCTION_WORDS.has(f));
  return FUNCTION_WORDS.has(latinKey(word));
}

/** The content words of a name or phrasing (function words dropped, unless that leaves nothing). */
function phraseWords(text: string): string[] {
  const all = [...text.normalize('NFC').matchAll(TYPED_WORD)].map((m) => m[0]);
  const content = all.filter((w) => !isFunctionWord(w));
  return content.length > 0 ? content : all;
}

function newNode(): Node {
  return { next: new Map(), entries: [] };
}

function insert(root: Node, words: readonly string[], entry: Entry): void {
  let nodes = [root];
  for (const word of words) {
    const keys = indexKeys(word, entry.lang);
    if (keys.length === 0) return;
    const following: Node[] = [];
    for (const node of nodes) {
      for (const key of keys) {
        let child = node.next.get(key);
        if (!child) {
          child = newNode();
          node.next.set(key, child);
        }
        if (!following.includes(child)) following.push(child);
      }
    }
    nodes = following;
  }
  for (const node of nodes) {
    if (!node.entries.some((e) => e.concept === entry.concept && e.lang === entry.lang)) node.entries.push(entry);
  }
}

/**
 * Indexes the glossary's names (every language, transliterations included) and phrasings
 * (en, tr). Cost: O(total words of all names × their few normalized keys).
 *
 * @param concepts the glossary, e.g. `loadGlossary()` (`concepts/glossary.ts`)
 */
export function buildConceptIndex(concepts: readonly Concept[]): ConceptIndex {
  const root = newNode();
  const bags = new Map<string, Bag[]>();
  const add = (entry: Entry): void => {
    const words = phraseWords(entry.text);
    insert(root, words, entry);
    const content = words.filter((w) => !isFunctionWord(w)).map((w) => indexKeys(w, entry.lang));
    if (content.length < 2 || content.some((keys) => keys.length === 0)) return;
    const bag: Bag = { entry, words: content };
    for (const key of new Set(content.flat())) bags.set(key, [...(bags.get(key) ?? []), bag]);
  };
  for (const concept of concepts) {
    for (const [lang, names] of Object.entries(concept.names) as [DetectLanguage, string[] | undefined][]) {
      for (const text of names ?? []) add({ concept, lang, text });
    }
    for (const [lang, phrasings] of Object.entries(concept.phrasings ?? {}) as [DetectLanguage, string[] | undefined][]) {
      for (const text of phrasings ?? []) add({ concept, lang, text });
    }
  }
  return { root, bags, size: concepts.length };
}

/** A trie node stored: the numbers of its entries, then its children by key. */
type StoredNode = [number[], [string, StoredNode][]];

/**
 * A {@link ConceptIndex} as plain JSON (`concepts/prepared-index.ts` keeps one beside the build):
 * entries by number, each naming its concept by its position in the glossary it was built from.
 */
export interface StoredConceptIndex {
  /** `[concept position, language, wording]` per entry. */
  entries: [number, DetectLanguage, string][];
  root: StoredNode;
  /** `[entry number, keys per content word]` per multi-word wording. */
  bags: [number, string[][]][];
  /** `[key, bag numbers]`. */
  bagKeys: [string, number[]][];
  size: number;
}

/**
 * `index` as plain JSON, for {@link restoreConceptIndex}.
 *
 * @param concepts the glossary `index` was built from, in the same order
 * @throws when an entry names a concept not in `concepts`
 */
export function storeConceptIndex(index: ConceptIndex, concepts: readonly Concept[]): StoredConceptIndex {
  const position = new Map(concepts.map((c, i) => [c, i]));
  const entryNumbers = new Map<Entry, number>();
  const entries: StoredConceptIndex['entries'] = [];
  const entryNumber = (entry: Entry): number => {
    let n = entryNumbers.get(entry);
    if (n === undefined) {
      const concept = position.get(entry.concept);
      if (concept === undefined) throw new Error(`the index names a concept not in the glossary: ${entry.concept.id}`);
      n = entries.push([concept, entry.lang, entry.text]) - 1;
      entryNumbers.set(entry, n);
    }
    return n;
  };
  const storeNode = (node: Node): StoredNode => [node.entries.map(entryNumber), [...node.next].map(([key, child]) => [key, storeNode(child)])];
  const root = storeNode(index.root);
  const bagNumbers = new Map<Bag, number>();
  const bags: StoredConceptIndex['bags'] = [];
  const bagKeys: StoredConceptIndex['bagKeys'] = [...index.bags].map(([key, list]) => [
    key,
    list.map((bag) => {
      let n = bagNumbers.get(bag);
      if (n === undefined) {
        n = bags.push([entryNumber(bag.entry), bag.words]) - 1;
        bagNumbers.set(bag, n);
      }
      return n;
    }),
  ]);
  return { entries, root, bags, bagKeys, size: index.size };
}

/**
 * The index {@link storeConceptIndex} stored, over `concepts` (the same glossary, same order):
 * equal to what {@link buildConceptIndex} builds, in a fraction of its time (no word is normalized).
 *
 * @throws when `stored` names a concept or an entry that is not there
 */
export function restoreConceptIndex(stored: StoredConceptIndex, concepts: readonly Concept[]): ConceptIndex {
  const entries: Entry[] = stored.entries.map(([n, lang, text]) => {
    const concept = concepts[n];
    if (!concept) throw new Error(`the stored concept index names concept ${n}, beyond the glossary's ${concepts.length}`);
    return { concept, lang, text };
  });
  const entry = (n: number): Entry => {
    const found = entries[n];
    if (!found) throw new Error(`the stored concept index names entry ${n}, beyond its ${entries.length}`);
    return found;
  };
  const restoreNode = ([own, children]: StoredNode): Node => ({
    entries: own.map(entry),
    next: new Map(children.map(([key, child]) => [key, restoreNode(child)])),
  });
  const bags: Bag[] = stored.bags.map(([n, words]) => ({ entry: entry(n), words }));
  const bagAt = (n: number): Bag => {
    const found = bags[n];
    if (!found) throw new Error(`the stored concept index names bag ${n}, beyond its ${bags.length}`);
    return found;
  };
  return { root: restoreNode(stored.root), bags: new Map(stored.bagKeys.map(([key, list]) => [key, list.map(bagAt)])), size: stored.size };
}

interface QueryWord {
  raw: string;
  start: number;
  end: number;
  keys: string[];
}

/**
 * The concepts a query mentions, left to right, without overlaps (the longest phrase that
 * starts at a word wins; a word in no phrase is skipped).
 *
 * @param index from {@link buildConceptIndex}
 * @param query the query as typed
 * @param langs the languages whose names and phrasings count (default all); Turkish suffixes
 *   are peeled off the query's words only when `tr` is among them. The search passes the
 *   visitor's language with `translit` and `ar`, so an English "son" never finds the Turkish
 *   word "son" (end).
 * @returns one {@link ConceptMatch} per mention; empty for none
 */
export function detectConcepts(index: ConceptIndex, query: string, langs?: readonly DetectLanguage[]): ConceptMatch[] {
  const allowed = langs ? new Set<DetectLanguage>(langs) : undefined;
  const turkish = allowed === undefined || allowed.has('tr');
  const text = query.normalize('NFC');
  const words = queryWords(text, turkish);
  // Candidates: the longest phrase at each word (in order), and wordings whose words all occur (any order).
  const candidates: Candidate[] = [];
  for (let i = 0; i < words.length; i++) {
    const found = longestAt(index.root, words, i, allowed);
    if (found) candidates.push({ picked: Array.from({ length: found.end - i }, (_, k) => i + k), entries: found.entries, contiguous: true });
  }
  candidates.push(...bagCandidates(index, words, allowed));
  if (turkish && TURKISH_LETTERS.test(text)) {
    for (const c of candidates) c.entries = spelledAsTyped(c, words);
    candidates.splice(0, candidates.length, ...candidates.filter((c) => c.entries.length > 0));
  }
  const size = (c: Candidate): number => c.picked.filter((i) => !isFunctionWord(words[i]?.raw ?? '')).length;
  candidates.sort((x, y) => size(y) - size(x) || Number(y.contiguous) - Number(x.contiguous) || (x.picked[0] ?? 0) - (y.picked[0] ?? 0));
  const used = new Set<number>();
  const matches: ConceptMatch[] = [];
  for (const c of candidates) {
    if (c.picked.some((i) => used.has(i))) continue;
    c.picked.forEach((i) => used.add(i));
    const span = c.picked.map((i) => words[i]).filter((w): w is QueryWord => w !== undefined);
    matches.push({
      concepts: chooseConcepts(c.entries),
      start: span[0]?.start ?? 0,
      end: span.at(-1)?.end ?? 0,
      words: span.map((w) => w.raw),
      wordStarts: span.map((w) => w.start),
      matched: c.entries[0]?.text ?? '',
    });
  }
  return matches.sort((x, y) => x.start - y.start);
}

/**
 * Whether query words typed with Turkish letters are spelled as a Turkish wording's words. The
 * matching itself is ASCII-folded, so that `sabir` finds `sabır`; but a query that uses Turkish
 * letters means them: "ordunun başına" (to the army) is not "başını örtmek" (to cover one's
 * head), although `ordu-` and `ört-` fold alike after consonant softening. Each content word of the query must begin as some content word of the wording
 * does, in Turkish letters (circumflexes dropped): the first three letters, fewer for a short
 * word, its last letter free for softening (`dibi` ~ `dip`).
 */
function spelledAlike(queryWords: readonly string[], wording: string): boolean {
  const letters = (w: string): string => foldTurkish(w).replace(/[^\p{L}]/gu, '');
  const own = phraseWords(wording).map(letters);
  return queryWords
    .filter((w) => !isFunctionWord(w))
    .map(letters)
    .every((q) =>
      own.some((o) => {
        const k = Math.max(1, Math.min(3, Math.min(q.length, o.length) - 1));
        return q.slice(0, k) === o.slice(0, k);
      }),
    );
}

/**
 * A concept the query nearly mentions: every content word but one of a wording of three or
 * more content words occurs in the query ("the walls of Jericho come down" for "walls of
 * Jericho fell", "the uncle of the Prophet" for "uncle of the Prophet who opposed him"). Too
 * weak to stand for the query's words (they stay terms of their own, see `retrieval/query.ts`),
 * strong enough to consider the concept's anchor verses.
 */
export interface NearMatch {
  /** The concepts the wording names (as {@link ConceptMatch.concepts}). */
  concepts: readonly Concept[];
  /** UTF-16 offsets in the query of the words that matched (ascending). */
  wordStarts: number[];
  /** The glossary's wording nearly matched. */
  matched: string;
}

/** Fewest content words a wording needs before it may be matched with one of them missing. */
export const NEAR_MIN_WORDS = 3;

/**
 * The concepts a query nearly mentions ({@link NearMatch}), leaving out those it mentions
 * ({@link detectConcepts}); one near match per concept, the one taking most words, then the
 * leftmost. Same word matching as {@link detectConcepts} (keys, Turkish spelling check).
 *
 * @param index from {@link buildConceptIndex}
 * @param query the query as typed
 * @param langs the languages whose wordings count (as {@link detectConcepts})
 * @param mentions the query's mentions when already detected ({@link detectConcepts} with the same `langs`)
 * @returns near matches in query order; empty for none
 */
export function detectNearConcepts(
  index: ConceptIndex,
  query: string,
  langs?: readonly DetectLanguage[],
  mentions: readonly ConceptMatch[] = detectConcepts(index, query, langs),
): NearMatch[] {
  const allowed = langs ? new Set<DetectLanguage>(langs) : undefined;
  const turkish = allowed === undefined || allowed.has('tr');
  const text = query.normalize('NFC');
  const words = queryWords(text, turkish);
  const mentioned = new Set(mentions.flatMap((m) => m.concepts));
  const typedTurkish = turkish && TURKISH_LETTERS.test(text);
  const best = new Map<Concept, NearMatch>();
  for (const c of bagCandidates(index, words, allowed, 1)) {
    const entries = typedTurkish ? spelledAsTyped(c, words) : c.entries;
    for (const concept of chooseConcepts(entries)) {
      if (mentioned.has(concept)) continue;
      const wordStarts = c.picked.map((i) => words[i]?.start ?? 0);
      const previous = best.get(concept);
      if (previous && (previous.wordStarts.length > wordStarts.length || (previous.wordStarts.length === wordStarts.length && (previous.wordStarts[0] ?? 0) <= (wordStarts[0] ?? 0)))) continue;
      best.set(concept, { concepts: [concept], wordStarts, matched: entries[0]?.text ?? '' });
    }
  }
  return [...best.values()].sort((x, y) => (x.wordStarts[0] ?? 0) - (y.wordStarts[0] ?? 0));
}

/** The query's words with their offsets and lookup keys. */
function queryWords(text: string, turkish: boolean): QueryWord[] {
  return [...text.matchAll(TYPED_WORD)].map((m) => ({ raw: m[0], start: m.index, end: m.index + m[0].length, keys: queryKeys(m[0], turkish) }));
}

/**
 * A candidate's wordings left once the query is known to be typed with Turkish letters: the
 * Turkish ones must be spelled as the query's words are ({@link spelledAlike}); others stay.
 */
function spelledAsTyped(c: Candidate, words: readonly QueryWord[]): Entry[] {
  const typed = c.picked.map((i) => words[i]?.raw ?? '');
  return c.entries.filter((e) => e.lang !== 'tr' || spelledAlike(typed, e.text));
}

/** A possible mention: the query words it takes (indexes, ascending) and the wordings it matches. */
interface Candidate {
  picked: number[];
  entries: Entry[];
  /** True for a phrase read in order (preferred over the same number of words in any order). */
  contiguous: boolean;
}

/**
 * Multi-word wordings whose content words all occur in the query, in any order and with
 * other words between ("kurban edilen oğul" for "oğlunu kurban etmek", "how long did the young
 * men sleep in the cave" for "young men who slept in a cave"); each content word taken by a
 * distinct query word.
 */
function bagCandidates(
  index: ConceptIndex,
  words: readonly QueryWord[],
  allowed: ReadonlySet<DetectLanguage> | undefined,
  missing: 0 | 1 = 0,
): Candidate[] {
  const content = words.map((w, i) => ({ w, i })).filter(({ w }) => !isFunctionWord(w.raw));
  const bags = new Set<Bag>();
  for (const { w } of content) for (const key of w.keys) for (const bag of index.bags.get(key) ?? []) bags.add(bag);
  const out: Candidate[] = [];
  for (const bag of bags) {
    if (allowed && !allowed.has(bag.entry.lang)) continue;
    if (missing > 0 && bag.words.length < NEAR_MIN_WORDS) continue;
    const picked: number[] = [];
    let absent = 0;
    for (const keys of bag.words) {
      const hit = content.find(({ i, w }) => !picked.includes(i) && w.keys.some((k) => keys.includes(k)));
      if (hit) picked.push(hit.i);
      else if (++absent > missing) break;
    }
    if (absent === missing && picked.length === bag.words.length - missing) out.push({ picked: picked.sort((a, b) => a - b), entries: [bag.entry], contiguous: false });
  }
  return out;
}

/**
 * The concepts a wording names. A wording several concepts claim ("prophet" is the concept
 * prophet's first name and, as "the Prophet", one of Muhammad's) names those whose first
 * name in its language it is, when there are such; else all of them ("alms": zakat and charity).
 */
function chooseConcepts(entries: readonly Entry[]): Concept[] {
  const all = [...new Set(entries.map((e) => e.concept))];
  if (all.length < 2) return all;
  const primary = [...new Set(entries.filter((e) => e.concept.names[e.lang]?.[0] === e.text).map((e) => e.concept))];
  return primary.length > 0 ? primary : all;
}

/** The longest phrase starting at word `i` (function words skipped after the first), with its end (word index, exclusive). */
function longestAt(
  root: Node,
  words: readonly QueryWord[],
  i: number,
  allowed: ReadonlySet<DetectLanguage> | undefined,
): { end: number; entries: Entry[] } | undefined {
  let best: { end: number; entries: Entry[] } | undefined;
  let nodes: Node[] = [root];
  for (let j = i; j < words.length && nodes.length > 0; j++) {
    const word = words[j];
    if (!word) break;
    const following: Node[] = [];
    for (const node of nodes) {
      for (const key of word.keys) {
        const child = node.next.get(key);
        if (child && !following.includes(child)) following.push(child);
      }
    }
    if (following.length === 0) {
      // A function word inside a phrase is skipped; one that starts a match is not a match.
      if (j > i && isFunctionWord(word.raw)) continue;
      break;
    }
    nodes = following;
    const entries = nodes.flatMap((n) => n.entries).filter((e) => !allowed || allowed.has(e.lang));
    if (entries.length > 0) best = { end: j + 1, entries };
  }
  return best;
}
