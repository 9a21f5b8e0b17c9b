/**
 * `node bench/term-table.mjs [--url=postgres://…] [--data-dir=…] [--target=400000] [--keep]` (`--help`: every option)
 *
 * Checks and times the frequent-term table (server/migrations/0004_term_top.sql) on a grown
 * corpus: builds a scratch database (a PGlite folder, or a schema `kb_termtable_<hex>` in
 * `--url`), loads the shipped corpus, adds synthetic passages up to `--target`
 * (bench/corpus/generate.mjs), times `refreshTermTable`, then for every bench query
 * (bench/lib/queries.mjs) and evaluation question (eval/dev.tsv, en/tr/ar), expanded with the
 * shipped concept glossary as the site does (`--no-expansion`: the words alone), compares the
 * search's first two pages and the ask ranking from the table's candidates with the full
 * ranking of every match, and times both. Prints JSON: refresh seconds, how the first pages
 * were ranked (`exact`, `approximate` from the candidates, `full`), how many first pages equal
 * the full ranking's and the share of its ten passages they show, pages that differ although
 * proven exact (must be none), the estimated totals' ratio to the exact ones, and per path
 * p50/p95/max ms of each query's fastest of `--reps` runs (default 3).
 * Uses server/dist (run `npm run build -w server` first).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { createScratch } from '../tooling/scratch.mjs';
import { addSyntheticPassages, clausePools } from './corpus/generate.mjs';
import { ASK_QUESTIONS, SEARCH_CLASSES } from './lib/queries.mjs';
import { log, median, quantile, repoRoot, round } from './lib/util.mjs';

const USAGE = `Usage: node bench/term-table.mjs [--url=postgres://…] [--data-dir=DIR] [--target=400000] [--reps=3] [--keep]
                                 [--no-refresh] [--no-expansion] [--schema=NAME]

  --url=URL         PostgreSQL instead of PGlite, in a scratch schema kb_termtable_<hex>
  --schema=NAME     with --url: use (or create) this schema instead
  --data-dir=DIR    PGlite in DIR (kept; a grown corpus is reused) instead of a scratch folder
  --target=N        grow the corpus to N passages (default 400000)
  --reps=N          runs per query; the fastest counts (default 3)
  --keep            keep the scratch folder or schema
  --no-refresh      do not rebuild the frequent-term table first
  --no-expansion    search the words alone, without the concept glossary's expansion`;
const { values: options } = readCommandLine({
  tool: 'term-table',
  usage: USAGE,
  options: {
    url: { type: 'string' },
    schema: { type: 'string' },
    'data-dir': { type: 'string' },
    target: { type: 'string' },
    reps: { type: 'string' },
    keep: { type: 'boolean' },
    'no-refresh': { type: 'boolean' },
    'no-expansion': { type: 'boolean' },
  },
});
for (const name of ['target', 'reps']) {
  if (options[name] !== undefined && !/^[1-9]\d*$/.test(options[name])) usageError('term-table', USAGE, `--${name} must be a whole number of at least 1`);
}
if (options.schema !== undefined && options.url === undefined) usageError('term-table', USAGE, '--schema goes with --url');

const require = createRequire(import.meta.url);
const dist = (file) => require(path.join(repoRoot, 'server', 'dist', file));

const { openDatabase } = dist('db/open.js');
const { migrate } = dist('db/migrate.js');
const { loadCorpus } = dist('corpus/service.js');
const { queryTerms } = dist('retrieval/query.js');
const { shippedExpansion } = dist('retrieval/expansion.js');
const ranking = dist('passages/ranking.js');
const { refreshTermTable } = dist('passages/term-table.js');

const target = Number(options.target ?? 400_000);
const url = options.url;
const keep = options.keep === true;
let dataDir = options['data-dir'];
/** A schema named with --schema: created if absent, dropped afterwards unless --keep. */
let schema;
let databaseUrl;
/** The scratch folder or schema made here (tooling/scratch.mjs), disposed afterwards unless --keep. */
let scratch;
if (url && options.schema) {
  const u = new URL(url);
  schema = options.schema;
  const admin = await openDatabase({ databaseUrl: url });
  await admin.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await admin.close();
  u.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = u.toString();
} else if (url || !dataDir) {
  scratch = await createScratch({ prefix: 'kb-termtable', keep, postgres: url ? { url, isolate: 'schema', schemaPrefix: 'kb_termtable' } : undefined });
  dataDir = scratch.dataDir;
  databaseUrl = scratch.databaseUrl;
}

