import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { foldTurkishAscii } from '../languages/turkish';
import { loadTurkishThesaurus, readThesaurusGroups, ThesaurusError, TURKISH_THESAURUS_FILE, turkishThesaurus } from './thesaurus';

/** Light verbs a phrase's noun carries (`vefat etmek` is `vefat`), as `retrieval/query.ts` drops them. */
const LIGHT_VERBS = new Set(['etmek', 'eylemek', 'olmak', 'kilmak', 'yapmak', 'edilmek', 'olunmak']);

const ascii = (word: string): string => foldTurkishAscii(word);

/** The content words of a member, ASCII-folded, light verbs dropped from a phrase. */
function contentWords(member: string): string[] {
  const words = member.split(/\s+/).map(ascii);
  return words.length > 1 ? words.filter((w) => !LIGHT_VERBS.has(w)) : words;
}

/** Every word of Diyanet's translation (quran-json `quran_tr.json`), ASCII-folded. */
function diyanetWords(): Set<string> {
  const file = require.resolve('quran-json/dist/quran_tr.json');
  const chapters = JSON.parse(fs.readFileSync(file, 'utf8')) as { verses: { translation: string }[] }[];
  const out = new Set<string>();
  for (const chapter of chapters) for (const verse of chapter.verses) for (const m of verse.translation.matchAll(/[\p{L}\p{M}]+/gu)) out.add(ascii(m[0]));
  return out;
}

/**
 * Whether the translation has a word a member's content word would match: the word itself, a
 * word starting with a verb's stem (4+ letters) or with a noun of 5+ letters, or the noun with
 * a short suffix (`gök` → `göke`).
 */
function occurs(word: string, words: ReadonlySet<string>, all: readonly string[]): boolean {
  if (words.has(word)) return true;
  const stem = /^(.+)m[ea]k$/.exec(word)?.[1];
  if (stem !== undefined) return stem.length >= 4 && all.some((w) => w.startsWith(stem));
  return all.some((w) => w.startsWith(word) && (word.length >= 5 || w.length <= word.length + 3));
}

describe('Turkish thesaurus data (server/data/thesaurus/tr.json)', () => {
  const groups = readThesaurusGroups(TURKISH_THESAURUS_FILE);

  it('has groups of 2–8 lower-case Turkish words or phrases of up to 3 words', () => {
    expect(groups.length).toBeGreaterThanOrEqual(400);
    const bad = groups.filter((g) => g.length < 2 || g.length > 8 || g.some((w) => !/^[a-zçğıöşüâîû]+(?: [a-zçğıöşüâîû]+){0,2}$/.test(w)));
    expect(bad).toEqual([]);
  });

  it('lists each word once (a light verb aside)', () => {
    const seen = new Map<string, number>();
    for (const g of groups) for (const w of g) seen.set(contentWords(w).join(' '), (seen.get(contentWords(w).join(' ')) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([w]) => w)).toEqual([]);
  });

  it('has in every group a word the Diyanet translation uses', () => {
    const words = diyanetWords();
    const all = [...words];
    const unused = groups.filter((g) => !g.some((member) => contentWords(member).every((w) => occurs(w, words, all))));
    expect(unused).toEqual([]);
  });
});

describe('Turkish thesaurus', () => {
  const thesaurus = turkishThesaurus([
    ['öldürmek', 'katletmek', 'canına kıymak'],
    ['yoksulluk', 'fakirlik', 'sefalet'],
    ['ölüm', 'vefat etmek'],
    ['ev', 'mesken', 'konut'],
  ]);

  it('looks an inflected word up by its stem and gives the group’s other members', () => {
    expect(thesaurus.synonyms('öldürdüler').sort()).toEqual(['canına kıymak', 'katletmek']);
    expect(thesaurus.synonyms('fakirliğe')).toEqual(expect.arrayContaining(['yoksulluk', 'sefalet']));
    expect(thesaurus.synonyms('FAKİRLİK')).not.toContain('fakirlik');
  });

  it('meets a phrase through its noun, not its light verb', () => {
    expect(thesaurus.synonyms('vefat')).toEqual(['ölüm']);
    expect(thesaurus.synonyms('etti')).toEqual([]);
  });

  it('meets a member of one or two letters only as the whole word', () => {
    expect(thesaurus.synonyms('ev').sort()).toEqual(['konut', 'mesken']);
    expect(thesaurus.synonyms('eve')).toEqual([]);
  });

  it('knows nothing of other words', () => {
    expect(thesaurus.synonyms('bilgisayar')).toEqual([]);
  });

  it('is undefined without a file and refuses an invalid one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thesaurus-'));
    expect(loadTurkishThesaurus(path.join(dir, 'tr.json'))).toBeUndefined();
    fs.writeFileSync(path.join(dir, 'tr.json'), '[["tek"]]');
    expect(() => loadTurkishThesaurus(path.join(dir, 'tr.json'))).toThrow(ThesaurusError);
    fs.rmSync(dir, { recursive: true });
  });

  it('loads the shipped file', () => {
    expect(loadTurkishThesaurus()?.synonyms('kavgalar')).toEqual(expect.arrayContaining(['anlaşmazlık']));
  });
});
