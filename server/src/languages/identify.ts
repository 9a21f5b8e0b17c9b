import { foldTurkishAscii, TURKISH_LETTERS, turkishHead } from './turkish.js';

/**
 * Which language a question is written in: English, Turkish (with or without its own letters)
 * or Arabic, from the text alone — its letters, its function words and its word endings. The
 * assistant answers in the question's language; the interface's language decides only when the
 * text gives too little to go on ("Jesus?", "2:255", a lone name).
 */

/** A language a question can be identified as. */
export type QuestionLang = 'en' | 'tr' | 'ar';

const ARABIC_LETTER = /[\u0620-\u064A\u0671-\u06D3\u06FA-\u06FF]/gu;
const LETTER = /\p{L}/gu;
const TOKEN = /[\p{L}\p{M}]+(?:['’][\p{L}]+)?/gu;

/**
 * Words that mark English and would be unusual in a Turkish sentence (so neither `a` nor `on`,
 * which Turkish writes too).
 */
const ENGLISH_WORDS = new Set(
  `the is are was were be been being am what how why who whom whose which when where does do did
  can could should would will shall may might must of in to for with about from by at into upon
  and or but not no nor if than then that this these those there their they them he she his
  him its it my your you we our us me i an any some all every each many much more most other
  say says said tell happen happened happens mean means meaning allowed forbidden okay ok
  quran koran bible god jesus people person man woman men women children child kids story
  doesn don didn isn aren wasn can't don't doesn't didn't isn't what's who's it's there's`.split(/\s+/u),
);

/**
 * Words that mark Turkish, in their ASCII-folded form (so `nasıl` and `nasil` alike), chosen
 * not to be English words too.
 */
const TURKISH_WORDS = new Set(
  `ve bir bu su ne neden nicin niye nasil nasildir kim kimdir kimin kime hangi hangisi mi mu midir
  mudur misin musun miyim muyum miyiz miydi muydu neyle neye neyi neydi kimdi nasildi kac tane birlikte hz hazreti adi nedir nelerdir neler nerede nereye nereden ile icin gibi
  kadar sonra once ama fakat veya yada ya da de ki degil var yok olan olur olarak oldu olmus olmak
  olursa oluyor diye hakkinda hakkindaki uzerine dair ilgili konusunda acaba hic hep her cok daha
  en biri birisi kendi kendine bana beni benim sana seni senin ona onu onun biz bize bizim siz
  size sizin onlar onlara onlarin kuran kurani kuranda kuranin peygamber peygamberimiz ayet
  ayetler suresi gunah helal caiz dinimizde islamda dinde insan insanlar kadin erkek
  cocuk cocuklar anne baba yapmak etmek yapilir edilir edilmeli yapmali olmali lazim gerek gerekir
  gerekiyor icki namaz oruc zekat hac dua cennet cehennem ahiret kiyamet melek meleki seytan`.split(/\s+/u),
);

/**
 * Word endings typical of Turkish inflection, ASCII-folded (`-yor`, `-mak`, `-leri`, `-dir`,
 * `-mis`, …); endings English words share (`-den`, `-ten`, `-ler`, `-ce`) are left out.
 */
const TURKISH_ENDING =
  /(?:ydi|ydu|ydin|ymis|iydi|uydu|nin|nun|esi|asi|isi|usu|ini|unu|kte|kta|nde|nda|rde|rda|lde|lda|yla|yle|enler|anlar|yenler|yanlar|nler|nlar|pler|plar|kler|klar|yor|yorum|yoruz|yorsun|mak|mek|maz|mez|mali|meli|mayan|meyen|masi|mesi|lari|leri|larin|lerin|larda|lerde|lardan|lerden|dir|dur|tir|tur|mis|mus|misin|musun|miyim|acak|ecek|acagi|ecegi|imiz|umuz|iniz|unuz|inin|unun|ndan|nden|ndaki|ndeki|sinda|sinde|sina|sine|lik|luk|siz|suz)$/u;

/** Word endings typical of English (`-ing`, `-tion`, `-ly`, `-ness`, `-ed` after a consonant). */
const ENGLISH_ENDING = /(?:ing|tion|tions|sion|ness|ment|ments|ship|ful|less|ous|ly|[^aeiou]ed|ies|'s|’s)$/u;

/** How far one language's evidence must lead the other's for a verdict (in word-votes). */
const MARGIN = 1;

/**
 * The language of a question, from its text alone.
 *
 * - Arabic: most of its letters are Arabic.
 * - Turkish or English: each word votes — a Turkish letter (ç ğ ı ş ö ü) 2 for Turkish; a
 *   function word of either list 2; a typical ending 1 (`-yor`, `-lar`, `-dir` for Turkish;
 *   `-ing`, `-tion`, `-ly` for English). Turkish typed without its letters is caught by the
 *   folded word list and the endings ("namaz kilmayan kisi ne olur").
 *
 * @param text the question as typed (any length; only letters count)
 * @returns `en`, `tr` or `ar`, or undefined when the text gives too little evidence (a lone name,
 *   a verse reference, a tie): the caller then uses the interface's language
 */
export function identifyLanguage(text: string): QuestionLang | undefined {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return undefined;
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  if (arabic * 2 > letters) return 'ar';
  let tr = 0;
  let en = 0;
  for (const raw of text.match(TOKEN) ?? []) {
    const english = raw.toLocaleLowerCase('en');
    if (TURKISH_LETTERS.test(raw)) tr += 2;
    const folded = foldTurkishAscii(turkishHead(raw));
    if (TURKISH_WORDS.has(folded)) tr += 2;
    else if (folded.length >= 4 && TURKISH_ENDING.test(folded)) tr += 1;
    if (ENGLISH_WORDS.has(english)) en += 2;
    else if (english.length >= 5 && ENGLISH_ENDING.test(english)) en += 1;
  }
  if (tr >= en + MARGIN && tr > 0) return 'tr';
  if (en >= tr + MARGIN && en > 0) return 'en';
  return undefined;
}
