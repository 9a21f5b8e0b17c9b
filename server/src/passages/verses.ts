/**
 * Verses read by their place in a source: the passages of a verse range (references), one Quran
 * verse in its languages (`/api/verses`), and a passage with its context (`/read`).
 */
import type { Queryable } from '../db/database.js';
import { ORIGINAL_SOURCE } from '../corpus/catalog.js';
import type { PassageRange } from '../references/service.js';
import type { StoredPassage } from './types.js';

/** A passage of a range. */
export type RangePassage = StoredPassage;

/** SQL ordering passages of one verse across languages: Arabic, English, Turkish, then the rest by code. */
const LANG_ORDER_SQL = "CASE p.lang WHEN 'ar' THEN 0 WHEN 'en' THEN 1 WHEN 'tr' THEN 2 ELSE 3 END, p.lang";

/**
 * The passages of a verse range within a scope, in reading order (by position, then Arabic,
 * English, Turkish, others), one page of them, and how many there are in all.
 *
 * @param scope `lang` and/or `source` to keep (undefined = all)
 * @returns `{ total, passages }`; total 0 when the range is not in the database
 */
export async function rangePassages(
  db: Queryable,
  range: PassageRange,
  scope: { lang?: string; source?: string },
  page: { limit: number; offset: number },
): Promise<{ total: number; passages: RangePassage[] }> {
  const sources = scope.source === undefined ? range.sources : range.sources.filter((s) => s === scope.source);
  if (sources.length === 0) return { total: 0, passages: [] };
  const params: unknown[] = [sources, range.from.section, range.from.ref ?? null, range.to.section, range.to.ref ?? null];
  let where = '';
  if (scope.lang !== undefined) {
    params.push(scope.lang);
    where = ` AND p.lang = $${params.length}`;
  }
  params.push(page.limit, page.offset);
  const rows = await db.query<RangePassage & { total: number }>(
    `WITH bounds AS (
       SELECT min(position) FILTER (WHERE section = $2 AND ($3::text IS NULL OR ref = $3)) AS lo,
              max(position) FILTER (WHERE section = $4 AND ($5::text IS NULL OR ref = $5)) AS hi
       FROM passages WHERE source = ANY($1::text[]) AND section IN ($2, $4)
     )
     SELECT p.id, p.source, p.lang, p.ref, p.section, p.position, p.text, p.translator, count(*) OVER ()::int AS total
     FROM passages p CROSS JOIN bounds b
     WHERE p.source = ANY($1::text[]) AND p.position BETWEEN b.lo AND b.hi${where}
     ORDER BY p.position, ${LANG_ORDER_SQL}, p.id
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const total = rows[0]?.total ?? (page.offset > 0 ? await countRange(db, range, sources, scope.lang) : 0);
  return { total, passages: rows.map(({ total: _t, ...p }) => p) };
}

async function countRange(db: Queryable, range: PassageRange, sources: string[], lang: string | undefined): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH bounds AS (
       SELECT min(position) FILTER (WHERE section = $2 AND ($3::text IS NULL OR ref = $3)) AS lo,
              max(position) FILTER (WHERE section = $4 AND ($5::text IS NULL OR ref = $5)) AS hi
       FROM passages WHERE source = ANY($1::text[]) AND section IN ($2, $4)
     )
     SELECT count(*)::int AS n FROM passages p CROSS JOIN bounds b
     WHERE p.source = ANY($1::text[]) AND p.position BETWEEN b.lo AND b.hi AND ($6::text IS NULL OR p.lang = $6)`,
    [sources, range.from.section, range.from.ref ?? null, range.to.section, range.to.ref ?? null, lang ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** One text of a verse as stored: its language, the text exactly as shipped, its translator. */
export interface VerseText {
  lang: string;
  text: string;
  translator: string;
}

/**
 * One Quran verse from the passages table: the Arabic (`quran-arabic`) and every translation
 * (`quran`), the translations sorted by language.
 *
 * @param ref the verse's ref, `<surah>:<ayah>` (`2:255`)
 * @returns undefined when the verse's Arabic is not in the database
 * @throws on a database error
 */
export async function quranVerse(db: Queryable, ref: string): Promise<{ arabic: VerseText; translations: VerseText[] } | undefined> {
  const rows = await db.query<{ source: string; lang: string; text: string; translator: string }>(
    "SELECT source, lang, text, translator FROM passages WHERE source IN ('quran', 'quran-arabic') AND ref = $1 ORDER BY lang",
    [ref],
  );
  const arabic = rows.find((r) => r.source === 'quran-arabic');
  if (!arabic) return undefined;
  const text = (r: VerseText): VerseText => ({ lang: r.lang, text: r.text, translator: r.translator });
  return { arabic: text(arabic), translations: rows.filter((r) => r.source === 'quran').map(text) };
}


/** A verse (or passage) as a reading page shows it. */
export interface ReadingVerse {
  ref: string;
  position: number;
  text: string;
  translator: string;
  title: string | null;
  url: string | null;
}

/** What `/read/<source>/<ref>` shows. */
export interface Reading {
  source: string;
  /** Language of the main text (the asker's, or the source's own when it has none in theirs). */
  lang: string;
  /** The chapter (`2`, `John 3`), empty for passages outside chapters. */
  section: string;
  /** Refs of the passage asked for. */
  targets: string[];
  /** The passage and up to {@link CONTEXT_VERSES} verses on each side, in reading order. */
  verses: ReadingVerse[];
  /** For a Quran translation: the Arabic of each verse shown, by ref. */
  originals: Map<string, { text: string; translator: string }>;
  /** The chapter's first and last position, for previous/next links. */
  bounds: { first: number; last: number };
}

/** Verses shown before and after the passage. */
export const CONTEXT_VERSES = 5;

const RANGE = /^(.+):(\d{1,3})(?:-(\d{1,3}))?$/;

/**
 * Splits a reference into its chapter and verse refs: `2:255-257` → section `2`, refs
 * `2:255`, `2:256`, `2:257` (at most 50); a ref without `:<verse>` is a passage of its own.
 */
export function refsOf(ref: string): { section: string; refs: string[] } {
  const m = RANGE.exec(ref);
  if (!m) return { section: '', refs: [ref] };
  const section = m[1] ?? '';
  const from = Number(m[2]);
  const to = Math.min(Math.max(Number(m[3] ?? from), from), from + 49);
  return { section, refs: Array.from({ length: to - from + 1 }, (_, i) => `${section}:${from + i}`) };
}

/**
 * Reads a passage with its context for a reading page. `quran-arabic` is read as the Quran
 * translation in `lang` with the Arabic beside it.
 *
 * @param lang the visitor's language; a source without passages in it is read in its own
 * @returns undefined when the source or the passage does not exist
 * @throws on a database error
 */
export async function readPassage(db: Queryable, source: string, ref: string, lang: string): Promise<Reading | undefined> {
  const main = source === 'quran-arabic' ? 'quran' : source;
  const langs = (await db.query<{ lang: string }>('SELECT DISTINCT lang FROM passages WHERE source = $1', [main])).map((r) => r.lang);
  if (langs.length === 0) return undefined;
  const passageLang = langs.includes(lang) ? lang : langs.includes('en') ? 'en' : (langs.sort()[0] ?? lang);
  const { refs } = refsOf(ref);
  const targets = await db.query<{ position: number; section: string }>(
    'SELECT position, section FROM passages WHERE source = $1 AND lang = $2 AND ref = ANY($3::text[]) ORDER BY position',
    [main, passageLang, refs],
  );
  const first = targets[0];
  const last = targets.at(-1);
  if (!first || !last) return undefined;
  const section = first.section;
  const verses = await db.query<ReadingVerse>(
    `SELECT ref, position, text, translator, title, url FROM passages
     WHERE source = $1 AND lang = $2 AND section = $3 AND position BETWEEN $4 AND $5 ${section === '' ? 'AND ref = ANY($6::text[])' : ''}
     ORDER BY position`,
    section === ''
      ? [main, passageLang, section, first.position, last.position, refs]
      : [main, passageLang, section, first.position - CONTEXT_VERSES, last.position + CONTEXT_VERSES],
  );
  const [bounds] = await db.query<{ first: number; last: number }>(
    'SELECT min(position)::int AS first, max(position)::int AS last FROM passages WHERE source = $1 AND lang = $2 AND section = $3',
    [main, passageLang, section],
  );
  const originals = new Map<string, { text: string; translator: string }>();
  const original = ORIGINAL_SOURCE[main];
  if (original) {
    const rows = await db.query<{ ref: string; text: string; translator: string }>(
      'SELECT ref, text, translator FROM passages WHERE source = $1 AND lang = $2 AND ref = ANY($3::text[])',
      [original.source, original.lang, verses.map((v) => v.ref)],
    );
    for (const r of rows) originals.set(r.ref, { text: r.text, translator: r.translator });
  }
  return {
    source: main,
    lang: passageLang,
    section,
    targets: verses.filter((v) => v.position >= first.position && v.position <= last.position).map((v) => v.ref),
    verses,
    originals,
    bounds: bounds ?? { first: first.position, last: last.position },
  };
}
