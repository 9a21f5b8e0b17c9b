/**
 * Search at scale: the passages table grown to each step (100,000 and 400,000 passages: the
 * shipped corpus plus synthetic passages, bench/corpus/generate.mjs), and at each step:
 * - `ingest`: passages added and the rate (passages/s, normalization and indexing included);
 * - `passagesBytes`: `pg_total_relation_size('passages')` (table, TOAST and indexes, bytes),
 *   `databaseBytes` (`pg_database_size`, PGlite only: the whole embedded database) and
 *   `dataDirBytes` (PGlite's folder on disk);
 * - `search`: per query class (English / Turkish / Arabic, single words / questions), the
 *   p50 and p95 latency of `GET /api/search` (ms, one request at a time, after a warm-up
 *   pass), the mean `total` of matches and each query's median (`perQueryP50Ms`);
 * - `ask`: the p50, p95 and max latency of `POST /api/ask` (JSON answer, ms, one request at a
 *   time after a warm-up pass) over the benchmark's questions, and each question's median;
 * - `rssBytes`: the server's resident memory after start-up and after the searches, and its
 *   peak (bytes); `startMs`: server start to ready (ms).
 * The server is stopped while passages are added (PGlite is single-process), then started
 * again on the grown database, with `SEARCH_CACHE=off` (each repeated query is computed again). `ANALYZE passages` and the frequent-term table's rebuild
 * (`refreshTermTable`, timed as `termTableMs`) run after each growth, as an import would.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { addSyntheticPassages, clausePools } from './corpus/generate.mjs';
import { ASK_QUESTIONS, SEARCH_CLASSES, searchPath } from './lib/queries.mjs';
import { startServer } from './lib/server.mjs';
import { folderSize, log, median, quantile, repoRoot, round } from './lib/util.mjs';

const require = createRequire(import.meta.url);

/**
 * Sequential search latencies per class.
 * @param {string} baseUrl
 * @param {number} reps measured requests per query
 */
export async function searchLatencies(baseUrl, reps) {
  const once = async ({ q, lang }) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${searchPath({ q, lang })}`);
    const body = await res.json();
    if (res.status !== 200) throw new Error(`GET /api/search answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, total: body.total };
  };
  for (const queries of Object.values(SEARCH_CLASSES)) for (const query of queries) await once(query);
  /** @type {Record<string, object>} */
  const out = {};
  for (const [name, queries] of Object.entries(SEARCH_CLASSES)) {
    const samples = [];
    for (let r = 0; r < reps; r += 1) for (const query of queries) samples.push({ q: query.q, ...(await once(query)) });
    const ms = samples.map((s) => s.ms);
    const perQuery = Object.fromEntries(
      queries.map(({ q }) => [q, round(median(samples.filter((s) => s.q === q).map((s) => s.ms)), 1)]),
    );
    out[name] = {
      p50Ms: round(median(ms), 1),
      p95Ms: round(quantile(ms, 0.95), 1),
      maxMs: round(Math.max(...ms), 1),
      samples: samples.length,
      meanTotal: Math.round(samples.reduce((s, x) => s + x.total, 0) / samples.length),
      perQueryP50Ms: perQuery,
    };
  }
  return out;
}

/**
 * Sequential `POST /api/ask` latencies (JSON answers) over {@link ASK_QUESTIONS}.
 * @param {string} baseUrl
 * @param {number} reps measured requests per question
 */
export async function askLatencies(baseUrl, reps) {
  const once = async (body) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (res.status !== 200) throw new Error(`POST /api/ask answered ${res.status}: ${JSON.stringify(answer)}`);
    return { ms: performance.now() - started, refused: answer.refused === true };
  };
  for (const q of ASK_QUESTIONS) await once(q);
  const samples = [];
  for (let r = 0; r < reps; r += 1) for (const q of ASK_QUESTIONS) samples.push({ q: q.question, ...(await once(q)) });
  const ms = samples.map((s) => s.ms);
  return {
    p50Ms: round(median(ms), 1),
    p95Ms: round(quantile(ms, 0.95), 1),
    maxMs: round(Math.max(...ms), 1),
    samples: samples.length,
    refused: samples.filter((s) => s.refused).length,
    perQueryP50Ms: Object.fromEntries(
      ASK_QUESTIONS.map(({ question }) => [question, round(median(samples.filter((s) => s.q === question).map((s) => s.ms)), 1)]),
    ),
  };
}

