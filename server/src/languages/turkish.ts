/**
 * Turkish text rules, written once for indexing (`corpus/normalize.ts`), query building
 * (`retrieval/query.ts`, `retrieval/fallback.ts`), concept detection and the thesaurus
 * (`concepts/detect.ts`, `concepts/thesaurus.ts`) and attestation (`concepts/attest.ts`):
 * folding, the stems suffix peeling leaves, the forms of a noun or verb, and the words that are
 * never query terms. Pure functions, no I/O.
 *
 * Several suffix rules peel the same language for different callers, and differ on purpose:
 * {@link turkishSuffixStem} (a query word's prefix, precise), {@link turkishFallbackStem} (a
 * word found nowhere, verbs peeled deep), {@link turkishStems} (every stem, for concept keys)
 * and {@link isTurkishForm} (whether a word is a form of a known lemma, in Turkish letters).
 */

// --- Folding ------------------------------------------------------------------------------

const CIRCUMFLEX: Readonly<Record<string, string>> = { â: 'a', î: 'i', û: 'u' };
const TURKISH_ASCII: Readonly<Record<string, string>> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };

/**
 * Turns the apostrophes that separate a proper noun from its suffix (Allah'ın, Musa’ya) into
 * spaces, one character for one (offsets are kept).
 */
