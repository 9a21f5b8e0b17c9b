/**
 * The frequent-term table (`term_stats`, `term_top`, `term_langs`, `term_sample`): its settings,
 * its refresh after a corpus change, and the compaction that follows.
 */
import type { Queryable } from '../db/database.js';

/**
 * The frequent-term table (migration 0004, `kb_refresh_term_top`): a lexeme is frequent when at
 * least `minDocs` passages and `minShare` of its language's passages contain it; its `topK`
 * best passages are kept. Measured with `npm run bench` (scale) at 100k and 400k passages.
 */
export const TERM_TABLE = { minShare: 0.005, minDocs: 1000, topK: 300 } as const;

/** Settings of {@link refreshTermTable} (tests use tiny ones). */
export interface TermTableSettings {
  minShare: number;
  minDocs: number;
  topK: number;
}

/**
 * Rebuilds the frequent-term table (`term_stats`, `term_top`) for the given languages, or all
 * when none are given, in one statement (atomic on its own; inside the caller's transaction
 * when given one). Call it whenever passages are added, changed or removed: rankings use the
 * table's bounds and would be wrong, never failing, with a stale one. Costs a scan of the
 * languages' passages (seconds at 400,000 passages; see bench).
 *
 * @param langs passage languages to rebuild (undefined: all; empty: nothing)
 * @throws on a database error
 */
export async function refreshTermTable(
  db: Queryable,
  langs?: readonly string[],
  settings: TermTableSettings = TERM_TABLE,
): Promise<void> {
  if (langs !== undefined && langs.length === 0) return;
  await db.query('SELECT kb_refresh_term_top($1::text[], $2::float8, $3::int, $4::int)', [
    langs === undefined ? null : [...langs],
    settings.minShare,
    settings.minDocs,
    settings.topK,
  ]);
}

/**
 * After a corpus change has committed: reclaims the space of the rows it replaced in
 * `passages` and in the frequent-term table (each refresh deletes and rewrites `term_stats` and
 * `term_top`) and refreshes the planner's statistics — `VACUUM (ANALYZE)`, which neither blocks
 * readers nor writers. PGlite has no autovacuum: without it, the table grew by its whole size at
 * every refresh (docs/performance.md).
 * VACUUM cannot run inside a transaction: call it with the database, after the commit.
 *
 * @throws on a database error
 */
export async function compactAfterCorpusChange(db: Queryable): Promise<void> {
  await db.exec('VACUUM (ANALYZE) passages, term_stats, term_top');
}
