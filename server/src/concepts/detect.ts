import { arabicWordForms, asciiFoldTurkish, foldTurkish, hasArabic } from '../corpus/normalize.js';
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

/** A raw word of a query: letters, marks and digits, with apostrophe-joined parts (`Musa'nın`, `Kur'an`). */
const RAW_WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/**
 * Function words skipped inside phrases (normalized: English lower-case, Turkish ASCII-folded,
 * Arabic bare), with the Turkish light verbs (`kurban etmek`, `namaz kılmak` name the noun).
 */
const FUNCTION_WORDS = new Set(
  `a an the of to in on at for with by from and or as into about his her hers their theirs its my your our him them he she they it is are was were be been this that these those who whom which
   bir ve ile de da ki bu su o icin gibi veya ya etmek olmak yapmak eylemek kilmak
   في من على الى عن و`.split(/\s+/).filter(Boolean),
);

/** Turkish suffixes that make or inflect a verb (ASCII-folded); a stem left by one of them is a verb stem. */
const TR_VERBAL = new Set([
  'iyor', 'uyor', 'ecek', 'acak', 'mesi', 'masi', 'arak', 'erek', 'ince', 'unca', 'meli', 'mali',
  'yor', 'mis', 'mus', 'dik', 'duk', 'tik', 'tuk', 'mek', 'mak', 'yen', 'yan',
  'di', 'du', 'ti', 'tu', 'en', 'an', 'me', 'ma', 'il', 'ul', 'ip', 'up',
]);

/**
 * Marks a glossary key that is a verb stem (left by a verb suffix: boşanma → boşan-, boşa-):
 * a query's word reaches it only through a suffix of its own, never as the whole word, so
 * the noun boşa (in vain) does not meet boşamak (to divorce).
 */
const VERB_STEM = 'v:';

/** Turkish inflectional suffixes of nouns and verbs (ASCII-folded: ı→i, ü→u) peeled off a query word, longest first. */
const TR_SUFFIXES = [
  'imiz', 'umuz', 'iniz', 'unuz', 'nden', 'ndan', 'leri', 'lari',
  'ler', 'lar', 'nin', 'nun', 'yin', 'yun', 'miz', 'muz', 'niz', 'nuz', 'nde', 'nda', 'den', 'dan', 'ten', 'tan', 'yle', 'yla', 'dir', 'dur', 'tir', 'tur',
  'si', 'su', 'yi', 'yu', 'in', 'un', 'im', 'um', 'ye', 'ya', 'ne', 'na', 'ni', 'nu', 'de', 'da', 'te', 'ta', 'le', 'la', 'ki',
  'i', 'u', 'e', 'a', 'm', 'n',
  // Verbs: past, reported past, present, future, participles, infinitive, verbal noun, passive, converbs.
  'iyor', 'uyor', 'ecek', 'acak', 'mesi', 'masi', 'arak', 'erek', 'ince', 'unca', 'meli', 'mali',
  'yor', 'mis', 'mus', 'dik', 'duk', 'tik', 'tuk', 'mek', 'mak', 'yen', 'yan',
  'di', 'du', 'ti', 'tu', 'en', 'an', 'me', 'ma', 'il', 'ul', 'ip', 'up',
].sort((a, b) => b.length - a.length);

/** Shortest stem a Turkish suffix may leave (`İsa'yı` keeps its name through the apostrophe instead). */
const TR_MIN_STEM = 3;

const SOFTENED: Readonly<Record<string, string>> = { b: 'p', d: 't', g: 'k', c: 'c' };

/** Latin word → lower-case ASCII (Turkish casing first): `İbrâhîm` → `ibrahim`, `Mûsâ` → `musa`. */
function latinKey(word: string): string {
  return asciiFoldTurkish(foldTurkish(word))
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** English base form shared by both sides: heads → head, covering/covered/covers → cover, stories → story. */
/** English irregular verb forms and plurals a visitor may use for a glossary word's base form. */
const ENGLISH_IRREGULAR: Readonly<Record<string, string>> = Object.fromEntries(
  `slept:sleep threw:throw thrown:throw ate:eat eaten:eat gave:give given:give took:take taken:take went:go gone:go
   came:come fell:fall fallen:fall built:build brought:bring spoke:speak spoken:speak wrote:write written:write
   told:tell said:say saw:see seen:see flew:fly drank:drink drunk:drink fled:flee fought:fight hid:hide hidden:hide
   knew:know known:know led:lead left:leave lost:lose made:make met:meet paid:pay ran:run rose:rise risen:rise
   sold:sell sent:send stood:stand struck:strike swore:swear sworn:swear taught:teach thought:think woke:wake
   wore:wear won:win born:bear bore:bear swallowed:swallow split:split sank:sink sunk:sink drew:draw drawn:draw
   forgave:forgive forgiven:forgive forbade:forbid forbidden:forbid men:man women:woman children:child
   wives:wife lives:life feet:foot teeth:tooth mice:mouse people:person brethren:brother`
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split(':') as [string, string]),
);