/**
 * Runs the scale steps on `scratch` (a database the corpus is already loaded into by a first
 * server start). The server must be stopped when this is called; it is stopped on return.
 *
 * @param {import('../tooling/scratch.mjs').Scratch} scratch
 * @param {{ steps: number[], reps: number }} options
 * @returns {Promise<object[]>} one entry per step
 */
export async function measureScale(scratch, { steps, reps }) {
  const { openDatabase } = require(path.join(repoRoot, 'server', 'dist', 'db', 'open.js'));
  const pools = clausePools();
  const results = [];
  let synthetic = 0;
  for (const target of steps) {
    const db = await openDatabase({ dataDir: scratch.dataDir, databaseUrl: scratch.databaseUrl });
    let before;
    let ingest;
    let sizes;
    try {
      before = (await db.query('SELECT count(*)::int AS n FROM passages'))[0].n;
      if (before < target) {
        log(`scale (${scratch.kind}): adding ${target - before} synthetic passages to ${before}`);
        let shown = 0;
        ingest = await addSyntheticPassages(db, {
          count: target - before,
          startAt: synthetic,
          pools,
          onProgress: (done) => {
            if (done - shown >= 50_000) {
              shown = done;
              log(`  … ${done} added`);
            }
          },
        });
        synthetic += ingest.inserted;
        log(`scale (${scratch.kind}): ${ingest.inserted} passages in ${(ingest.ms / 1000).toFixed(1)} s (${ingest.passagesPerSecond}/s)`);
      }
      const analyzeStarted = performance.now();
      await db.query('ANALYZE passages');
      const analyzeMs = Math.round(performance.now() - analyzeStarted);
      // The frequent-term table, rebuilt as an import rebuilds it (server/migrations/0004_term_top.sql).
      const { refreshTermTable } = require(path.join(repoRoot, 'server', 'dist', 'passages', 'term-table.js'));
      const refreshStarted = performance.now();
      await refreshTermTable(db);
      const termTableMs = Math.round(performance.now() - refreshStarted);
      log(`scale (${scratch.kind}): frequent-term table rebuilt in ${(termTableMs / 1000).toFixed(1)} s`);
      const rows = await db.query(
        `SELECT count(*)::int AS passages, pg_total_relation_size('passages')::float8 AS passages_bytes,
                pg_database_size(current_database())::float8 AS database_bytes FROM passages`,
      );
      sizes = { ...rows[0], analyzeMs, termTableMs };
    } finally {
      await db.close();
    }
    // The response cache off: every request is computed, as the figures mean (docs/performance.md).
    const server = await startServer(scratch, { name: `scale-${target}`, env: { SEARCH_CACHE: 'off' } });
    try {
      const afterStart = server.memory();
      const search = await searchLatencies(server.url, reps);
      const ask = await askLatencies(server.url, reps);
      const afterSearch = server.memory();
      const step = {
        target,
        passages: sizes.passages,
        syntheticPassages: synthetic,
        ingest: ingest ?? { inserted: 0, note: `the database already held ${before} passages` },
        analyzeMs: sizes.analyzeMs,
        termTableMs: sizes.termTableMs,
        passagesBytes: sizes.passages_bytes,
        databaseBytes: scratch.kind === 'pglite' ? sizes.database_bytes : null,
        dataDirBytes: scratch.kind === 'pglite' ? folderSize(scratch.dataDir) : null,
        startMs: server.startMs,
        rssBytes: { afterStart: afterStart.rss, afterSearch: afterSearch.rss, peak: afterSearch.peak },
        search,
        ask,
      };
      results.push(step);
      log(
        `scale (${scratch.kind}) ${sizes.passages} passages: ` +
          Object.entries(search)
            .map(([k, v]) => `${k} p50 ${v.p50Ms} / p95 ${v.p95Ms} ms`)
            .join(', ') +
          `; ask p50 ${ask.p50Ms} / p95 ${ask.p95Ms} / max ${ask.maxMs} ms` +
          `; RSS ${Math.round((afterSearch.rss ?? 0) / 1048576)} MB`,
      );
    } finally {
      await server.stop();
    }
  }
  return results;
}