export function splitAtApostrophes(text: string): string {
  return text.replace(/['’‘`]/g, ' ');
}

/**
 * Turkish case folding: `toLocaleLowerCase('tr')` (İ → i, I → ı), circumflexes dropped
 * (â → a, î → i, û → u; optional in modern spelling) and apostrophes (which separate a proper
 * noun from its suffix: Allah'ın) turned into spaces.
 *
 * @example foldTurkish('IŞIK') === foldTurkish('ışık') // true
 */
export function foldTurkish(text: string): string {
  return splitAtApostrophes(
    text
      .normalize('NFC')
      .toLocaleLowerCase('tr')
      .replace(/\u0307/g, '')
      .replace(/[âîû]/g, (c) => CIRCUMFLEX[c] ?? c),
  );
}

/**
 * The ASCII-folded form of Turkish text already passed through {@link foldTurkish}:
 * ç→c ğ→g ı→i ö→o ş→s ü→u, so that `sabir` finds `sabır`.
 */
export function asciiFoldTurkish(folded: string): string {
  return folded.replace(/[çğıöşü]/g, (c) => TURKISH_ASCII[c] ?? c);
}

/** {@link foldTurkish} then {@link asciiFoldTurkish}: `Sabır'ı` → `sabir i`. */
export function foldTurkishAscii(text: string): string {
  return asciiFoldTurkish(foldTurkish(text));
}

/** The proper noun before an apostrophe (`İsa'nın` → `İsa`); the word itself without one. */
export function turkishHead(word: string): string {
  return word.split(/['’]/)[0] ?? word;
}

/** A typed word's head as a query term: {@link turkishHead}, except that `Kur'an` (and its forms) is the one word `kuran`. */
export function turkishQueryHead(raw: string): string {
  return /^kur['’]?an/i.test(raw) ? 'kuran' : turkishHead(raw);
}

/** Letters only a Turkish keyboard types: a query with one of them spells its words in them. */
export const TURKISH_LETTERS = /[çğıöşüÇĞİÖŞÜ]/u;

const TURKISH_VOWELS = 'aeıioöuü';

/** Counts the vowels of a folded word (Turkish letters). */
function vowelCount(word: string): number {
  return word.match(/[aeıioöuü]/g)?.length ?? 0;
}

// --- Words that are no terms --------------------------------------------------------------

/**
 * Words a query's terms are filtered against, ASCII-folded (so `hakkinda` typed without Turkish
 * letters is caught as well): function words and the words of how a question is framed ("Kuran
 * ne diyor", "hakkında", "… suresinde", "… hikayesi", "… hakkında ne yazıyor / ne deniyor / ne
 * geçiyor", "Kur'an'a göre"). Query side only, as `ENGLISH_STOPWORDS`
 * in `english.ts`. PostgreSQL's `turkish` stemmer over-stems short words, so the list is our own.
 */
export const TURKISH_STOPWORDS: ReadonlySet<string> = new Set(
  `a acaba ama ancak aslinda az bana bazi belki ben benim beni bir biraz biri birkac birsey biz
bize bizim boyle bu buna bunda bundan bunlar bunu bunun burada cok cunku da daha de degil diye dolayi
en fakat gibi hangi hangisi hem hep hepsi her hic icin ile ise iste kadar kendi kendine ki kim kime
kimdir kimin kimi kimler kimlere mi mu midir mudur ne neden nedir nelerdir neler neydi neye neyden nerede nereye nereden nasil nasildir niye
nicin o olan olarak oldu olur olsun olacak olacaktir olmak olmus olmali on ona onda ondan onlar onlari onlarin onu onun orada oysa sana
sen senin seni siz size sizin su sunu sunun tum var veya ve ya yani yok zaten
hakkinda hakkindaki ilgili konusunda konusu uzerine dair
kuran kurani kuranda kurandaki kuranin kerim ayet ayetler ayetleri ayette ayetlerde sure
suresi suresinde suresini suresinin suresine hikaye hikayesi hikayeleri kissa kissasi
diyor der demektir soyluyor soyler soylemektedir anlatiyor anlatir bahsediyor bahseder bahsedilir
aciklar aciklayin aciklar misin anlatir misin soyler misin islam islamda islamiyet dinde
gore yaziyor yazmaktadir deniyor denir denmektedir denilir denilmektedir geciyor gecmektedir soyleniyor
soylenir soylenmektedir anlatiliyor anlatilmaktadir bahsediliyor bahsedilmektedir ayeti ayetin ayetinde ayetlerinde`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Turkish function words concept detection skips inside a phrase (ASCII-folded), with five light
 * verbs (`kurban etmek`, `namaz kılmak` name the noun).
 */
export const TURKISH_PHRASE_FUNCTION_WORDS: readonly string[] = 'bir ve ile de da ki bu su o icin gibi veya ya etmek olmak yapmak eylemek kilmak'.split(' ');

/**
 * Turkish light verbs (folded, Turkish letters): a phrase's noun carries its meaning, so `vefat
 * etmek` is met as `vefat` by the thesaurus and searched as `vefat` by `retrieval/query.ts`.
 */
export const TURKISH_LIGHT_VERBS: ReadonlySet<string> = new Set(['etmek', 'eylemek', 'olmak', 'kılmak', 'yapmak', 'edilmek', 'olunmak']);

/** The words of a phrase without its {@link TURKISH_LIGHT_VERBS} (compared folded); a single word is kept as it is. */
export function withoutLightVerbs(words: readonly string[]): readonly string[] {
  return words.length > 1 ? words.filter((w) => !TURKISH_LIGHT_VERBS.has(foldTurkish(w).trim())) : words;
}

// --- Stems --------------------------------------------------------------------------------

/**
 * The stem Turkish uses before a vowel-initial suffix for nouns that drop their last vowel:
 * sabır → sabr- (sabredenler), şükür → şükr-, ömür → ömr-, isim → ism-. Applied to any folded
 * word (Turkish letters) of the shape …C[ıiuü]C of 4–7 letters; for others it yields prefixes
 * that simply match nothing. {@link isTurkishForm} lists its nouns instead, as it must be exact.
 */
export function turkishVowelDropStem(folded: string): string | undefined {
  if (folded.length < 4 || folded.length > 7) return undefined;
  const m = new RegExp(`^(.*[^${TURKISH_VOWELS}])([ıiuü])([^${TURKISH_VOWELS}])$`).exec(folded);
  const head = m?.[1];
  const last = m?.[3];
  if (head === undefined || last === undefined || !new RegExp(`[${TURKISH_VOWELS}]`).test(head)) return undefined;
  return head + last;
}

/** The infinitive of a verb stem by its last vowel (`çal` → `çalmak`, `sev` → `sevmek`): the inverse of {@link turkishInfinitiveStem}. */
export function turkishInfinitive(stem: string): string {
  const vowels = stem.match(/[aeıioöuü]/g);
  const last = vowels?.[vowels.length - 1];
  return stem + (last !== undefined && 'aıou'.includes(last) ? 'mak' : 'mek');
}

/** Most spellings {@link turkishSpellings} gives: five letters that may be Turkish ones. */
const MAX_SPELLINGS = 32;

/** {@link TURKISH_ASCII} the other way: `c` → `ç`. */
const ASCII_TURKISH: ReadonlyMap<string, string> = new Map(Object.entries(TURKISH_ASCII).map(([t, a]) => [a, t]));

/**
 * The spellings with Turkish letters an ASCII-folded word may stand for, the inverse of
 * {@link asciiFoldTurkish} (`cal` → `cal`, `çal`, `caı`, …), at most {@link MAX_SPELLINGS}:
 * past five ambiguous letters the rest are kept as typed.
 */
export function turkishSpellings(ascii: string): string[] {
  let out = [''];
  for (const ch of ascii) {
    const alt = ASCII_TURKISH.get(ch);
    out = alt !== undefined && out.length < MAX_SPELLINGS ? out.flatMap((s) => [s + ch, s + alt]) : out.map((s) => s + ch);
  }
  return out;
}

/** The stem of an infinitive (`-mek`/`-mak`: `öldürmek` → `öldür`), in the word's own letters; undefined for other words. */
export function turkishInfinitiveStem(word: string): string | undefined {
  return /^(.+)m[ae]k$/.exec(word)?.[1];
}

/** The verb stem of an ASCII-folded verbal noun of a 3+ letter stem (`kakma`, `boşanması` → `kak`, `bosan`). */
export function turkishVerbalNounStem(ascii: string): string | undefined {
  return /^(.{3,})m[ea](si)?$/.exec(ascii)?.[1];
}

/** A verb stem's softened form before a vowel (`katlet-` → `katled-`): only a final t softens in a verb (`git-` → `gid-`). */
export function softenedVerbStem(stem: string): string | undefined {
  return stem.endsWith('t') ? `${stem.slice(0, -1)}d` : undefined;
}

/** Consonants a noun softens before a vowel (Turkish letters): `kitap` → `kitabı`, `yoksulluk` → `yoksulluğa`. */
const SOFTENING: Readonly<Record<string, string>> = { p: 'b', ç: 'c', t: 'd', k: 'ğ' };

/** {@link SOFTENING} undone in ASCII-folded words: b → p, c → c, d → t, g → k. */
const UNSOFTENING: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SOFTENING).map(([hard, soft]) => [asciiFoldTurkish(soft), asciiFoldTurkish(hard)]),
);

/**
 * Drops a compound's possessive `-sı/-si/-su/-sü` after a vowel from an ASCII-folded word of at
 * least `minLength` letters: `basortusu` → `basortu` (so that it meets `basortuleri`).
 */
export function withoutCompoundPossessive(ascii: string, minLength: number): string {
  return ascii.length >= minLength && /[aeiou]s[iu]$/.test(ascii) ? ascii.slice(0, -2) : ascii;
}

/** Shortest Turkish query term matched as a prefix; shorter ones are exact, or `hava` would find `havariler`. */
export const TURKISH_PREFIX_MIN = 5;

/**
 * Turkish suffixes (ASCII-folded) stripped from a query word to match its other forms as a
 * prefix: davranılmalı → davran- (davranın, davranış), yetimlerden → yetim-. Tried in this order.
 */
const QUERY_SUFFIXES = [
  'lerinden', 'larindan', 'lerinin', 'larinin', 'lerine', 'larina', 'lerini', 'larini', 'lerden', 'lardan',
  'lerde', 'larda', 'ilmali', 'ilmeli', 'ulmali', 'ulmeli', 'leri', 'lari', 'mali', 'meli', 'iyor', 'uyor',
  'acak', 'ecek', 'ler', 'lar', 'mak', 'mek', 'mis', 'mus', 'dir', 'dur', 'tir', 'tur', 'nin', 'nun', 'den',
  'dan', 'ten', 'tan', 'nda', 'nde', 'yla', 'yle', 'il', 'ul', 'in', 'un', 'da', 'de', 'ya', 'ye',
];

/**
 * Strips up to three suffixes from an ASCII-folded query word while at least
 * {@link TURKISH_PREFIX_MIN} letters remain: the prefix its forms share (`yetimlerden` → `yetim`).
 * Stops early and knows no tense or voice, so that a word that matches keeps its precision.
 */
export function turkishSuffixStem(ascii: string): string {
  let stem = ascii;
  for (let round = 0; round < 3; round++) {
    const suffix = QUERY_SUFFIXES.find((s) => stem.endsWith(s) && stem.length - s.length >= TURKISH_PREFIX_MIN);
    if (!suffix) break;
    stem = stem.slice(0, -suffix.length);
  }
  return stem;
}

/**
 * The stem of a Turkish glossary name that its inflected forms share, ASCII-folded:
 * a possessive ending after a vowel goes (başörtüsü → başörtü-, finds başörtüleri), as do the
 * suffixes {@link turkishSuffixStem} knows. Undefined when nothing shorter (4+ letters) is left.
 */
export function turkishNameStem(word: string): string | undefined {
  const ascii = foldTurkishAscii(turkishHead(word)).trim();
  const stem = withoutCompoundPossessive(turkishSuffixStem(ascii), 6);
  return stem !== ascii && stem.length >= 4 ? stem : undefined;
}

/**
 * The prefix a Turkish name's inflected forms share, for finding it in a passage's words:
 * folded to ASCII (letters and digits only), a compound's possessive dropped
 * ({@link withoutCompoundPossessive}), then (five letters or more) a final vowel or a consonant
 * that softens before a suffix (p ç t k g). `başörtüsü` → `basort`, matching `başörtüleri`;
 * `zekât` → `zeka`, matching `zekâtı`. Looser than {@link turkishNameStem}: a candidate is
 * reviewed by hand before it becomes an attestation.
 */
export function turkishNamePrefix(word: string): string {
  let w = withoutCompoundPossessive(foldTurkishAscii(word).replace(/[^a-z0-9]/g, ''), 5);
  if (w.length >= 5 && /[aeiouptckg]$/.test(w)) w = w.slice(0, -1);
  return w;
}

/**
 * Verb and derivation suffixes (ASCII-folded: ı → i, ü → u, ş → s, ğ → g, ç → c) peeled by
 * {@link turkishFallbackStem}, longest first: ability (-abilir), obligation (-malı, -malıyız),
 * participles and verbal nouns (-dığını, -en, -ecek, -mış), infinitive and negation (-mak, -maz),
 * converbs (-ken, -arak), tenses (-iyor, -di, -ir), passive and causative (-il, -dir), plural and
 * case (-ler, -den, -ini), and the agent and "with" nouns (-cı, -li).
 */
const FALLBACK_SUFFIXES = [
  'maliyiz', 'meliyiz', 'maliyim', 'meliyim', 'ilmali', 'ilmeli', 'ulmali', 'ulmeli', 'abilir', 'ebilir',
  'digini', 'dugunu', 'tigini', 'tugunu', 'lerin', 'larin', 'digi', 'dugu', 'tigi', 'tugu', 'leri', 'lari',
  'iyor', 'uyor', 'acak', 'ecek', 'mali', 'meli', 'arak', 'erek',
  'ler', 'lar', 'yor', 'maz', 'mez', 'mak', 'mek', 'mis', 'mus', 'ken', 'dik', 'duk', 'tik', 'tuk', 'dig', 'dug', 'tig', 'tug',
  'dir', 'dur', 'tir', 'tur', 'tan', 'ten', 'dan', 'den', 'nin', 'nun', 'ini', 'unu',
  'yi', 'yu', 'di', 'du', 'ti', 'tu', 'ir', 'ur', 'ar', 'er', 'il', 'ul', 'in', 'un', 'en', 'an', 'ip', 'up', 'ci', 'cu', 'li', 'lu', 'ma', 'me',
].sort((a, b) => b.length - a.length);

/** Shortest stem {@link turkishFallbackStem} leaves (`götür-`, not `göt-`). */
const FALLBACK_MIN_STEM = 4;

/**
 * The stem of a Turkish word with its verb and derivation suffixes peeled (at most four, each
 * leaving at least four letters), ASCII-folded: `paylaştırılır` → `paylas`, `götürüldü` →
 * `gotur`, `taşımaktan` → `tasi`, `balıkçılar` → `balik`. Deeper than
 * {@link turkishSuffixStem}: used only for a word that matches no passage as typed
 * (`retrieval/fallback.ts`), where precision is already lost.
 *
 * @param word a Turkish word as typed (one word; letters only count)
 * @returns the stem, or undefined when nothing was peeled or the word is not one plain word
 */
export function turkishFallbackStem(word: string): string | undefined {
  if (!/^\p{L}+$/u.test(word)) return undefined;
  const ascii = foldTurkishAscii(word);
  let stem = ascii;
  for (let round = 0; round < 4; round++) {
    const suffix = FALLBACK_SUFFIXES.find((s) => stem.endsWith(s) && stem.length - s.length >= FALLBACK_MIN_STEM);
    if (!suffix) break;
    stem = stem.slice(0, -suffix.length);
  }
  return stem === ascii ? undefined : stem;
}

/** Noun suffixes (ASCII-folded) {@link turkishStems} peels: plural, possessive, genitive, case, `-ki`, copula. */
const NOUN_SUFFIXES = [
  'imiz', 'umuz', 'iniz', 'unuz', 'nden', 'ndan', 'leri', 'lari',
  'ler', 'lar', 'nin', 'nun', 'yin', 'yun', 'miz', 'muz', 'niz', 'nuz', 'nde', 'nda', 'den', 'dan', 'ten', 'tan', 'yle', 'yla', 'dir', 'dur', 'tir', 'tur',
  'si', 'su', 'yi', 'yu', 'in', 'un', 'im', 'um', 'ye', 'ya', 'ne', 'na', 'ni', 'nu', 'de', 'da', 'te', 'ta', 'le', 'la', 'ki',
  'i', 'u', 'e', 'a', 'm', 'n',
];

/**
 * Verb suffixes (ASCII-folded) {@link turkishStems} peels — past, reported past, present,
 * future, participles, infinitive, verbal noun, passive, converbs; a stem left by one of them
 * is a verb stem.
 */
const VERB_SUFFIXES = [
  'iyor', 'uyor', 'ecek', 'acak', 'mesi', 'masi', 'arak', 'erek', 'ince', 'unca', 'meli', 'mali',
  'yor', 'mis', 'mus', 'dik', 'duk', 'tik', 'tuk', 'mek', 'mak', 'yen', 'yan',
  'di', 'du', 'ti', 'tu', 'en', 'an', 'me', 'ma', 'il', 'ul', 'ip', 'up',
];
const VERBAL: ReadonlySet<string> = new Set(VERB_SUFFIXES);
const STEM_SUFFIXES = [...NOUN_SUFFIXES, ...VERB_SUFFIXES].sort((a, b) => b.length - a.length);

/** Shortest stem a suffix of {@link turkishStems} may leave (`İsa'yı` keeps its name through the apostrophe instead). */
const STEM_MIN = 3;
/** Plural suffixes: a possessive or genitive never stands before them (gece-ler-in, not *gece-n-ler). */
const PLURAL: ReadonlySet<string> = new Set(['ler', 'lar', 'leri', 'lari']);
/** Possessive and genitive suffixes (ASCII-folded), not peeled from before a plural. */
const POSSESSIVE: ReadonlySet<string> = new Set(['imiz', 'umuz', 'iniz', 'unuz', 'nin', 'nun', 'miz', 'muz', 'niz', 'nuz', 'si', 'su', 'in', 'un', 'im', 'um', 'm', 'n']);
/** Case endings a two-letter noun takes (ay → aya, ayı, ayda); other suffixes must leave 3 letters. */
const SHORT_CASE: ReadonlySet<string> = new Set(['a', 'e', 'i', 'u', 'ya', 'ye', 'yi', 'yu', 'da', 'de', 'ta', 'te', 'dan', 'den', 'tan', 'ten']);

/** A stem {@link turkishStemsMarked} leaves, and whether a verb suffix was peeled on the way (on any path). */
export interface PeeledStem {
  stem: string;
  verbal: boolean;
}

/**
 * Every stem a Turkish suffix chain (up to three suffixes) leaves on an ASCII-folded word,
 * softening undone (`kitabi` → `kitab`, `kitap`), each marked verbal when a verb suffix left it.
 * A chain that peeled a plural peels no possessive before it (geçenler is geçen-ler, never
 * gece-n-ler); a case ending may leave a two-letter noun (aya → ay). Broad on purpose: concept
 * detection compares these against the stems of the glossary's own wordings.
 */
export function turkishStemsMarked(ascii: string): PeeledStem[] {
  const out = new Map<string, boolean>();
  let frontier: { word: string; plural: boolean; verbal: boolean }[] = [{ word: ascii, plural: false, verbal: false }];
  for (let round = 0; round < 3 && frontier.length > 0; round++) {
    const next: { word: string; plural: boolean; verbal: boolean }[] = [];
    for (const { word: w, plural, verbal: wasVerbal } of frontier) {
      for (const suffix of STEM_SUFFIXES) {
        if (!w.endsWith(suffix)) continue;
        const min = round === 0 && SHORT_CASE.has(suffix) ? 2 : STEM_MIN;
        if (w.length - suffix.length < min || (plural && POSSESSIVE.has(suffix))) continue;
        const stem = w.slice(0, -suffix.length);
        const verbal = wasVerbal || VERBAL.has(suffix);
        // A verbal reading of the same stem wins (boşama is boşa-ma, not boşa-m-a).
        if (out.has(stem) && (!verbal || out.get(stem) === true)) continue;
        out.set(stem, verbal);
        next.push({ word: stem, plural: plural || PLURAL.has(suffix), verbal });
        const last = stem.at(-1) ?? '';
        const hard = UNSOFTENING[last];
        if (hard && hard !== last && out.get(stem.slice(0, -1) + hard) !== true) out.set(stem.slice(0, -1) + hard, verbal);
      }
    }
    frontier = next;
  }
  return [...out.entries()].map(([stem, verbal]) => ({ stem, verbal }));
}

/** The stems of {@link turkishStemsMarked}, without their marks. */
export function turkishStems(ascii: string): string[] {
  return turkishStemsMarked(ascii).map((s) => s.stem);
}

// --- Forms of a lemma ---------------------------------------------------------------------

/**
 * What may follow a noun in one of its forms (Turkish letters): plural, possessive, case,
 * `-ki` and the copula, in that order (`kavga-lar-ı-na`, `yoksulluğ-u-n-dan`). A derivation
 * (`-lık`, `-sız`, `-lı`) makes another word and is not among them.
 */
const NOUN_ENDING =
  /^(?:l[ae]r)?(?:[ıiuü]?m[ıiuü]z|[ıiuü]?n[ıiuü]z|l[ae]r[ıi]|[ıiuü]?m|[ıiuü]?n|s?[ıiuü])?(?:nd[ae]n|nd[ae]|[dt][ae]n|[dt][ae]|n?[ıiuü]n|y?l[ae]|n[ae]|n[ıiuü]|y?[ıiuü]|y?[ae])?(?:ki)?(?:[dt][ıiuü]r)?$/;

/** How a verb form of a 3-letter stem goes on (past, reported past, future, present, infinitive, negative, participles, aorist, conditional, converbs): `yak-tı`, not `yak-ın` (near). */
const SHORT_VERB_ENDING = /^(?:[dt][ıiuü]|m[ıiuü]ş|[ae]c[ae][kğ]|[ıiuü]yor|m[ae]k|m[ae][zy]|[ae]n|[ae]r|[ıiuü]r|s[ae]|[ıiuü]p|[ae]r[ae]k)/;

/**
 * Nouns that drop their last vowel before a vowel-initial suffix (`zulüm` → `zulmü`, `şehir`
 * → `şehri`); listed, since most words of that shape keep it (`varis` → `varisi`, not `varsa`).
 */
const VOWEL_DROPPING: ReadonlySet<string> = new Set(
  'ağız akıl alın asır beyin boyun burun cisim devir ecir emir fikir gönül hapis hüküm hüzün ilim isim kahır kayıp kısım nehir nesil oğul ömür resim sabır şehir şekil şükür vakit zikir zulüm'.split(' '),
);

/**
 * Whether `word` (folded, Turkish letters) is a form of the lemma `member` (folded): the
 * member itself, or its stem followed by an ending of its kind. A noun takes
 * {@link NOUN_ENDING} after itself, its softened stem before a vowel (`yoksulluk` →
 * `yoksulluğa`, for words of 2+ syllables) or, for the nouns that have one, its vowel-dropping
 * stem ({@link VOWEL_DROPPING}: `zulüm` → `zulmü`). A verb (`-mek`/`-mak`) takes any ending
 * after a stem of 4+ letters except a causative one (`anla-t-`, `ölü-dür-`: another verb), and
 * only {@link SHORT_VERB_ENDING} after a shorter one. Letters are compared as written (`kıl`
 * is not `kil`); a member of 1–2 letters is met only as itself.
 */
export function isTurkishForm(word: string, member: string): boolean {
  if (word === member) return true;
  if (member.length <= 2) return false;
  const verb = member.length >= 5 ? turkishInfinitiveStem(member) : undefined;
  if (verb !== undefined) {
    if (!word.startsWith(verb)) {
      const soft = vowelCount(verb) >= 2 ? softenedVerbStem(verb) : undefined;
      return soft !== undefined && word.startsWith(soft) && /^[aeıioöuü]/.test(word.slice(soft.length)) && verb.length >= 4;
    }
    const rest = word.slice(verb.length);
    if (verb.length < 4) return SHORT_VERB_ENDING.test(rest);
    return !/^[dt][ıiuü]r/.test(rest) && !(/[aeıioöuülr]$/.test(verb) && rest.startsWith('t'));
  }
  const stems: { stem: string; beforeVowel: boolean }[] = [{ stem: member, beforeVowel: false }];
  const soft = SOFTENING[member.at(-1) ?? ''];
  if (vowelCount(member) >= 2 && soft) stems.push({ stem: member.slice(0, -1) + soft, beforeVowel: true });
  const dropped = VOWEL_DROPPING.has(member) ? /^(.*)[ıiuü](.)$/.exec(member) : null;
  if (dropped?.[1] && dropped[2]) stems.push({ stem: dropped[1] + dropped[2], beforeVowel: true });
  return stems.some(({ stem, beforeVowel }) => {
    if (!word.startsWith(stem)) return false;
    const rest = word.slice(stem.length);
    return (!beforeVowel || /^[aeıioöuü]/.test(rest)) && NOUN_ENDING.test(rest);
  });
}

/**
 * What a Turkish question asks for when it asks for one detail (with or without Turkish
 * letters): a count, an age, a size or a year (`number`: "kaç", "ne kadar", "hangi yılda"), or a
 * name or a place (`name`: "adı ne", "ismi", "hangi şehir"). Undefined for any other question.
 */
export function turkishDetailAsked(question: string): 'number' | 'name' | undefined {
  const q = foldTurkishAscii(question.toLocaleLowerCase('tr'));
  if (/\bkac\b|\bkacinci\b|\bne kadar (sure|zaman|yil|gun|ay|uzun|buyuk)\b|\bhangi (yil|tarih)/.test(q)) return 'number';
  if (/\b(adi|adlari|ismi|isimleri)\b|\bhangi (sehir|ulke|kent|yer|dag|nehir|kasaba|bolge)/.test(q)) return 'name';
  return undefined;
}

/** Words that state a number in Diyanet's Turkish, folded without Turkish letters ("bir" is left out: it is also "a"). */
export const TURKISH_NUMBER_WORDS: ReadonlySet<string> = new Set(
  `iki uc dort bes alti yedi sekiz dokuz on yirmi otuz kirk elli altmis yetmis seksen doksan yuz bin
yari yarisi ucte dortte besinci ikinci ucuncu dorduncu iki kat kati katini`
    .split(/\s+/)
    .filter(Boolean),
);
