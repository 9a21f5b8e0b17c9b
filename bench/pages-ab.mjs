/**
 * `node bench/pages-ab.mjs --web-root-b=DIR [--runs=3] [--profiles=local,slow-4g] [--pages=/,/chat]` (`--help`)
 *
 * bench/pages.mjs's cold loads against three builds of the front end, interleaved: for each
 * run, page and profile, one load from each build in turn (the order rotating from run to
 * run), so a change of the machine's load falls on all three alike. A = this checkout's
 * builds (`shell/dist`, `remote-*\/dist`); B = another web root laid out the same way (e.g. a
 * copy of those four folders made before a change); M = the monolith built from this
 * checkout (bench/monolith). Each build is served by its own server/dist/main.js over its
 * own scratch database. Prints per load the remote-visible time and the load average, then
 * per page and profile the medians and the ratios A ÷ M and B ÷ M; writes the whole as JSON
 * to bench-results/pages-ab-<date>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { buildMonolith, monolithWebRoot } from './lib/builds.mjs';
import { createScratch, startServer } from './lib/server.mjs';
import { log, median, ratio, repoRoot, round } from './lib/util.mjs';
import { PAGES, PROFILES, launchBrowser, loadOnce } from './pages.mjs';

const USAGE = `Usage: node bench/pages-ab.mjs --web-root-b=DIR [--runs=3] [--profiles=local,slow-4g] [--pages=/,/knowledge,/contact,/chat]

  --web-root-b  build B: a folder holding shell/dist and remote-{knowledge,assistant,forms}/dist
  --runs        cold loads per build, page and profile (default 3)
  --profiles    network profiles of bench/pages.mjs (default both)
  --pages       paths of bench/pages.mjs's PAGES (default all four)`;
const { values } = readCommandLine({
  tool: 'pages-ab',
  usage: USAGE,
  options: { 'web-root-b': { type: 'string' }, runs: { type: 'string' }, profiles: { type: 'string' }, pages: { type: 'string' } },
});
if (!values['web-root-b']) usageError('pages-ab', USAGE, '--web-root-b is required');
const webRootB = path.resolve(values['web-root-b']);
if (!fs.existsSync(path.join(webRootB, 'shell', 'dist', 'index.html'))) usageError('pages-ab', USAGE, `${webRootB}/shell/dist/index.html does not exist`);
const runs = Number(values.runs ?? 3);
const profiles = (values.profiles ?? 'local,slow-4g').split(',');
for (const p of profiles) if (!(p in PROFILES)) usageError('pages-ab', USAGE, `unknown profile "${p}"`);
const pages = values.pages ? values.pages.split(',').map((p) => PAGES.find((page) => page.path === p) ?? usageError('pages-ab', USAGE, `unknown page "${p}"`)) : PAGES;

const load1 = () => round(os.loadavg()[0], 2);
const disposers = [];
const servers = {};
let browser;
try {
  const monolith = await createScratch({ label: 'ab-monolith' });
  disposers.push(monolith.dispose);
  const buildMs = await buildMonolith(path.join(monolith.dir, 'monolith'));
  log(`monolith built in ${buildMs} ms`);
  const roots = { A: repoRoot, B: webRootB, M: monolithWebRoot(path.join(monolith.dir, 'monolith')) };
  // The three first starts (each loads the corpus) run side by side.
  await Promise.all(
    Object.entries(roots).map(async ([name, webRoot]) => {
      const scratch = name === 'M' ? monolith : await createScratch({ label: `ab-${name}` });
      if (name !== 'M') disposers.push(scratch.dispose);
      servers[name] = await startServer(scratch, { name, webRoot });
      disposers.push(() => servers[name].stop());
    }),
  );
  browser = await launchBrowser();
  const loads = [];
  const names = ['A', 'B', 'M'];
  for (let run = 0; run < runs; run += 1) {
    const order = names.map((_, i) => names[(i + run) % names.length]);
    for (const profile of profiles) {
      for (const page of pages) {
        for (const name of order) {
          const load = load1();
          const r = await loadOnce(browser, `${servers[name].url}${page.path}`, page, PROFILES[profile]);
          loads.push({ run, profile, page: page.path, build: name, loadAverage: load, remoteVisibleMs: round(r.remoteVisibleMs), jsBytes: r.jsBytes, requests: r.requests, errors: r.errors });
          log(`run ${run + 1} ${profile} ${page.path} ${name}: remote visible ${round(r.remoteVisibleMs)} ms, JS ${r.jsBytes} B, ${r.requests} requests (load ${load})`);
        }
      }
    }
  }
  const summary = [];
  for (const profile of profiles) {
    for (const page of pages) {
      const of = (name, key) => median(loads.filter((l) => l.profile === profile && l.page === page.path && l.build === name).map((l) => l[key]));
      const row = { profile, page: page.path };
      for (const name of names) row[name] = { remoteVisibleMs: round(of(name, 'remoteVisibleMs')), jsBytes: of(name, 'jsBytes'), requests: of(name, 'requests') };
      row.ratioA = ratio(row.A.remoteVisibleMs, row.M.remoteVisibleMs);
      row.ratioB = ratio(row.B.remoteVisibleMs, row.M.remoteVisibleMs);
      summary.push(row);
    }
  }
  const date = new Date().toISOString();
  const out = { date, webRoots: roots, runs, loadAverage: { first: loads[0]?.loadAverage, last: loads.at(-1)?.loadAverage }, summary, loads };
  const dir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pages-ab-${date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
  fs.writeFileSync(file, JSON.stringify(out, null, 2) + '\n');
  process.stdout.write('profile  page        A ms (÷M)        B ms (÷M)        M ms   JS KB A/B/M\n');
  for (const r of summary) {
    const kbs = names.map((n) => (r[n].jsBytes / 1024).toFixed(0)).join('/');
    process.stdout.write(`${r.profile.padEnd(8)} ${r.page.padEnd(11)} ${String(r.A.remoteVisibleMs).padStart(7)} (${r.ratioA})   ${String(r.B.remoteVisibleMs).padStart(7)} (${r.ratioB})   ${String(r.M.remoteVisibleMs).padStart(7)}   ${kbs}\n`);
  }
  log(`wrote ${path.relative(repoRoot, file)}; load average ${out.loadAverage.first} → ${out.loadAverage.last}`);
} finally {
  await browser?.close().catch(() => undefined);
  for (const dispose of disposers.reverse()) await dispose().catch((e) => log(`cleanup failed: ${e.message}`));
}
