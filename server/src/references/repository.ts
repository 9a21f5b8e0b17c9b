import type { Queryable } from '../db/database.js';
import type { StoredPassage } from '../passages/types.js';
import type { PassageRange } from './service.js';

/** A passage of a range. */
export type RangePassage = StoredPassage;

/** SQL ordering passages of one verse across languages: Arabic, English, Turkish, then the rest by code. */
export const LANG_ORDER_SQL = "CASE p.lang WHEN 'ar' THEN 0 WHEN 'en' THEN 1 WHEN 'tr' THEN 2 ELSE 3 END, p.lang";

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
