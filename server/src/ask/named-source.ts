/**
 * The source a question names ("What does the Bible say about patience?", "İncil düşmanı sevmek
 * hakkında ne diyor?"), for a question asked without one: the name says where to search, not
 * what to search for, so it is searched in that source without the name.
 */

/** Letters and digits (any script): a name must not be part of a longer word. */
const BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const AFTER = String.raw`(?![\p{L}\p{N}])`;
/** A Turkish suffix after a name, with or without its apostrophe (İncil'de, incilde, Kitap'ta). */
const SUFFIX = String.raw`(?:['’]?\p{L}+)?`;

/**
 * Each source's names, matched in the question lower-cased with both Turkish capitals İ and I
 * as `i` (so "BIBLE" and "İncil" both match), in English and Turkish, typed with or without
 * Turkish letters. The Quran's translations name the Bible's books (the Torah, the Gospel), so
 * only the names of the Bible as a book to read in count: "the Gospels" but not "the gospel",
 * and not "Tevrat".
 */
const SOURCE_NAMES: readonly { source: string; names: RegExp }[] = [
  {
    source: 'quran',
    names: new RegExp(
      [String.raw`(?:the\s+)?(?:holy\s+)?(?:qur['’]?[aā]n|koran)(?:['’]s)?`, String.raw`kur['’]?an${SUFFIX}(?:-[ıi]\s*kerim${SUFFIX})?`]
        .map((name) => `${BEFORE}${name}${AFTER}`)
        .join('|'),
      'gu',
    ),
  },
  {
    source: 'bible',
    names: new RegExp(
      [
        String.raw`(?:the\s+)?(?:holy\s+)?(?:king\s+james\s+)?bible(?:['’]s)?`,
        String.raw`biblical(?:ly)?`,
        String.raw`(?:the\s+)?king\s+james(?:\s+version)?`,
        String.raw`kjv`,
        String.raw`(?:the\s+)?(?:old|new)\s+testament`,
        String.raw`(?:the\s+)?gospels`,
        String.raw`incil${SUFFIX}`,
        String.raw`kitab(?:-?[ıi]|\s)?\s*mukaddes${SUFFIX}`,
        String.raw`kutsal\s+kita[pb]${SUFFIX}`,
        String.raw`(?:eski|yeni)\s+ahit${SUFFIX}`,
      ]
        .map((name) => `${BEFORE}${name}${AFTER}`)
        .join('|'),
      'gu',
    ),
  },
];

/** Lower case, with İ and I both `i`, keeping every character's position (see {@link namedSource}). */
function fold(text: string): string {
  return [...text].map((c) => (c === 'İ' || c === 'I' ? 'i' : c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('');
}

/**
 * The one source `question` names, and the question with that source's names taken out.
 *
 * @param question the asker's text, as typed
 * @returns `{ source, text }` — `source` a source id of the shipped catalog (`quran`, `bible`),
 *   `text` the question without the names (blanks collapsed) — or undefined when it names no
 *   source, or more than one ("What does the Quran say about the Bible?" is not the Bible's to answer)
 */
export function namedSource(question: string): { source: string; text: string } | undefined {
  const folded = fold(question);
  // `search` and `matchAll` leave the shared expressions' `lastIndex` alone.
  const named = SOURCE_NAMES.filter(({ names }) => folded.search(names) !== -1);
  if (named.length !== 1) return undefined;
  const [{ source, names }] = named as [(typeof SOURCE_NAMES)[number]];
  let text = '';
  let from = 0;
  for (const match of folded.matchAll(names)) {
    text += `${question.slice(from, match.index)} `;
    from = match.index + match[0].length;
  }
  text += question.slice(from);
  return { source, text: text.replace(/\s+/g, ' ').trim() };
}
