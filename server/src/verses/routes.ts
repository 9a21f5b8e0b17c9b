import crypto from 'node:crypto';
import { Router } from 'express';
import type { VerseResponse } from '@kb/contracts';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { quranVerse, type VerseText } from '../passages/verses.js';
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
 * The answer for one verse: its Arabic and the translations in the languages asked for (all
 * when `translations` is undefined), with the surah's names and its reading page. Pure.
 */
export function verseResponse(
  surah: number,
  ayah: number,
  texts: { arabic: VerseText; translations: VerseText[] },
  translations?: string[],
): VerseResponse {
  const ref = `${surah}:${ayah}`;
  return {
    ref,
    surah,
    ayah,
    surahName: { en: surahName(surah, 'en'), tr: surahName(surah, 'tr'), ar: surahName(surah, 'ar') },
    arabic: texts.arabic,
    translations: texts.translations.filter((t) => !translations || translations.includes(t.lang)),
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
    const translations = parseTranslations(req.query.translations);
    const texts = await quranVerse(db, `${surah}:${ayah}`);
    if (!texts) throw new HttpError(404, `Verse ${surah}:${ayah} is not loaded`);
    const missing = (translations ?? []).filter((l) => !texts.translations.some((t) => t.lang === l));
    if (missing.length > 0) {
      throw new HttpError(400, `No translation in ${missing.join(', ')}; available: ${texts.translations.map((t) => t.lang).join(', ')}`);
    }
    const body = JSON.stringify(verseResponse(surah, ayah, texts, translations));
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
