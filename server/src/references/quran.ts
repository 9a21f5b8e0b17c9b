import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { normalizeArabic } from '../languages/arabic.js';

/**
 * Quran references typed as queries: `2:255`, `2:255-257`, `Bakara 255`, `Al-Baqarah 255`,
 * `Surah Al-Kahf 10`, `البقرة ٢٥٥`, and the names of famous verses (`Ayetel Kürsi`). Surah
 * names come from `quran-meta` 5.1.0 (English and Turkish transliterations, Arabic names) and
 * from `quran-json`'s chapter lists (transliterations and translated names).
 */

/** A Quran passage range: surah and first/last ayah (inclusive). */
export interface QuranReference {
  surah: number;
  from: number;
  to: number;
}

/** Surahs and their ayah counts. */
export const SURAH_COUNT = 114;

interface QuranMeta {
  surahNamesEn: readonly (readonly string[])[];
  surahNamesTr: readonly (readonly string[])[];
  /** `[firstAyahId, ayahCount, order, rukus, arabicName, isMeccan]` per surah, index 0 unused. */
  SurahList: readonly (readonly [number, number, number, number, string, boolean])[];
}

interface ChapterListEntry {
  id: number;
  transliteration: string;
  translation?: string;
}

// quran-meta's package entry is an ES module; its CommonJS build sits beside it (not exported).
function loadMeta(): QuranMeta {
  const dir = path.dirname(require.resolve('quran-meta/package.json'));
  return createRequire(__filename)(path.join(dir, 'lib_cjs', 'index.cjs')) as QuranMeta;
}

function loadChapterList(lang: 'en' | 'tr'): ChapterListEntry[] {
  const dir = path.dirname(require.resolve('quran-json/package.json'));
  return JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'chapters', lang, 'index.json'), 'utf8')) as ChapterListEntry[];
}

