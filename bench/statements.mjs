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

const USAGE = `Usage: node bench/statements.mjs --data-dir=DIR [--unseen=N]

  DIR       a DATA_DIR the server loaded (not in use): every statement of the bench's searches and
            questions, timed and grouped; text on stdout
  --unseen  instead, the first N unseen searches of the popular mix (bench/throughput.mjs)`;
const { values } = readCommandLine({ tool: 'statements', usage: USAGE, options: { 'data-dir': { type: 'string' }, unseen: { type: 'string' } } });
if (!values['data-dir']) usageError('statements', USAGE, '--data-dir is required');

const require = createRequire(import.meta.url);
const dist = path.join(repoRoot, 'server', 'dist');
const { openDatabase } = require(path.join(dist, 'db', 'open.js'));
const { search, warmUpSearch } = require(path.join(dist, 'search', 'service.js'));
const { answerQuestion } = require(path.join(dist, 'ask', 'answer.js'));

const inner = await openDatabase({ dataDir: path.resolve(values['data-dir']) });
/** @type {Map<string, { n: number, ms: number, bytes: number }>} */
const stats = new Map();
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
    return rows;
  },
  exec: (sql) => inner.exec(sql),
  transaction: (fn) => inner.transaction(fn),
  close: () => inner.close(),
};
try {
  await warmUpSearch(db);
  stats.clear();
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
} finally {
  await inner.close();
}
