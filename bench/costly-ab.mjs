/**
 * `node bench/costly-ab.mjs --data-dir=DIR --dist-b=PATH [--pairs=3] [--seconds=30]` (`--help`)
 *
 * The costly set's load phase (bench/costly.mjs) against two builds of the server in turn —
 * A = server/dist, B = another build (a copy of server/dist made before a change) — on the same
 * loaded data folder, A B A B …, each time on a server started afresh with `SEARCH_CACHE=off`
 * and the bench's rate limits. One fixed costly set (the ten of the first full run in
 * docs/performance.md) so both face the same queries. Prints JSON: per run, the build, the load
 * average, and the eleventh client's, `/healthz`'s and the static file's figures; then the
 * medians per build.
 */
import os from 'node:os';
import path from 'node:path';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { measureCostly } from './costly.mjs';
import { startBuildOverData } from './lib/server.mjs';
import { log, median, repoRoot } from './lib/util.mjs';

const USAGE = `Usage: node bench/costly-ab.mjs --data-dir=DIR --dist-b=PATH [--pairs=3] [--seconds=30]

  --data-dir  a DATA_DIR the server loaded, not in use
  --dist-b    build B: a folder like server/dist (inside server/, so ../worker resolves)
  --pairs     A/B pairs (default 3); --seconds: load phase per run (default 30)`;
const { values } = readCommandLine({
  tool: 'costly-ab',
  usage: USAGE,
  options: { 'data-dir': { type: 'string' }, 'dist-b': { type: 'string' }, pairs: { type: 'string' }, seconds: { type: 'string' } },
});
if (!values['data-dir'] || !values['dist-b']) usageError('costly-ab', USAGE, '--data-dir and --dist-b are required');

/** The costly set of run B in docs/performance.md. */
const COSTLY_SET = [
  { question: 'Tövbe eden kişinin durumu nedir?', lang: 'tr' },
  { q: 'mercy', lang: 'en' },
  { q: 'Why do believers pray at night?', lang: 'en' },
  { q: 'paradise', lang: 'en' },
  { q: 'What is the reward for giving charity?', lang: 'en' },
  { q: 'Who will enter paradise?', lang: 'en' },
  { q: 'What does the Quran say about patience in hardship?', lang: 'en' },
  { q: 'Cennete kimler girecek?', lang: 'tr' },
  { q: 'Kuran sabır hakkında ne diyor?', lang: 'tr' },
  { q: 'light', lang: 'en' },
];


const builds = { A: path.join(repoRoot, 'server', 'dist'), B: path.resolve(values['dist-b']) };
const runs = [];
for (let pair = 0; pair < Number(values.pairs ?? 3); pair += 1) {
  for (const [name, dist] of Object.entries(builds)) {
    const server = await startBuildOverData(dist, { dataDir: values['data-dir'], cache: false });
    try {
      const load = os.loadavg()[0];
      const r = await measureCostly(server.url, { reps: 1, idleS: 0, durationS: Number(values.seconds ?? 30), costlySet: COSTLY_SET });
      runs.push({ build: name, loadAverage: Math.round(load * 10) / 10, plainSearch: r.load.plainSearch, healthz: r.load.healthz, staticAsset: r.load.staticAsset, costlyClients: r.costlyClients });
      log(`${name}: plain search p50 ${r.load.plainSearch.p50Ms} / p95 ${r.load.plainSearch.p95Ms} ms, /healthz p99 ${r.load.healthz.p99Ms} ms (load ${load.toFixed(1)})`);
    } finally {
      await server.stop();
    }
  }
}
const medians = {};
for (const name of Object.keys(builds)) {
  const mine = runs.filter((r) => r.build === name);
  medians[name] = {
    plainSearchP50Ms: median(mine.map((r) => r.plainSearch.p50Ms)),
    plainSearchP95Ms: median(mine.map((r) => r.plainSearch.p95Ms)),
    plainSearchResponses: median(mine.map((r) => r.plainSearch.responses)),
    healthzP99Ms: median(mine.map((r) => r.healthz.p99Ms)),
    staticP99Ms: median(mine.map((r) => r.staticAsset.p99Ms)),
    costlyResponses: median(mine.map((r) => r.costlyClients.responses)),
  };
}
process.stdout.write(`${JSON.stringify({ runs, medians }, null, 2)}\n`);