function englishStem(w: string): string {
  const irregular = ENGLISH_IRREGULAR[w];
  if (irregular !== undefined && irregular !== w) return englishStem(irregular);
  let s = w;
  if (s.length > 4 && s.endsWith('ies')) s = `${s.slice(0, -3)}y`;
  else if (s.length > 4 && s.endsWith('sses')) s = s.slice(0, -2);
  else if (s.length > 3 && s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us') && !s.endsWith('is')) s = s.slice(0, -1);
  // lying, dying, died, tied → lie, die, tie (the -ie verbs).
  if (/^[a-z]{1,2}(?:ying|ied)$/.test(s)) return `${s.replace(/(?:ying|ied)$/, '')}ie`;
  const before = s;
  if (s.length >= 6 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length >= 5 && s.endsWith('ed')) s = s.slice(0, -2);
  // A consonant doubled before -ing/-ed is single in the base word (splitting → split), except l, s, z.
  if (s !== before && s.length >= 4 && /([b-df-hj-km-np-rtv-y])\1$/.test(s)) s = s.slice(0, -1);
  if (s.length >= 5 && s.endsWith('e')) s = s.slice(0, -1);
  return s;
}

/** Arabic word → its bare forms (no tashkeel, alef folded, ة→ه, ى→ي), with and without the article and proclitics. */
function arabicKeys(word: string, query: boolean): string[] {
  const keys = new Set<string>();
  for (const form of arabicWordForms(word)) {
    const bare = form.replace(/\u0629/g, '\u0647').replace(/\u0649/g, '\u064A');
    if (bare.length === 0) continue;
    keys.add(bare);
    const heads = query && /^[\u0648\u0641]/.test(bare) && bare.length > 3 ? [bare, bare.slice(1)] : [bare];
    for (const h of heads) {
      keys.add(h);
      const m = /^(?:[\u0628\u0643\u0641\u0648]?\u0627\u0644|\u0644\u0644)(.{2,})$/.exec(h);
      if (m?.[1]) keys.add(m[1]);
    }
  }
  return [...keys];
}

/** Plural suffixes: a possessive or genitive never stands before them (gece-ler-in, not *gece-n-ler). */
const TR_PLURAL = new Set(['ler', 'lar', 'leri', 'lari']);
/** Possessive and genitive suffixes (ASCII-folded), not peeled from before a plural. */
const TR_POSSESSIVE = new Set(['imiz', 'umuz', 'iniz', 'unuz', 'nin', 'nun', 'miz', 'muz', 'niz', 'nuz', 'si', 'su', 'in', 'un', 'im', 'um', 'm', 'n']);
/** Case endings a two-letter noun takes (ay → aya, ayı, ayda); other suffixes must leave 3 letters. */
const TR_SHORT_CASE = new Set(['a', 'e', 'i', 'u', 'ya', 'ye', 'yi', 'yu', 'da', 'de', 'ta', 'te', 'dan', 'den', 'tan', 'ten']);

/**
 * Every stem a Turkish suffix chain (up to three suffixes) leaves on an ASCII-folded word,
 * softening undone. A chain that peeled a plural peels no possessive before it (geçenler is
 * geçen-ler, never gece-n-ler); a case ending may leave a two-letter noun (aya → ay).
 */
function turkishStems(ascii: string): string[] {
  return turkishStemsMarked(ascii).map((s) => s.stem);
}

interface Peeled {
  stem: string;
  /** True when a verb suffix ({@link TR_VERBAL}) was peeled on the way. */
  verbal: boolean;
}

/** {@link turkishStems} with, for each stem, whether a verb suffix left it (on any path). */
function turkishStemsMarked(ascii: string): Peeled[] {
  const out = new Map<string, boolean>();
  let frontier: { word: string; plural: boolean; verbal: boolean }[] = [{ word: ascii, plural: false, verbal: false }];
  for (let round = 0; round < 3 && frontier.length > 0; round++) {
    const next: { word: string; plural: boolean; verbal: boolean }[] = [];
    for (const { word: w, plural, verbal: wasVerbal } of frontier) {
      for (const suffix of TR_SUFFIXES) {
        if (!w.endsWith(suffix)) continue;
        const min = round === 0 && TR_SHORT_CASE.has(suffix) ? 2 : TR_MIN_STEM;
        if (w.length - suffix.length < min || (plural && TR_POSSESSIVE.has(suffix))) continue;
        const stem = w.slice(0, -suffix.length);
        const verbal = wasVerbal || TR_VERBAL.has(suffix);
        // A verbal reading of the same stem wins (boşama is boşa-ma, not boşa-m-a).
        if (out.has(stem) && (!verbal || out.get(stem) === true)) continue;
        out.set(stem, verbal);
        next.push({ word: stem, plural: plural || TR_PLURAL.has(suffix), verbal });
        const last = stem.at(-1) ?? '';
        const hard = SOFTENED[last];
        if (hard && hard !== last && out.get(stem.slice(0, -1) + hard) !== true) out.set(stem.slice(0, -1) + hard, verbal);
      }
    }
    frontier = next;
  }
  return [...out.entries()].map(([stem, verbal]) => ({ stem, verbal }));
}

const TR_VOWELS = 'aeıioöuü';

/**
 * The stem a Turkish noun that drops its last vowel takes before a vowel (sabır → sabr,
 * oğul → oğl, ömür → ömr), ASCII-folded; undefined for words of another shape.
 */
function turkishVowelDropStemOf(word: string): string | undefined {
  const folded = foldTurkish(word).trim();
  if (folded.length < 4 || folded.length > 7) return undefined;
  const m = new RegExp(`^(.*[^${TR_VOWELS}])([ıiuü])([^${TR_VOWELS}])$`).exec(folded);
  if (!m?.[1] || !m[3] || !new RegExp(`[${TR_VOWELS}]`).test(m[1])) return undefined;
  return latinKey(m[1] + m[3]);
}

/** The keys a glossary word is indexed under. */
function indexKeys(word: string, lang?: DetectLanguage): string[] {
  if (hasArabic(word)) return arabicKeys(word, false);
  const w = latinKey(word);
  if (w === '') return [];
  const keys = new Set([w, englishStem(w)]);
  // Proper names keep their vowels (Karun'un, never *Karn-): their dropped stem would meet karnında.
  const dropped = /^\p{Lu}/u.test(word) ? undefined : turkishVowelDropStemOf(word);
  if (dropped) keys.add(dropped);
  // A Turkish wording's inflected word also stands for its stem (başını → baş-, örtmek → ört-),
  // which a query reaches by peeling its own suffixes; stems shorter than 4 letters are too ambiguous.
  if (lang === 'tr') {
    for (const { stem, verbal } of turkishStemsMarked(w)) if (stem.length >= 4) keys.add(verbal ? VERB_STEM + stem : stem);
    // An infinitive's or a verbal noun's verb stem may be short (örtmek → ört, yutmak → yut;
    // başa kakma → kak, so that "başa kakmak" and "kakmış" meet it).
    if (/m[ea]k$/.test(w) && w.length >= 6) keys.add(VERB_STEM + w.slice(0, -3));
    const verbalNoun = /^(.{3,})m[ea](si)?$/.exec(w);
    if (verbalNoun?.[1]) keys.add(VERB_STEM + verbalNoun[1]);
  }
  return [...keys];
}

/** The keys a query word may stand for. */
function queryKeys(raw: string, turkish: boolean): string[] {
  if (hasArabic(raw)) return arabicKeys(raw, true);
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
  const all = [...text.normalize('NFC').matchAll(RAW_WORD)].map((m) => m[0]);
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

/** Letters only a Turkish keyboard types: a query with one of them spells its words in them. */
const TURKISH_LETTERS = /[çğıöşüÇĞİÖŞÜ]/u;

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
  return [...text.matchAll(RAW_WORD)].map((m) => ({ raw: m[0], start: m.index, end: m.index + m[0].length, keys: queryKeys(m[0], turkish) }));
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
