/**
 * The Arabic web font (docs/corpus.md "Fonts and icons"): every Arabic passage the site shows —
 * the assistant frame's answers and search results, the server's reading pages — is set in
 * Amiri (SIL Open Font License 1.1), self-hosted from the `@fontsource/amiri` package's woff2
 * files. One definition for both sides, so the frame and the reading pages declare the same
 * faces; each side only decides the URL a file is served at.
 */

/** The family name the faces are declared under. */
export const ARABIC_FONT_FAMILY = 'Amiri';

/**
 * `font-family` of an Arabic passage: the shipped face first, then Arabic faces a system may
 * have, so text still renders while the web font loads (`font-display: swap`) or if it fails.
 */
export const ARABIC_FONT_STACK = `"${ARABIC_FONT_FAMILY}", "Noto Naskh Arabic", "Scheherazade New", "Geeza Pro", "Traditional Arabic", serif`;

/** One `@font-face` of the family: a woff2 file of `@fontsource/amiri/files/` and the code points it is used for. */
export interface ArabicFontFile {
  /** File name in `@fontsource/amiri/files/`. */
  file: string;
  /** CSS `unicode-range`: the browser downloads the file only when a passage uses one of these. */
  unicodeRange: string;
}

/**
 * The faces, regular weight only (no passage is bold or italic). The Arabic subset with
 * fontsource's own Arabic range plus the spaces its file carries (so words are spaced in the
 * same face); and the Latin subset for the one code point of the Quran text the Arabic file
 * lacks, the thin space U+2009 (verse 2:72 only), so that file is fetched only for that verse.
 * Declared in this order: where ranges overlap the later face wins (CSS Fonts 4 §4.5).
 * The jest test `server/src/web/fonts.test.ts` checks that these faces cover every code point
 * of the shipped Arabic text.
 */
export const ARABIC_FONT_FILES: readonly ArabicFontFile[] = [
  { file: 'amiri-latin-400-normal.woff2', unicodeRange: 'U+2009' },
  {
    file: 'amiri-arabic-400-normal.woff2',
    unicodeRange:
      'U+0020,U+00A0,U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
  },
];

/**
 * The `@font-face` rules of {@link ARABIC_FONT_FILES}, woff2, `font-display: swap`.
 *
 * @param urlOf the URL a file (its `file` name) is served at; it is written into `url("…")`
 *   as given, so it must not contain `"` or `\`
 * @throws Error when `urlOf` returns a URL containing `"` or `\` (it would break the rule)
 */
export function arabicFontFaceCss(urlOf: (file: string) => string): string {
  return ARABIC_FONT_FILES.map(({ file, unicodeRange }) => {
    const url = urlOf(file);
    if (/["\\]/.test(url)) throw new Error(`Font URL ${url} contains " or \\`);
    return `@font-face{font-family:"${ARABIC_FONT_FAMILY}";font-style:normal;font-weight:400;font-display:swap;src:url("${url}") format("woff2");unicode-range:${unicodeRange}}`;
  }).join('\n');
}

