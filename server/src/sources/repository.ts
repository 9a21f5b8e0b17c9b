import type { Queryable } from '../db/database.js';

/**
 * Passages in the search index per source id, over all languages, read from the `passages`
 * table (`server/migrations/0001_passages.sql`). Sources without passages are absent.
 *
 * @returns a map `source id → passage count`
 * @throws the driver's error when the query fails (e.g. the table does not exist yet)
 */
export async function countIndexedPassages(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ source: string; passages: number }>(
    'SELECT source, count(*)::int AS passages FROM passages GROUP BY source',
  );
  return new Map(rows.map((r) => [r.source, r.passages]));
}
