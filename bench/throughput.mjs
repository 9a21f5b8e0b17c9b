/**
 * Throughput of search and ask at 10 connections (issue 20), with autocannon:
 *
 * - **cache off** (the server started with `SEARCH_CACHE=off`): the bench's searches
 *   (bench/lib/queries.mjs, in turn) and questions, every one computed;
 * - **popular mix** (cache on, a server started afresh so nothing is kept yet): each request
 *   drawn at random (seeded) — 80 % from 20 popular queries, 20 % from queries not sent before
 *   in the run (the questions of the evaluation sets in `eval/`, each used once; searches send
 *   them as `q`).
 *
 * Reported per run: req/s (mean), p50/p95/p99 ms, statuses, and the ratio to the issue's
 * figures for the embedded database before the work on it ({@link ISSUE_BASELINE}); the gates
 * are ≥ 2× with the cache off and ≥ 5× for the mix (reported, never asserted).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { warmAndLoad } from './api.mjs';
import { ASK_QUESTIONS, searchMix, searchPath } from './lib/queries.mjs';
import { log, ratio, repoRoot, seededRandom } from './lib/util.mjs';

/** Issue 20's "today" (PGlite on the HTTP event loop, 10 connections), req/s. */
export const ISSUE_BASELINE = { search: 38, ask: 18.7 };
/** The gates as multiples of {@link ISSUE_BASELINE}. */
export const THROUGHPUT_GATES = { cacheOff: 2, popularMix: 5 };

/** Questions of every evaluation set but the judge sets, `{ question, lang }`, shuffled (seeded), duplicates removed: the popular mix's unseen queries. */
export function evalQuestions() {
  const require = createRequire(import.meta.url);
  const { parseDevSet } = require(path.join(repoRoot, 'server', 'dist', 'eval', 'metrics.js'));
  const dir = path.join(repoRoot, 'eval');
  const seen = new Set();
  const all = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.tsv') && !f.startsWith('judge'))
    .flatMap((f) => parseDevSet(fs.readFileSync(path.join(dir, f), 'utf8'), f.slice(0, -4)))
    .filter(({ lang, question }) => (lang === 'en' || lang === 'tr') && !seen.has(question) && seen.add(question));
  const random = seededRandom(20);
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.map(({ question, lang }) => ({ question, lang }));
}

const json = { 'content-type': 'application/json' };
const askRequest = (q) => ({ method: 'POST', path: '/api/ask', headers: json, body: JSON.stringify(q) });
const searchRequest = (q) => ({ method: 'GET', path: searchPath(q) });

function withRatio(run, baseline, gate) {
  const times = ratio(run.rps, baseline);
  return { ...run, baselineRps: baseline, timesBaseline: times, gate: `≥ ${gate}×`, met: (times ?? 0) >= gate };
}

/**
 * Search and ask at `connections` connections against a server started with `SEARCH_CACHE=off`.
 * @param {string} baseUrl
 * @param {{ durationS: number, warmupS: number, connections: number }} options
 */
export async function measureCacheOff(baseUrl, { durationS, warmupS, connections }) {
  const out = {};
  const runs = {
    search: searchMix().map(searchRequest),
    ask: ASK_QUESTIONS.map(askRequest),
  };
  for (const [name, requests] of Object.entries(runs)) {
    const r = await warmAndLoad({ url: baseUrl, requests, connections, durationS }, warmupS);
    out[name] = withRatio({ what: `${requests.length} ${name === 'ask' ? 'questions' : 'searches'} in turn`, ...r }, ISSUE_BASELINE[name], THROUGHPUT_GATES.cacheOff);
    log(`cache off, ${name}: ${r.rps} req/s, p95 ${r.p95Ms} ms (${out[name].timesBaseline}× the issue's ${ISSUE_BASELINE[name]}) ${JSON.stringify(r.statuses)}`);
  }
  return { settings: { durationS, warmupS, connections, cache: 'off', tool: 'autocannon 9' }, ...out };
}

/**
 * The popular mix (80 % of 20 popular, 20 % unseen) for search and for ask, against a server
 * started afresh with the cache on (the warm-up draws from the same mix). `only` runs one of
 * the two (to profile it alone); the draws are the same as in a whole run.
 * @param {string} baseUrl
 * @param {{ durationS: number, warmupS: number, connections: number, only?: 'search' | 'ask' }} options
 */
export async function measurePopularMix(baseUrl, { durationS, warmupS, connections, only }) {
  const unseen = evalQuestions();
  let nextUnseen = 0;
  let reused = 0;
  const takeUnseen = () => {
    if (nextUnseen >= unseen.length) reused += 1;
    return unseen[nextUnseen++ % unseen.length];
  };
  const popularAsk = [...ASK_QUESTIONS, ...unseen.splice(0, 20 - ASK_QUESTIONS.length)];
  const popularSearch = searchMix().slice(0, 20);
  const random = seededRandom(7);
  const out = {};
  const mixes = {
    search: () => (random() < 0.8 ? searchRequest(popularSearch[Math.floor(random() * 20)]) : searchRequest(((u) => ({ q: u.question, lang: u.lang }))(takeUnseen()))),
    ask: () => askRequest(random() < 0.8 ? popularAsk[Math.floor(random() * 20)] : takeUnseen()),
  };
  for (const [name, draw] of Object.entries(mixes)) {
    if (only !== undefined && name !== only) continue;
    // autocannon calls setupRequest before each request it sends; the drawn request replaces it whole.
    const requests = [{ method: 'GET', path: '/', setupRequest: (req) => ({ ...req, headers: {}, body: undefined, ...draw() }) }];
    const r = await warmAndLoad({ url: baseUrl, requests, connections, durationS }, warmupS);
    out[name] = withRatio({ what: '80 % of 20 popular, 20 % unseen (seeded)', ...r }, ISSUE_BASELINE[name], THROUGHPUT_GATES.popularMix);
    log(`popular mix, ${name}: ${r.rps} req/s, p95 ${r.p95Ms} ms (${out[name].timesBaseline}× the issue's ${ISSUE_BASELINE[name]}) ${JSON.stringify(r.statuses)}`);
  }
  return {
    settings: { durationS, warmupS, connections, cache: 'on', tool: 'autocannon 9', unseenPool: unseen.length, unseenSent: nextUnseen, unseenReused: reused },
    ...out,
  };
}
