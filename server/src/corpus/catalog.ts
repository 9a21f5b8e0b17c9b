import fs from 'node:fs';
import path from 'node:path';

/**
 * The corpus the server loads on first start: the Quran from the `quran-json` package
 * (3.1.2, CC BY-SA 4.0 per its files). Its texts come from Tanzil and QuranEnc, whose terms
 * require the text unmodified and credited: `text` is stored exactly as shipped and every
 * passage carries its translator (credits from the package's README, "Data Source").
 */

/** One file of the corpus: a source in one language. */
export interface CorpusImport {
  /** Key in `corpus_imports`; a second start skips imports already recorded. */
  id: string;
  /** Catalog source id. */
  source: string;
  /** Language of the passages. */
  lang: string;
  /** File in `quran-json/dist/`. */
  file: string;
  /** Field of each verse holding this import's text. */
  field: 'text' | 'translation';
  /** Credit shown with every passage (translator or edition). */
  translator: string;
  /** Where the text comes from, recorded with the import. */
  origin: string;
}

/** The Quran imports: the Uthmani Arabic, Saheeh International (en), Diyanet (tr). */
export const QURAN_IMPORTS: readonly CorpusImport[] = [
  {
    id: 'quran-json:ar',
    source: 'quran-arabic',
    lang: 'ar',
    file: 'quran.json',
    field: 'text',
    translator: "Uthmani text, The Noble Qur'an Encyclopedia (QuranEnc)",
    origin: 'quran-json 3.1.2 (quranenc.com)',
  },
  {
    id: 'quran-json:en',
    source: 'quran',
    lang: 'en',
    file: 'quran_en.json',
    field: 'translation',
    translator: 'Saheeh International',
    origin: 'quran-json 3.1.2 (tanzil.net/trans/en.sahih)',
  },
  {
    id: 'quran-json:tr',
    source: 'quran',
    lang: 'tr',
    file: 'quran_tr.json',
    field: 'translation',
    translator: 'Diyanet İşleri Başkanlığı',
    origin: 'quran-json 3.1.2 (tanzil.net/trans/tr.diyanet)',
  },
];

/** For a source of translations, the source holding the original text (`original` of a citation). */
export const ORIGINAL_SOURCE: Readonly<Record<string, { source: string; lang: 'ar' }>> = {
  quran: { source: 'quran-arabic', lang: 'ar' },
};

/** One verse as read from the package. */
export interface Verse {
  surah: number;
  ayah: number;
  /** Running number 1–6236, for ordering. */
  position: number;
  /** Reference `surah:ayah`, e.g. `2:255`. */
  ref: string;
  text: string;
}

interface ChapterFile {
  id: number;
  verses: { id: number; text?: unknown; translation?: unknown }[];
}

/** Folder of the installed `quran-json` package's JSON files. */
export function quranJsonDir(): string {
  return path.join(path.dirname(require.resolve('quran-json/package.json')), 'dist');
}

/**
 * Reads the verses of one import from `quran-json/dist/<file>`: an array of 114 chapters,
 * each `{ id, verses: [{ id, text, translation? }] }`.
 *
 * @param surahs when given, only these chapters (tests load a slice)
 * @returns the verses in Quran order, texts exactly as in the file
 * @throws when the file is missing or a verse lacks the text field
 */
export function readVerses(entry: CorpusImport, surahs?: ReadonlySet<number>, dir: string = quranJsonDir()): Verse[] {
  const chapters = JSON.parse(fs.readFileSync(path.join(dir, entry.file), 'utf8')) as ChapterFile[];
  const verses: Verse[] = [];
  let position = 0;
  for (const chapter of chapters) {
    for (const verse of chapter.verses) {
      position++;
      if (surahs && !surahs.has(chapter.id)) continue;
      const text = verse[entry.field];
      if (typeof text !== 'string' || text.length === 0) {
        throw new Error(`${entry.file}: verse ${chapter.id}:${verse.id} has no ${entry.field}`);
      }
      verses.push({ surah: chapter.id, ayah: verse.id, position, ref: `${chapter.id}:${verse.id}`, text });
    }
  }
  return verses;
}
