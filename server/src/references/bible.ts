import { createRequire } from 'node:module';

/**
 * Bible references typed as queries (`John 3:16`, `1 Cor 13:4-7`, `Ps 23`, `Yuhanna 3:16`),
 * parsed by `bible-passage-reference-parser` 4.0.0 with its English and Turkish grammars, and
 * written as the KJV import writes them (`John 3:16`, `Song of Solomon 2:1`).
 */

/** One end of a Bible range: book (KJV name), chapter, verse (undefined = whole chapter). */
export interface BiblePoint {
  book: string;
  chapter: number;
  verse?: number;
}

/** A Bible passage range, inclusive. */
export interface BibleReference {
  from: BiblePoint;
  to: BiblePoint;
}

interface BcvParser {
  parse(text: string): BcvParser;
  osis_and_indices(): { osis: string; indices: [number, number] }[];
}
type BcvParserClass = new () => BcvParser;

/** OSIS book codes in canonical (KJV) order, with the book names of the KJV import. */
const BOOKS: readonly [string, string][] = (
  'Gen Genesis|Exod Exodus|Lev Leviticus|Num Numbers|Deut Deuteronomy|Josh Joshua|Judg Judges|Ruth Ruth|' +
  '1Sam 1 Samuel|2Sam 2 Samuel|1Kgs 1 Kings|2Kgs 2 Kings|1Chr 1 Chronicles|2Chr 2 Chronicles|Ezra Ezra|' +
  'Neh Nehemiah|Esth Esther|Job Job|Ps Psalms|Prov Proverbs|Eccl Ecclesiastes|Song Song of Solomon|Isa Isaiah|' +
  'Jer Jeremiah|Lam Lamentations|Ezek Ezekiel|Dan Daniel|Hos Hosea|Joel Joel|Amos Amos|Obad Obadiah|Jonah Jonah|' +
  'Mic Micah|Nah Nahum|Hab Habakkuk|Zeph Zephaniah|Hag Haggai|Zech Zechariah|Mal Malachi|Matt Matthew|Mark Mark|' +
  'Luke Luke|John John|Acts Acts|Rom Romans|1Cor 1 Corinthians|2Cor 2 Corinthians|Gal Galatians|Eph Ephesians|' +
  'Phil Philippians|Col Colossians|1Thess 1 Thessalonians|2Thess 2 Thessalonians|1Tim 1 Timothy|2Tim 2 Timothy|' +
  'Titus Titus|Phlm Philemon|Heb Hebrews|Jas James|1Pet 1 Peter|2Pet 2 Peter|1John 1 John|2John 2 John|' +
  '3John 3 John|Jude Jude|Rev Revelation'
)
  .split('|')
  .map((pair) => {
    const space = pair.indexOf(' ');
    return [pair.slice(0, space), pair.slice(space + 1)];
  });
const BOOK_BY_OSIS = new Map(BOOKS);

let parsers: BcvParser[] | undefined;

function bcvParsers(): BcvParser[] {
  if (!parsers) {
    const load = (lang: string): BcvParser => {
      // The parser's CommonJS builds (one grammar per language) are exported as `./cjs/*.js`.
      const mod = createRequire(__filename)(`bible-passage-reference-parser/cjs/${lang}_bcv_parser.js`) as {
        bcv_parser: BcvParserClass;
      };
      return new mod.bcv_parser();
    };
    parsers = [load('en'), load('tr')];
  }
  return parsers;
}

function point(osis: string): BiblePoint | undefined {
  const [code, chapter, verse] = osis.split('.');
  const book = BOOK_BY_OSIS.get(code ?? '');
  if (!book || chapter === undefined) return undefined;
  return { book, chapter: Number(chapter), verse: verse === undefined ? undefined : Number(verse) };
}

/**
 * Parses a query that is a Bible reference and nothing else (in English or Turkish book
 * names). A book without a chapter (`Job`) is not taken as a reference: it is a word too.
 *
 * @returns the range, or undefined when the query is not exactly one reference
 */
export function parseBibleReference(query: string): BibleReference | undefined {
  const q = query.normalize('NFC').trim();
  if (!/\d/.test(q) || q.length > 60) return undefined;
  for (const parser of bcvParsers()) {
    const found = parser.parse(q).osis_and_indices();
    const only = found.length === 1 ? found[0] : undefined;
    if (!only || only.indices[0] !== 0 || q.slice(only.indices[1]).trim() !== '') continue;
    const [start, end] = only.osis.split('-');
    const from = point(start ?? '');
    const to = point(end ?? start ?? '');
    if (from && to) return { from, to };
  }
  return undefined;
}

/** A Bible point as the KJV import writes a reference (`John 3:16`) or a chapter (`John 3`). */
export function bibleSection(p: BiblePoint): string {
  return `${p.book} ${p.chapter}`;
}
