/** Ranking and counting every match of a query (GIN, or a small scope read whole). */
import { keptUnderVersion } from '../../cache/corpus-version.js';
import type { Queryable } from '../../db/database.js';
import type { PreparedGroup } from './prepare.js';
import { inlineRank, rankedRows, scoredSelect, Sql, type Order, type ScoredRow } from './sql.js';

/**
 * The full ranking: every match scored (GIN), one page, and the number of matches. With
 * `exclude` (ids), those passages are left out of the ranking and of the count.
 */
export async function fullRanking(
  db: Queryable,
  groups: readonly PreparedGroup[],
  weights: readonly number[][],
  source: string | undefined,
  order: Order,
  page: { limit: number; offset: number },
  scan: boolean,
  exclude?: readonly string[],
): Promise<{ total: number; rows: ScoredRow[] }> {
  const sql = new Sql();
  const excluded = exclude && exclude.length > 0 ? `${sql.param([...exclude])}::text[]` : undefined;
  const selects = groups.flatMap((g, i) =>
    g.all === undefined ? [] : [scoredSelect(sql, i, g, weights[i] ?? [], source, { scan, exclude: excluded, rank: inlineRank(groups) })],
  );
  if (selects.length === 0) return { total: 0, rows: [] };
  const rows = await db.query<ScoredRow & { total: number }>(rankedRows(sql, groups, selects.join(' UNION ALL '), order, page, true), sql.params);
  return { total: rows[0]?.total ?? 0, rows };
}

/** Passages of the scope matching any of the groups' terms (GIN), `lang`-restricted per group. */
export async function countMatches(db: Queryable, groups: readonly PreparedGroup[], source: string | undefined): Promise<number> {
  const sql = new Sql();
  const sourceSql = source === undefined ? '' : ` AND p.source = ${sql.param(source)}`;
  const counts = groups
    .filter((g) => g.all !== undefined)
    .map((g) => {
      const langSql = g.lang === undefined ? '' : ` AND p.lang = ${sql.param(g.lang)}`;
      return `(SELECT count(*)::int FROM passages p WHERE p.tsv @@ ${sql.tsquery(g.all ?? '')}${langSql}${sourceSql})`;
    });
  if (counts.length === 0) return 0;
  const rows = await db.query<{ n: number }>(`SELECT (${counts.join(' + ')})::int AS n`, sql.params);
  return rows[0]?.n ?? 0;
}

/** Most passages a scope may hold to be read whole rather than through the GIN index. */
const SCAN_LIMIT = 20_000;

/** Most scope sizes kept per database and corpus version (one per source and language). */
const SCOPE_SIZES_KEPT = 1_000;

/**
 * True when a source in one language holds at most {@link SCAN_LIMIT} passages (from the
 * import records; a source without one is not small). Kept per corpus version inside a
 * response's computation (`keptUnderVersion`).
 */
export async function smallScope(db: Queryable, lang: string, source: string | undefined): Promise<boolean> {
  if (source === undefined) return false;
  const n = await keptUnderVersion(db, 'scope-size', JSON.stringify([source, lang]), SCOPE_SIZES_KEPT, async () => {
    const rows = await db.query<{ n: number }>(
      'SELECT coalesce(sum(passages), 0)::int AS n FROM corpus_imports WHERE source = $1 AND lang = $2',
      [source, lang],
    );
    return rows[0]?.n ?? 0;
  });
  return n > 0 && n <= SCAN_LIMIT;
}
