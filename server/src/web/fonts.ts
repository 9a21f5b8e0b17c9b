import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { ARABIC_FONT_FILES, arabicFontFaceCss } from '@kb/contracts';
import { assetNotFound, IMMUTABLE } from './static.js';

/** URL prefix of the fonts the server itself serves (for its own pages: the reading pages). */
export const FONTS_PATH = '/fonts/';

/** Folder of the installed `@fontsource/amiri` package's font files. */
export function amiriFilesDir(): string {
  return path.join(path.dirname(require.resolve('@fontsource/amiri/package.json')), 'files');
}

/** One served font file: where it is on disk and the content-hashed URL it is served at. */
interface ServedFont {
  file: string;
  url: string;
}

/**
 * Each file of `ARABIC_FONT_FILES` (contracts), by its package file name, with the URL it is
 * served at: `/fonts/<name>.<first 8 hex of its SHA-256>.woff2`, so a new font version gets a
 * new URL and the old one can be cached for a year.
 *
 * @throws Error when a file is missing from the installed package (a broken install)
 */
function servedFonts(): ReadonlyMap<string, ServedFont> {
  const dir = amiriFilesDir();
  const fonts = new Map<string, ServedFont>();
  for (const { file } of ARABIC_FONT_FILES) {
    const full = path.join(dir, file);
    const hash = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex').slice(0, 8);
    const ext = path.extname(file);
    fonts.set(file, { file: full, url: `${FONTS_PATH}${path.basename(file, ext)}.${hash}${ext}` });
  }
  return fonts;
}

// Read once, when the reading pages' style sheet is built: that text must not change while
// the process runs (the site's policy allows it by its hash).
const SERVED = servedFonts();

/**
 * The URL the server serves a font file at (`/fonts/amiri-arabic-400-normal.1a2b3c4d.woff2`).
 *
 * @param file a `file` of `ARABIC_FONT_FILES`
 * @throws Error for any other name
 */
export function fontUrl(file: string): string {
  const font = SERVED.get(file);
  if (!font) throw new Error(`Not a served font: ${file}`);
  return font.url;
}

/** The `@font-face` rules of the Arabic font with the server's URLs, for its own pages' style sheets. */
export const ARABIC_FONT_FACE_CSS = arabicFontFaceCss(fontUrl);

/**
 * `GET /fonts/<name>.<hash>.woff2`: the font files the server's pages use, `font/woff2`,
 * `Cache-Control: public, max-age=31536000, immutable` (the hash is of the content),
 * `Access-Control-Allow-Origin: *`: font loads are CORS requests, and a reading page shown in
 * the sandboxed /preview frame (no allow-same-origin) has an opaque origin, so without it the
 * browser drops the font and Arabic shows as boxes; the files are public OFL fonts. Any other
 * path under `/fonts/` (an old hash, an unknown name) → plain 404.
 */
export function fontsRouter(): Router {
  const byUrl = new Map([...SERVED.values()].map((font) => [font.url, font.file]));
  const router = Router();
  router.get(`${FONTS_PATH}:name`, (req, res, next) => {
    const file = byUrl.get(req.path);
    if (!file) return assetNotFound(req, res, next);
    res.sendFile(file, { cacheControl: false, headers: { 'Cache-Control': IMMUTABLE, 'Content-Type': 'font/woff2', 'Access-Control-Allow-Origin': '*' } }, (error) => {
      if (error) next(error);
    });
  });
  // Nothing else under /fonts/ is a page: never the shell's HTML where a font was expected.
  router.use(FONTS_PATH, assetNotFound);
  return router;
}
