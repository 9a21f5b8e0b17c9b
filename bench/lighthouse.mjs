/**
 * `node bench/lighthouse.mjs [--web-root-b=DIR] [--runs=5] [--pages=/,/knowledge,/chat]` (`--help`)
 *
 * Lighthouse 12 (`npx -y lighthouse@12`: default mobile settings, simulated slow 4G and a 4× CPU
 * slowdown; 13 needs Node 22) on the pages issue 21 gates. A = this checkout's builds; B, with
 * `--web-root-b`, another web root laid out the same way (as bench/pages-ab.mjs takes it). Each
 * build is served by its own server/dist/main.js over its own scratch database, with the bench's
 * rate limits. For each run and page, one Lighthouse run per build in turn, the order rotating
 * from run to run, so a change in the machine's speed falls on both builds alike.
 *
 * Prints each run (performance and accessibility scores, total blocking time in ms, CLS,
 * Lighthouse's `benchmarkIndex` for the machine's speed at that moment), then per page and
 * build the medians. Writes the whole as JSON to `bench-results/lighthouse-<date>.json`.
 * Not part of `npm run bench` or CI: the scores need an idle machine (Lighthouse asks for a
 * `benchmarkIndex` of about 1,000 or more, and they drop with it).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { createScratch, startServer } from './lib/server.mjs';
import { log, median, repoRoot, round } from './lib/util.mjs';
import { chromiumPath } from './pages.mjs';

const USAGE = `Usage: node bench/lighthouse.mjs [--web-root-b=DIR] [--runs=5] [--pages=/,/knowledge,/chat]

  --web-root-b  build B: a folder holding shell/dist and remote-{knowledge,assistant,forms}/dist
  --runs        Lighthouse runs per build and page (default 5)
  --pages       paths to audit (default /,/knowledge,/chat)`;
const { values } = readCommandLine({
  tool: 'lighthouse',
  usage: USAGE,
  options: { 'web-root-b': { type: 'string' }, runs: { type: 'string' }, pages: { type: 'string' } },
});
const runs = Number(values.runs ?? 5);
if (!Number.isInteger(runs) || runs < 1) usageError('lighthouse', USAGE, '--runs takes a whole number of at least 1');
const pages = (values.pages ?? '/,/knowledge,/chat').split(',');
for (const p of pages) if (!p.startsWith('/')) usageError('lighthouse', USAGE, `a page is a path starting with /, not "${p}"`);
const webRootB = values['web-root-b'] ? path.resolve(values['web-root-b']) : undefined;
if (webRootB && !fs.existsSync(path.join(webRootB, 'shell', 'dist', 'index.html'))) {
  usageError('lighthouse', USAGE, `${webRootB}/shell/dist/index.html does not exist`);
}
const chrome = chromiumPath();
if (!chrome) usageError('lighthouse', USAGE, 'no Chromium found (set CHROMIUM_PATH)');

const run = promisify(execFile);

/** Lighthouse runs tried per measurement: a run that fails to record its trace (NO_NAVSTART) is run again. */
const ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`, tried up to {@link ATTEMPTS} times while Lighthouse itself fails.
 * @returns {Promise<{ performance: number, accessibility: number, lcpMs: number, tbtMs: number, cls: number, benchmarkIndex: number, error: string | null }>}
 */
async function audit(url, outFile) {
  let failure;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      return await auditOnce(url, outFile);
    } catch (error) {
      failure = String(error.stderr || error.message).trim().split('\n').pop();
      log(`Lighthouse failed on ${url} (attempt ${attempt} of ${ATTEMPTS}): ${failure}`);
    }
  }
  return { performance: NaN, accessibility: NaN, lcpMs: NaN, tbtMs: NaN, cls: NaN, benchmarkIndex: NaN, error: failure ?? 'failed' };
}

async function auditOnce(url, outFile) {
  await run(
    'npx',
    ['-y', 'lighthouse@12', url, '--chrome-flags=--headless --no-sandbox --disable-gpu', '--only-categories=performance,accessibility', '--output=json', `--output-path=${outFile}`, '--quiet'],
    { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
  );
  const report = JSON.parse(fs.readFileSync(outFile, 'utf8'));
  const score = (category) => (report.categories[category]?.score == null ? NaN : Math.round(report.categories[category].score * 100));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: round(report.audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: round(report.audits['total-blocking-time']?.numericValue ?? NaN),
    cls: round(report.audits['cumulative-layout-shift']?.numericValue ?? NaN, 3),
    benchmarkIndex: round(report.environment?.benchmarkIndex ?? NaN, 0),
    error: report.runtimeError?.code ?? null,
  };
}

const disposers = [];
try {
  const roots = { A: repoRoot, ...(webRootB ? { B: webRootB } : {}) };
  const servers = {};
  for (const [name, webRoot] of Object.entries(roots)) {
    const scratch = await createScratch({ label: `lighthouse-${name}` });
    disposers.push(scratch.dispose);
    servers[name] = await startServer(scratch, { name, webRoot });
    disposers.push(() => servers[name].stop());
  }
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-lighthouse-'));
  disposers.push(async () => fs.rmSync(reports, { recursive: true, force: true }));
  const names = Object.keys(servers);
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    for (const page of pages) {
      for (const name of names.map((_, k) => names[(k + i) % names.length])) {
        const r = await audit(`${servers[name].url}${page}`, path.join(reports, `${name}-${i}.json`));
        results.push({ run: i, page, build: name, ...r });
        log(`run ${i + 1} ${page} ${name}: performance ${r.performance}, accessibility ${r.accessibility}, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls}, benchmarkIndex ${r.benchmarkIndex}${r.error ? `, error ${r.error}` : ''}`);
      }
    }
  }
  const summary = [];
  for (const page of pages) {
    for (const name of names) {
      const mine = results.filter((r) => r.page === page && r.build === name && r.error === null);
      const of = (key) => median(mine.map((r) => r[key]));
      summary.push({ page, build: name, runs: mine.length, performance: of('performance'), accessibility: Math.min(...mine.map((r) => r.accessibility)), lcpMs: of('lcpMs'), tbtMs: of('tbtMs'), cls: Math.max(...mine.map((r) => r.cls)) });
    }
  }
  const indexes = results.map((r) => r.benchmarkIndex).filter(Number.isFinite);
  const date = new Date().toISOString();
  const out = { date, webRoots: roots, runs, benchmarkIndex: { min: Math.min(...indexes), max: Math.max(...indexes) }, summary, results };
  const dir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
  process.stdout.write('page         build  runs  performance (median)  accessibility (lowest)  LCP ms (median)  TBT ms (median)  CLS (highest)\n');
  for (const s of summary) {
    process.stdout.write(`${s.page.padEnd(12)} ${s.build.padEnd(6)} ${String(s.runs).padStart(4)}  ${String(s.performance).padStart(20)}  ${String(s.accessibility).padStart(22)}  ${String(s.lcpMs).padStart(15)}  ${String(s.tbtMs).padStart(15)}  ${String(s.cls).padStart(13)}\n`);
  }
  log(`benchmarkIndex ${out.benchmarkIndex.min}–${out.benchmarkIndex.max}; wrote ${path.relative(repoRoot, file)}`);
} finally {
  for (const dispose of disposers.reverse()) await dispose().catch((e) => log(`cleanup failed: ${e.message}`));
}
