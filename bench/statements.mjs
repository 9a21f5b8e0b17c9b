/**
 * `node bench/statements.mjs --data-dir=DIR` (`--help`: usage)
 *
 * Where a search's and an answer's database time goes: runs the bench's searches and questions
 * (bench/lib/queries.mjs) one at a time through the server's own `search()` and
 * `answerQuestion()` on a loaded data folder (PGlite, in its worker thread as in the server; the
 * folder must not be in use by a running server), after the search warm-up, and times every
 * statement they send. Prints the wall time of the searches and of the questions, then one line
 * per statement kind (its first 70 characters): total ms, count, ms each, KB of rows each.
 * Uses server/dist (run `npm run build -w server` first).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { ASK_QUESTIONS, searchMix } from './lib/queries.mjs';
import { repoRoot } from './lib/util.mjs';
import { evalQuestions } from './throughput.mjs';

const USAGE = `Usage: node bench/statements.mjs --data-dir=DIR [--unseen=N] [--split]

  DIR       a DATA_DIR the server loaded (not in use): every statement of the bench's searches and
            questions, timed and grouped; text on stdout
  --unseen  instead, the first N unseen searches of the popular mix (bench/throughput.mjs)
  --split   then re-run the ranking statements under EXPLAIN ANALYZE: their planning, candidate
            reading, scoring and the rest (rank, cut, page rows), and how many distinct texts`;
const { values } = readCommandLine({
  tool: 'statements',
  usage: USAGE,
  options: { 'data-dir': { type: 'string' }, unseen: { type: 'string' }, split: { type: 'boolean' } },
});
if (!values['data-dir']) usageError('statements', USAGE, '--data-dir is required');

const require = createRequire(import.meta.url);
const dist = path.join(repoRoot, 'server', 'dist');
const { openDatabase } = require(path.join(dist, 'db', 'open.js'));
const { search, warmUpSearch } = require(path.join(dist, 'search', 'service.js'));
const { answerQuestion } = require(path.join(dist, 'ask', 'answer.js'));

const inner = await openDatabase({ dataDir: path.resolve(values['data-dir']) });
/** @type {Map<string, { n: number, ms: number, bytes: number }>} */
const stats = new Map();
/** The ranking statements sent (`--split`), with their parameters. */
const ranking = [];
const kind = (sql) => sql.replace(/\s+/g, ' ').trim().slice(0, 70);
const db = {
  kind: inner.kind,
  async query(sql, params) {
    const started = performance.now();
    const rows = await inner.query(sql, params);
    const s = stats.get(kind(sql)) ?? { n: 0, ms: 0, bytes: 0 };
    s.n += 1;
    s.ms += performance.now() - started;
    s.bytes += JSON.stringify(rows).length;
    stats.set(kind(sql), s);
    if (values.split && sql.trimStart().startsWith('WITH s AS MATERIALIZED')) ranking.push({ sql, params });
    return rows;
  },
  exec: (sql) => inner.exec(sql),
  transaction: (fn) => inner.transaction(fn),
  close: () => inner.close(),
};
try {
  await warmUpSearch(db);
  stats.clear();
  ranking.length = 0;
  const t0 = performance.now();
  const searches = values.unseen ? evalQuestions().slice(0, Number(values.unseen)).map((u) => ({ q: u.question, lang: u.lang })) : searchMix();
  const questions = values.unseen ? [] : ASK_QUESTIONS;
  for (const q of searches) await search(db, { q: q.q, lang: q.lang, limit: 10, offset: 0 });
  const t1 = performance.now();
  for (const q of questions) await answerQuestion(db, q, {});
  const t2 = performance.now();
  let total = 0;
  for (const s of stats.values()) total += s.ms;
  const lines = [
    `${searches.length} searches ${(t1 - t0).toFixed(0)} ms; ${questions.length} questions ${(t2 - t1).toFixed(0)} ms; statements ${total.toFixed(0)} ms`,
    ...[...stats]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([k, s]) => `${s.ms.toFixed(0).padStart(6)} ms ${String(s.n).padStart(4)}× ${(s.ms / s.n).toFixed(1).padStart(7)} ms each ${(s.bytes / s.n / 1024).toFixed(1).padStart(6)} KB each  ${k}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.split) process.stdout.write(`${await splitRanking(ranking)}\n`);
} finally {
  await inner.close();
}

/**
 * Where the ranking statements' time goes, from their plans (`EXPLAIN (ANALYZE, FORMAT JSON)`,
 * which adds its own overhead to every node, so only the shares count): planning; inside the
 * candidates' CTE (`s`), reading the candidate rows (GIN rows, listed passages) and scoring
 * them (the terms' `@@` tests); and the rest of the execution (the cut, `ts_rank_cd` for the
 * rows that can reach the page, the page's rows).
 *
 * @param {{ sql: string, params: unknown[] }[]} statements
 * @returns {Promise<string>} a few lines of text
 */
async function splitRanking(statements) {
  const t = { planning: 0, execution: 0, cte: 0, reading: 0, candidates: 0 };
  const findCte = (node) => (node['Subplan Name'] === 'CTE s' ? node : (node.Plans ?? []).map(findCte).find(Boolean));
  for (const { sql, params } of statements) {
    const [row] = await inner.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    const [plan] = row['QUERY PLAN'];
    t.planning += plan['Planning Time'];
    t.execution += plan['Execution Time'];
    const cte = findCte(plan.Plan);
    if (!cte) continue;
    t.cte += cte['Actual Total Time'];
    // Below the scores' projection (a Result, or subquery scans of it) is the candidates' table.
    let node = cte;
    while ((node['Node Type'] === 'Subquery Scan' && node.Alias !== 'p') || node['Node Type'] === 'Result') node = node.Plans[0];
    t.reading += node['Actual Total Time'];
    t.candidates += node['Actual Rows'];
  }
  // The rank's own cost: each statement timed as sent and with every `ts_rank_cd` a constant
  // (its parameter kept, so the types still resolve), in turn, twice.
  const constantRank = (sql) => sql.replace(/ts_rank_cd\(p\.tsv, (\$\d+)::tsquery, 1\)/g, '($1::tsquery IS NULL)::int');
  const timed = { sent: 0, constant: 0 };
  for (let round = 0; round < 2; round++) {
    for (const { sql, params } of statements) {
      for (const [key, text] of [['sent', sql], ['constant', constantRank(sql)]]) {
        const started = performance.now();
        await inner.query(text, params);
        timed[key] += performance.now() - started;
      }
    }
  }
  const all = t.planning + t.execution;
  const share = (ms) => `${ms.toFixed(0)} ms (${((100 * ms) / all).toFixed(0)} %)`;
  return [
    `ranking statements under EXPLAIN ANALYZE: ${statements.length}, ${new Set(statements.map((s) => s.sql)).size} distinct texts, ${(t.candidates / Math.max(statements.length, 1)).toFixed(0)} candidates each`,
    `  planning ${share(t.planning)}; candidate reading ${share(t.reading)}; scoring ${share(t.cte - t.reading)}; the rest (cut, rank, page rows) ${share(t.execution - t.cte)}`,
    `  without EXPLAIN, twice: ${timed.sent.toFixed(0)} ms as sent, ${timed.constant.toFixed(0)} ms with the rank a constant (${((100 * (timed.sent - timed.constant)) / timed.sent).toFixed(0)} % for ts_rank_cd)`,
  ].join('\n');
}