function evalQuestions() {
  return fs
    .readFileSync(path.join(repoRoot, 'eval', 'dev.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .filter(([lang]) => ['en', 'tr', 'ar'].includes(lang))
    .map(([lang, , , q]) => ({ q, lang }));
}

const stats = (ms) => ({ p50: round(median(ms), 1), p95: round(quantile(ms, 0.95), 1), max: round(Math.max(...ms), 1) });

const db = await openDatabase({ dataDir, databaseUrl });
const out = { backend: url ? 'postgres' : 'pglite', target };
try {
  await migrate(db);
  const [{ n: before }] = await db.query('SELECT count(*)::int AS n FROM passages');
  if (before === 0) {
    log('loading the shipped corpus');
    await loadCorpus(db);
  }
  const [{ n: loaded }] = await db.query('SELECT count(*)::int AS n FROM passages');
  if (loaded < target) {
    log(`adding ${target - loaded} synthetic passages`);
    await addSyntheticPassages(db, { count: target - loaded, startAt: 0, pools: clausePools() });
    await db.query('ANALYZE passages');
  }
  if (!options['no-refresh']) {
    const started = performance.now();
    await refreshTermTable(db);
    out.refreshS = round((performance.now() - started) / 1000, 1);
  }
  const [table] = await db.query(
    `SELECT (SELECT count(*)::int FROM term_stats) AS lexemes, (SELECT count(*)::int FROM term_stats WHERE floor_rank IS NOT NULL) AS frequent,
            (SELECT count(*)::int FROM term_top) AS listed, pg_total_relation_size('term_top')::float8 AS top_bytes,
            pg_total_relation_size('term_stats')::float8 AS stats_bytes`,
  );
  out.table = table;
  log(`table: ${JSON.stringify(out)}`);
  const queries = [...Object.values(SEARCH_CLASSES).flat(), ...ASK_QUESTIONS.map((q) => ({ q: q.question, lang: q.lang })), ...evalQuestions()];
  const times = { auto: [], full: [], askAuto: [], askFull: [] };
  const expansion = options['no-expansion'] ? {} : shippedExpansion();
  /** Proven exact, yet different from the full ranking (a bug). */
  const differences = [];
  const firstPages = { exact: 0, approximate: 0, full: 0, identical: 0, shown: 0, agreeing: 0 };
  /** Estimated ÷ exact totals where they differ. */
  const totals = [];
  const summary = (p) => `${p.id} ${p.matchedCount} ${p.rank.toFixed(6)}`;
  const reps = Number(options.reps ?? 3);
  for (const { q, lang } of queries) {
    let terms = queryTerms(q, [lang], { prefixLast: true, ...expansion });
    if (terms.length === 0) terms = queryTerms(q, [lang], { keepStopwords: true, prefixLast: true });
    if (terms.length === 0) continue;
    const groups = [{ lang, terms }];
    for (const offset of [0, 10]) {
      let fast;
      let full;
      // Each query's fastest of `reps` runs: the machine's other work only ever adds time.
      let autoMs = Infinity;
      let fullMs = Infinity;
      for (let r = 0; r < reps; r += 1) {
        let t = performance.now();
        fast = await ranking.searchPassages(db, groups, undefined, { limit: 10, offset });
        autoMs = Math.min(autoMs, performance.now() - t);
        t = performance.now();
        full = await ranking.searchPassages(db, groups, undefined, { limit: 10, offset }, 'full');
        fullMs = Math.min(fullMs, performance.now() - t);
      }
      if (offset === 0 && process.env.DEBUG_SLOW && autoMs > Number(process.env.DEBUG_SLOW)) console.error(`slow ${Math.round(autoMs)} ms ${fast.path} ${lang} ${q}`);
      if (offset === 0) {
        times.auto.push(autoMs);
        times.full.push(fullMs);
      }
      const a = fast.passages.map(summary).join('\n');
      const b = full.passages.map(summary).join('\n');
      if (fast.path === 'exact' && a !== b) differences.push({ q, lang, offset });
      if (offset === 0) {
        firstPages[fast.path ?? 'full'] += 1;
        if (a === b) firstPages.identical += 1;
        const fullIds = new Set(full.passages.map((p) => p.id));
        firstPages.shown += full.passages.length;
        firstPages.agreeing += fast.passages.filter((p) => fullIds.has(p.id)).length;
      }
      if (fast.total !== full.total) totals.push(fast.total / full.total);
      if (process.env.DEBUG_TOTALS && fast.total / full.total > 2) console.error(`total ${lang} ${q} @${offset}: ${fast.total} vs ${full.total} (${fast.path})`);
    }
    const askTerms = queryTerms(q, [lang], expansion);
    if (askTerms.length === 0) continue;
    const weights = askTerms.map((_, i) => 1 + i / 10);
    const options = { weights, order: 'weight', limit: 30, offset: 0 };
    let fastAsk;
    let fullAsk;
    let askAutoMs = Infinity;
    let askFullMs = Infinity;
    for (let r = 0; r < reps; r += 1) {
      let t = performance.now();
      fastAsk = await ranking.rankPassages(db, askTerms, { lang, source: 'quran' }, options);
      askAutoMs = Math.min(askAutoMs, performance.now() - t);
      t = performance.now();
      fullAsk = await ranking.rankPassages(db, askTerms, { lang, source: 'quran' }, { ...options, strategy: 'full' });
      askFullMs = Math.min(askFullMs, performance.now() - t);
    }
    times.askAuto.push(askAutoMs);
    times.askFull.push(askFullMs);
    if (fastAsk.map(summary).join() !== fullAsk.map(summary).join()) differences.push({ q, lang, ask: true });
  }
  out.queries = queries.length;
  out.expansion = expansion.concepts !== undefined;
  out.firstPages = {
    exact: firstPages.exact,
    approximate: firstPages.approximate,
    full: firstPages.full,
    identicalToFull: firstPages.identical,
    shareOfFullTop10Shown: round(firstPages.agreeing / Math.max(firstPages.shown, 1), 3),
  };
  out.differences = differences;
  out.estimatedTotals = totals.length ? { count: totals.length, min: round(Math.min(...totals), 3), max: round(Math.max(...totals), 3) } : { count: 0 };
  out.searchMs = { auto: stats(times.auto), full: stats(times.full) };
  out.askRankMs = { auto: stats(times.askAuto), full: stats(times.askFull) };
} finally {
  await db.close();
  if (scratch) await scratch.dispose();
  else if (schema && !keep) {
    const admin = await openDatabase({ databaseUrl: url });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}
process.stdout.write(JSON.stringify(out, null, 2) + '\n');
