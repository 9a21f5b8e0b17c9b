import type { Database } from '../../db/database';
import { queryTerms } from '../../retrieval/query';
import { openTestDatabase, testBackends } from '../../testing/databases';
import { refreshTermTable } from '../term-table';
import { CANDIDATE_BUDGETS, candidateRanking, planCandidates, type CandidateBudgets } from './candidates';
import { prepare } from './prepare';
import { disjuncts } from './tsquery';

/** Every candidate of a query, ranked (a depth no candidate set reaches), with its plan. */
async function candidatesOf(db: Database, q: string, budgets: Readonly<CandidateBudgets>) {
  const terms = queryTerms(q, ['en'], { prefixLast: true });
  const groups = await prepare(db, [{ lang: 'en', terms }]);
  const weights = [terms.map(() => 0)];
  const plans = await planCandidates(db, groups, weights, budgets);
  if (!plans?.[0]) throw new Error(`no candidate plan for "${q}"`);
  const { rows } = await candidateRanking(db, groups, plans, weights, undefined, 'terms', 100_000);
  return { plan: plans[0], rows, disjuncts: groups[0]?.rankQueries.length ?? 0 };
}

describe.each(testBackends)('candidate budgets ($name)', (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
    // A tiny table, so that this small corpus has frequent lexemes (listed) and rare ones (GIN).
    await refreshTermTable(db, undefined, { minShare: 0, minDocs: 30, topK: 12 });
  }, 300_000);
  afterAll(async () => {
    await db.close();
  });

  const question = 'patience mercy forgiveness steadfast orphans charity night prayer';

  it('takes no more rare items and GIN rows, and no more listed passages, than the budgets allow', async () => {
    const wide = await candidatesOf(db, question, CANDIDATE_BUDGETS);
    const narrow: CandidateBudgets = { listed: 12, minListed: 1, rare: 5, rareItems: 1, work: Number.MAX_SAFE_INTEGER };
    const bounded = await candidatesOf(db, question, narrow);
    expect(wide.plan.frequent.length).toBeGreaterThan(0);
    expect(disjuncts(wide.plan.rare ?? '')?.length).toBeGreaterThan(1);
    // One rare item, read with LIMIT 5, and at most 12 listed passages shared by the frequent lexemes.
    expect(disjuncts(bounded.plan.rare ?? '')).toHaveLength(1);
    expect(bounded.plan.rareLimit).toBe(5);
    expect(bounded.plan.listed).toBe(Math.max(1, Math.floor(12 / bounded.plan.frequent.length)));
    expect(bounded.rows.length).toBeLessThanOrEqual(5 + bounded.plan.listed * bounded.plan.frequent.length);
    expect(bounded.rows.length).toBeLessThan(wide.rows.length);
    // Passages were left out: nothing proves the page exact any more.
    expect(bounded.plan.bound).toBeUndefined();
    // Each candidate once, every one a match.
    expect(new Set(bounded.rows.map((r) => r.id)).size).toBe(bounded.rows.length);
    for (const row of bounded.rows) expect(row.matched_count).toBeGreaterThan(0);
  });

  it('keeps the LIMIT on GIN rows even when the rarest item alone holds more passages', async () => {
    const { plan, rows } = await candidatesOf(db, question, { listed: 0, minListed: 0, rare: 1, rareItems: 99, work: Number.MAX_SAFE_INTEGER });
    expect(plan.rareTaken).toBeGreaterThan(1);
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('shrinks the candidates of a query with many disjuncts in proportion (the work budget)', async () => {
    const base: CandidateBudgets = { listed: 120, minListed: 1, rare: 400, rareItems: 99, work: 0 };
    const few = await candidatesOf(db, 'patience', { ...base, work: Number.MAX_SAFE_INTEGER });
    const many = await candidatesOf(db, question, { ...base, work: Number.MAX_SAFE_INTEGER });
    expect(many.disjuncts).toBeGreaterThan(few.disjuncts);
    // Room for `few.disjuncts` disjuncts per candidate: the longer query gets that share of the budgets.
    const work = (base.listed + base.rare) * few.disjuncts;
    const shrunk = await candidatesOf(db, question, { ...base, work });
    const share = few.disjuncts / many.disjuncts;
    expect(shrunk.plan.rareLimit).toBe(Math.floor(base.rare * share));
    expect(shrunk.plan.listed).toBe(Math.min(12, Math.max(1, Math.floor(Math.floor(base.listed * share) / shrunk.plan.frequent.length))));
    expect(shrunk.rows.length).toBeLessThanOrEqual(shrunk.plan.rareLimit + shrunk.plan.listed * shrunk.plan.frequent.length);
    expect(shrunk.rows.length).toBeLessThan(many.rows.length);
    // A query with few disjuncts keeps its whole budgets.
    const untouched = await candidatesOf(db, 'patience', { ...base, work });
    expect(untouched.plan.rareLimit).toBe(base.rare);
  });
});