const ARTICLE = /^(?:a[lnrstdz]|ash|adh|aal|el|en|er|es|et|ed|ez)[-\s'’]+/;
const SURAH_WORD = /^(?:surah|surat|sura|sure|suresi)\s+|\s+(?:suresi|suresinin|sûresi)$/g;

/**
 * A spelling-tolerant key of a Latin-script surah name: diacritics and case folded (Turkish
 * dotless i too), non-letters dropped, q→k, w→v, e→a, o→u, kh→h, doubled letters single, a
 * final h dropped — so `Al-Baqarah`, `al-baqara` and `Bakara` meet.
 *
 * @param stripArticle drop a leading `Al-`/`An-`/… article
 */
export function surahNameKey(name: string, stripArticle = true): string {
  let k = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('tr')
    .replace(/ı/g, 'i')
    .trim()
    .replace(SURAH_WORD, '');
  if (stripArticle) k = k.replace(ARTICLE, '');
  return k
    .replace(/[^a-z]/g, '')
    .replace(/kh/g, 'h')
    .replace(/q/g, 'k')
    .replace(/w/g, 'v')
    .replace(/e/g, 'a')
    .replace(/o/g, 'u')
    .replace(/(.)\1+/g, '$1')
    .replace(/h$/, '');
}

function arabicNameKey(name: string): string {
  return normalizeArabic(name.replace(/^\s*سورة\s+/, '')).replace(/\s+/g, '');
}

/** Names of famous verses, by key. */
const FAMOUS: readonly { names: string[]; ref: QuranReference }[] = [
  {
    names: ['Ayetel Kürsi', 'Ayet-el Kürsi', 'Ayetülkürsi', 'Ayat al-Kursi', 'Ayatul Kursi', 'Ayat ul Kursi', 'Throne Verse', 'Verse of the Throne'],
    ref: { surah: 2, from: 255, to: 255 },
  },
  { names: ['Amenerrasulü', 'Amener Rasulü', 'Amanar Rasul'], ref: { surah: 2, from: 285, to: 286 } },
  { names: ['Light Verse', 'Verse of Light', 'Ayat an-Nur', 'Nur Ayeti'], ref: { surah: 24, from: 35, to: 35 } },
];
const FAMOUS_ARABIC: readonly { name: string; ref: QuranReference }[] = [
  { name: 'آية الكرسي', ref: { surah: 2, from: 255, to: 255 } },
];

interface SurahIndex {
  latin: Map<string, number>;
  arabic: Map<string, number>;
  ayahs: number[];
  names: { en: string[]; tr: string[]; ar: string[] };
}

let index: SurahIndex | undefined;

function surahIndex(): SurahIndex {
  if (index) return index;
  const meta = loadMeta();
  const en = loadChapterList('en');
  const tr = loadChapterList('tr');
  const latin = new Map<string, number>();
  const arabic = new Map<string, number>();
  const ayahs: number[] = [0];
  const names = { en: [''], tr: [''], ar: [''] };
  const add = (name: string | undefined, surah: number): void => {
    if (!name) return;
    for (const key of [surahNameKey(name), surahNameKey(name, false)]) {
      if (key.length >= 2 && !latin.has(key)) latin.set(key, surah);
    }
  };
  for (let s = 1; s <= SURAH_COUNT; s++) {
    const row = meta.SurahList[s];
    ayahs.push(row?.[1] ?? 0);
    const arabicName = row?.[4] ?? '';
    arabic.set(arabicNameKey(arabicName), s);
    const enName = en[s - 1]?.transliteration ?? meta.surahNamesEn[s]?.[0] ?? String(s);
    const trName = tr[s - 1]?.translation ?? meta.surahNamesTr[s]?.[0] ?? String(s);
    names.en.push(enName);
    names.tr.push(trName);
    names.ar.push(arabicName);
    add(meta.surahNamesEn[s]?.[0], s);
    add(meta.surahNamesTr[s]?.[0], s);
    add(en[s - 1]?.transliteration, s);
    add(tr[s - 1]?.translation, s);
    add(en[s - 1]?.translation, s);
  }
  index = { latin, arabic, ayahs, names };
  return index;
}

/** Number of ayahs of a surah (0 for a number outside 1–114). */
export function ayahCount(surah: number): number {
  return surahIndex().ayahs[surah] ?? 0;
}

/**
 * A surah's name for display: English transliteration (`Al-Baqarah`), Turkish name (`Bakara`)
 * or Arabic (`البقرة`), from quran-json's chapter lists and quran-meta.
 */
export function surahName(surah: number, lang: 'en' | 'tr' | 'ar'): string {
  return surahIndex().names[lang][surah] ?? String(surah);
}

function toAsciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

function checked(surah: number, from: number, to: number): QuranReference | undefined {
  const count = ayahCount(surah);
  if (count === 0 || from < 1 || from > count) return undefined;
  return { surah, from, to: Math.min(Math.max(to, from), count) };
}

/**
 * Parses a query that is a Quran reference and nothing else.
 *
 * @returns the surah and ayah range (clamped to the surah's last ayah), or undefined when the
 *   query is not a reference or names an ayah that does not exist
 * @example parseQuranReference('Bakara 255') // { surah: 2, from: 255, to: 255 }
 */
export function parseQuranReference(query: string): QuranReference | undefined {
  const q = toAsciiDigits(query.normalize('NFC')).trim().replace(/\s+/g, ' ');
  const numeric = /^(\d{1,3}) ?[:.] ?(\d{1,3})(?: ?[-–] ?(\d{1,3}))?$/.exec(q);
  if (numeric) {
    const from = Number(numeric[2]);
    return checked(Number(numeric[1]), from, numeric[3] ? Number(numeric[3]) : from);
  }
  const named = /^(.+?)[ ,]+(?:(\d{1,3}) ?[:.] ?)?(\d{1,3})(?: ?[-–] ?(\d{1,3}))?$/u.exec(q);
  const { latin, arabic } = surahIndex();
  if (named) {
    const name = named[1] ?? '';
    const surah = /[\u0600-\u06FF]/.test(name)
      ? arabic.get(arabicNameKey(name))
      : (latin.get(surahNameKey(name)) ?? latin.get(surahNameKey(name, false)));
    if (surah !== undefined && (named[2] === undefined || Number(named[2]) === surah)) {
      const from = Number(named[3]);
      return checked(surah, from, named[4] ? Number(named[4]) : from);
    }
  }
  const key = surahNameKey(q, false);
  for (const famous of FAMOUS) {
    if (famous.names.some((n) => surahNameKey(n, false) === key)) return famous.ref;
  }
  const arabicKey = arabicNameKey(q);
  return FAMOUS_ARABIC.find((f) => arabicNameKey(f.name) === arabicKey)?.ref;
}
