import crypto from 'node:crypto';
import { Router } from 'express';
import type { VerseResponse, VerseText } from '@kb/contracts';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { readingUrl } from '../read/urls.js';
import { ayahCount, SURAH_COUNT, surahName } from '../references/quran.js';

/** `Cache-Control` of a verse: texts change only with a corpus import. */
export const VERSE_CACHE_CONTROL = 'public, max-age=3600';

function wholeNumber(raw: string, name: string, max: number): number {
  if (!/^\d{1,3}$/.test(raw)) throw new HttpError(400, `${name} must be a whole number between 1 and ${max}`);
  const n = Number(raw);
  if (n < 1 || n > max) throw new HttpError(400, `${name} must be a whole number between 1 and ${max}`);
  return n;
}

/**
 * Validates `?translations=`: absent = all; otherwise a comma-separated list of language codes.
 * @throws HttpError 400 when the value is not such a list or is given twice
 */
export function parseTranslations(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new HttpError(400, 'translations must be given once, as text');
  const langs = raw.split(',').map((l) => l.trim()).filter(Boolean);
  if (langs.length === 0 || langs.length > 20 || !langs.every((l) => /^[a-z]{2,3}$/.test(l))) {
    throw new HttpError(400, 'translations must be language codes separated by commas, like "en,tr"');
  }
  return [...new Set(langs)].sort();
}

/**
 * Reads one verse from the passages table: the Arabic (`quran-arabic`) and the translations
 * (`quran`) in the languages asked for.
 *
 * @returns undefined when the verse is not in the database
 * @throws HttpError 400 naming a requested language that has no translation
 */
export async function readVerse(db: Queryable, surah: number, ayah: number, translations?: string[]): Promise<VerseResponse | undefined> {
  const ref = `${surah}:${ayah}`;
  const rows = await db.query<{ source: string; lang: string; text: string; translator: string }>(
    "SELECT source, lang, text, translator FROM passages WHERE source IN ('quran', 'quran-arabic') AND ref = $1 ORDER BY lang",
    [ref],
  );
  const arabicRow = rows.find((r) => r.source === 'quran-arabic');
  if (!arabicRow) return undefined;
  const all = rows.filter((r) => r.source === 'quran');
  const missing = (translations ?? []).filter((l) => !all.some((r) => r.lang === l));
  if (missing.length > 0) throw new HttpError(400, `No translation in ${missing.join(', ')}; available: ${all.map((r) => r.lang).join(', ')}`);
  const text = (r: { lang: string; text: string; translator: string }): VerseText => ({ lang: r.lang, text: r.text, translator: r.translator });
  return {
    ref,
    surah,
    ayah,
    surahName: { en: surahName(surah, 'en'), tr: surahName(surah, 'tr'), ar: surahName(surah, 'ar') },
    arabic: text(arabicRow),
    translations: all.filter((r) => !translations || translations.includes(r.lang)).map(text),
    url: readingUrl('quran', ref),
  };
}

/**
 * `GET /api/verses/<surah>/<ayah>?translations=en,tr` → {@link VerseResponse}; mount at
 * `/api/verses`. Surah 1–114 and an ayah the surah has, else 400; a verse not loaded → 404.
 * Answers carry a strong `ETag` (a hash of the body) and `Cache-Control:
 * public, max-age=3600`; a matching `If-None-Match` gets 304.
 */
export function versesRouter(db: Queryable): Router {
  const router = Router();
  router.get('/:surah/:ayah', async (req, res) => {
    const surah = wholeNumber(req.params.surah, 'surah', SURAH_COUNT);
    const ayah = wholeNumber(req.params.ayah, 'ayah', ayahCount(surah));
    const verse = await readVerse(db, surah, ayah, parseTranslations(req.query.translations));
    if (!verse) throw new HttpError(404, `Verse ${surah}:${ayah} is not loaded`);
    const body = JSON.stringify(verse);
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    res.set({ ETag: etag, 'Cache-Control': VERSE_CACHE_CONTROL });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(body);
  });
  return router;
}
