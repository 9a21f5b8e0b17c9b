import { createGlobalStyle } from 'styled-components';
import { arabicFontFaceCss } from '@kb/contracts';
import arabicSubset from '@fontsource/amiri/files/amiri-arabic-400-normal.woff2';
import latinSubset from '@fontsource/amiri/files/amiri-latin-400-normal.woff2';

/**
 * Where this build serves each file of `ARABIC_FONT_FILES` (contracts): webpack copies them
 * into the frame's `static/` under content-hashed names, so they are cached as immutable and
 * come from the frame's own origin (`font-src 'self'`).
 */
const FILE_URLS: Readonly<Record<string, string>> = {
  'amiri-arabic-400-normal.woff2': arabicSubset,
  'amiri-latin-400-normal.woff2': latinSubset,
};

function fileUrl(file: string): string {
  const url = FILE_URLS[file];
  if (url === undefined) throw new Error(`The assistant build does not ship the font file ${file}`);
  return url;
}

/**
 * The `@font-face` rules of the shipped Arabic font (Amiri, SIL OFL 1.1), for the document the
 * Arabic passages are shown in (the assistant frame). The browser downloads a file only when
 * a passage set in `fonts.arabic` uses a code point of its `unicode-range`.
 */
export const ArabicFontFace = createGlobalStyle`
  ${arabicFontFaceCss(fileUrl)}
`;
