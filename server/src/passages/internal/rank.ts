/** Which way a query's page is ranked: from the candidates, fully, or both. */
import type { Queryable } from '../../db/database.js';
import type { RankedPassage, RankStrategy } from '../types.js';
import { candidateRanking, candidatesTotal, FULL_RANK_LIMIT, HEAD_DEPTH, planCandidates } from './candidates.js';
import { countMatches, fullRanking, smallScope } from './full-ranking.js';
import type { PreparedGroup } from './prepare.js';
import { toRanked, type Order } from './sql.js';

/**
 * One page of the ranking of the groups' matches, and the number of matches when asked.
 *
 * Which order a query's pages follow depends on the query alone, never on the page, so that
 * paging never repeats or skips a passage: when the table is used (`auto`: no source, and the
 * frequent lexemes could match more than {@link FULL_RANK_LIMIT} passages), the first
 * {@link HEAD_DEPTH} rows are the candidates' ranking — the full ranking's own first rows when
 * the bound proves it, otherwise their close approximation (measured by
 * `bench/term-table.mjs`) — and the rows after them are the
 * full ranking without those passages. Otherwise every match is ranked.
 */
export async function rank(
  db: Queryable,
  groups: readonly PreparedGroup[],
  weights: readonly number[][],
  source: string | undefined,
  options: { order: Order; limit: number; offset: number; strategy: RankStrategy; total: boolean },
): Promise<{ total: number; passages: RankedPassage[]; path: 'exact' | 'approximate' | 'full' }> {
  const depth = options.offset + options.limit;
  // The table lists the best passages of a whole language: within one source too few of them remain.
  const plans = options.strategy !== 'full' && source === undefined ? await planCandidates(db, groups, weights) : undefined;
  const upper = plans?.reduce((n, p) => n + p.frequentUpper + p.rareDocs, 0) ?? 0;
  if (plans && (options.strategy === 'candidates' || upper > FULL_RANK_LIMIT)) {
    const head = await candidateRanking(db, groups, plans, weights, source, options.order, Math.min(Math.max(depth, 1), HEAD_DEPTH));
    const path = head.exact ? 'exact' : 'approximate';
    const top = head.rows;
    if (top.length >= depth) {
      const total = options.total ? await candidatesTotal(db, groups, plans, source) : 0;
      return { total: Math.max(total, depth), passages: toRanked(top.slice(options.offset)), path };
    }
    // Past the head (or the candidates ran out): the full ranking without the head's passages.
    const rest = await fullRanking(
      db,
      groups,
      weights,
      source,
      options.order,
      { limit: depth - Math.max(options.offset, top.length), offset: Math.max(0, options.offset - top.length) },
      false,
      top.map((row) => row.id),
    );
    const passages = [...top.slice(options.offset), ...rest.rows];
    const total = !options.total ? 0 : rest.rows.length > 0 ? top.length + rest.total : await countMatches(db, groups, source);
    return { total: passages.length > 0 ? Math.max(total, options.offset + passages.length) : total, passages: toRanked(passages), path };
  }
  const scan = groups.length === 1 && groups[0]?.lang !== undefined && (await smallScope(db, groups[0].lang, source));
  const full = await fullRanking(db, groups, weights, source, options.order, options, scan);
  const total = options.total && full.rows.length === 0 && options.offset > 0 ? await countMatches(db, groups, source) : full.total;
  return { total, passages: toRanked(full.rows), path: 'full' };
}
