import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import * as fontkit from 'fontkit';
import request from 'supertest';
import { ARABIC_FONT_FAMILY, ARABIC_FONT_FILES } from '@kb/contracts';
import { QURAN_IMPORTS, readVerses } from '../corpus/catalog';
import { amiriFilesDir, ARABIC_FONT_FACE_CSS, fontsRouter, fontUrl } from './fonts';
import { IMMUTABLE } from './static';

/** The code points a `unicode-range` value covers, as inclusive [from, to] ranges. */
function parseUnicodeRange(unicodeRange: string): [number, number][] {
  return unicodeRange.split(',').map((item) => {
    const match = /^U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/i.exec(item.trim());
    if (!match?.[1]) throw new Error(`Not a unicode-range item: ${item}`);
    const from = parseInt(match[1], 16);
    return [from, match[2] ? parseInt(match[2], 16) : from];
  });
}

function openFont(file: string): fontkit.Font {
  const font = fontkit.openSync(path.join(amiriFilesDir(), file));
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
  return font;
}

const FACES = ARABIC_FONT_FILES.map((face) => ({
  ...face,
  ranges: parseUnicodeRange(face.unicodeRange),
  font: openFont(face.file),
}));

/**
 * The face a browser draws a code point with: of the faces whose `unicode-range` holds it,
 * the last declared (CSS Fonts 4 §4.5); undefined when none does (a fallback font draws it).
 */
function faceFor(cp: number): (typeof FACES)[number] | undefined {
  return FACES.findLast((face) => face.ranges.some(([from, to]) => cp >= from && cp <= to));
}

/** The code points of the Arabic the server loads (quran-json's Uthmani text, every verse), sorted. */
function shippedArabicCodePoints(): number[] {
  const arabic = QURAN_IMPORTS.find((entry) => entry.lang === 'ar');
  if (!arabic) throw new Error('The catalog has no Arabic import');
  const codePoints = new Set<number>();
  for (const verse of readVerses(arabic)) for (const ch of verse.text) codePoints.add(ch.codePointAt(0) ?? 0);
  return [...codePoints].sort((a, b) => a - b);
}

const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

describe('the shipped Arabic font', () => {
  const shipped = shippedArabicCodePoints();

  it('is Amiri, woff2 files of @fontsource/amiri', () => {
    for (const face of FACES) {
      expect(face.font.familyName).toBe(ARABIC_FONT_FAMILY);
      expect(fs.readFileSync(path.join(amiriFilesDir(), face.file)).subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });

  it('draws every code point of the shipped Arabic text, with the face the browser picks for it', () => {
    // Sanity: the text really is the Uthmani Quran (letters, harakat, the Quranic marks).
    expect(shipped.length).toBeGreaterThan(60);
    expect(shipped).toEqual(expect.arrayContaining([0x0627, 0x064e, 0x0670, 0x0671, 0x06d6, 0x06e1, 0x06ed]));
    const uncovered = shipped.filter((cp) => !faceFor(cp)?.font.hasGlyphForCodePoint(cp)).map(hex);
    expect(uncovered).toEqual([]);
  });

  it('draws the superscript alef and every Quranic annotation mark, U+06D6–U+06ED', () => {
    const marks = [0x0670];
    for (let cp = 0x06d6; cp <= 0x06ed; cp++) marks.push(cp);
    expect(marks.filter((cp) => !faceFor(cp)?.font.hasGlyphForCodePoint(cp)).map(hex)).toEqual([]);
  });

  it('declares each face as woff2 with font-display: swap under a content-hashed /fonts/ URL', () => {
    for (const { file, unicodeRange } of ARABIC_FONT_FILES) {
      const url = fontUrl(file);
      expect(url).toMatch(/^\/fonts\/amiri-[a-z-]+-400-normal\.[0-9a-f]{8}\.woff2$/);
      expect(ARABIC_FONT_FACE_CSS).toContain(
        `@font-face{font-family:"Amiri";font-style:normal;font-weight:400;font-display:swap;src:url("${url}") format("woff2");unicode-range:${unicodeRange}}`,
      );
    }
    expect(() => fontUrl('../../package.json')).toThrow('Not a served font');
  });
});

describe('GET /fonts/…', () => {
  const app = express().use(fontsRouter());
  const arabic = 'amiri-arabic-400-normal.woff2';

  it('sends the file as font/woff2, cached for a year as immutable', async () => {
    const res = await request(app).get(fontUrl(arabic)).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Buffer.compare(res.body as Buffer, fs.readFileSync(path.join(amiriFilesDir(), arabic)))).toBe(0);
  });

  it('lets a page of any origin use the font, the sandboxed /preview frame (origin null) included', async () => {
    const res = await request(app).get(fontUrl(arabic)).set('Origin', 'null');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a stale hash, an unknown name or a path escape with a plain 404', async () => {
    for (const url of ['/fonts/amiri-arabic-400-normal.00000000.woff2', '/fonts/nothing.woff2', '/fonts/..%2Fpackage.json', '/fonts/']) {
      const res = await request(app).get(url);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
  });
});
