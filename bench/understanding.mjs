/**
 * `node bench/understanding.mjs` (`--help`: usage)
 *
 * CPU time spent understanding a question — `queryTerms` with the shipped expansion (glossary,
 * WordNet, the English and Turkish semantic layers, Nave's topics), as the answer ranking does it
 * — for every question of every evaluation set in `eval/` but the judge sets, after the server's
 * warm-up (`warmUpExpansion`). Measured with `process.cpuUsage`, so a busy machine inflates it
 * less than wall time. Prints JSON: questions, median/p95/max milliseconds of CPU, resident
 * memory after the run (MB). Uses server/dist (run `npm run build -w server` first).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { readCommandLine } from '../tooling/cli.mjs';
import { quantile, repoRoot, round } from './lib/util.mjs';

const USAGE = `Usage: node bench/understanding.mjs

  CPU milliseconds per question spent on query understanding (queryTerms with the shipped
  expansion), over every eval/*.tsv set but the judge sets; JSON on stdout.`;

readCommandLine({ tool: 'understanding', usage: USAGE, options: {} });

const require = createRequire(import.meta.url);
const dist = path.join(repoRoot, 'server', 'dist');
const { queryTerms } = require(path.join(dist, 'retrieval', 'query.js'));
const { shippedExpansion, warmUpExpansion } = require(path.join(dist, 'retrieval', 'expansion.js'));
const { parseDevSet } = require(path.join(dist, 'eval', 'metrics.js'));

const evalDir = path.join(repoRoot, 'eval');
const questions = fs
  .readdirSync(evalDir)
  .filter((f) => f.endsWith('.tsv') && !f.startsWith('judge'))
  .flatMap((f) => parseDevSet(fs.readFileSync(path.join(evalDir, f), 'utf8'), f.slice(0, -4)));
const expansion = shippedExpansion();
warmUpExpansion(expansion);
const ms = questions.map(({ lang, question }) => {
  const start = process.cpuUsage();
  queryTerms(question, [lang], { ...expansion });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
});
ms.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({ questions: ms.length, cpuMs: { median: round(quantile(ms, 0.5), 2), p95: round(quantile(ms, 0.95), 2), max: round(ms.at(-1) ?? 0, 2) }, rssMB: Math.round(process.memoryUsage().rss / 1e6) })}\n`,
);
