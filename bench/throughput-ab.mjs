/**
 * `node bench/throughput-ab.mjs --data-dir=DIR --dist-b=PATH [--pairs=2] [--seconds=10]` (`--help`)
 *
 * The throughput part of the bench (bench/throughput.mjs: search and ask at 10 connections,
 * the popular mix with the cache on, then the cache off) against two builds of the server in
 * turn — A = server/dist, B = another build (a copy of server/dist made before a change) — on
 * the same loaded data folder, A B A B …, each part on a server started afresh, so both builds
 * face the same machine load as nearly as it can be had. Prints JSON: per run, the build, the
 * load average at its start, and each figure; then the medians per build and A ÷ B pair by pair.
 */
import os from 'node:os';
import path from 'node:path';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { measureCacheOff, measurePopularMix } from './throughput.mjs';
import { startBuildOverData } from './lib/server.mjs';
import { log, median, repoRoot } from './lib/util.mjs';

const USAGE = `Usage: node bench/throughput-ab.mjs --data-dir=DIR --dist-b=PATH [--pairs=2] [--seconds=10]

  --data-dir  a DATA_DIR the server loaded, not in use
  --dist-b    build B: a folder like server/dist (inside server/, so ../worker resolves)
  --pairs     A/B pairs (default 2); --seconds: each measurement (default 10, after a 3 s warm-up)`;
const { values } = readCommandLine({
  tool: 'throughput-ab',
  usage: USAGE,
  options: { 'data-dir': { type: 'string' }, 'dist-b': { type: 'string' }, pairs: { type: 'string' }, seconds: { type: 'string' } },
});
if (!values['data-dir'] || !values['dist-b']) usageError('throughput-ab', USAGE, '--data-dir and --dist-b are required');


const plan = { durationS: Number(values.seconds ?? 10), warmupS: 3, connections: 10 };
const builds = { A: path.join(repoRoot, 'server', 'dist'), B: path.resolve(values['dist-b']) };
const runs = [];
for (let pair = 0; pair < Number(values.pairs ?? 2); pair += 1) {
  for (const [name, dist] of Object.entries(builds)) {
    const load = os.loadavg()[0];
    const figures = {};
    for (const cache of [true, false]) {
      const server = await startBuildOverData(dist, { dataDir: values['data-dir'], cache });
      try {
        const r = cache ? await measurePopularMix(server.url, plan) : await measureCacheOff(server.url, plan);
        for (const what of ['search', 'ask']) {
          figures[`${what}${cache ? 'Mix' : 'Off'}`] = { rps: r[what].rps, p50Ms: r[what].p50Ms, p95Ms: r[what].p95Ms, statuses: r[what].statuses };
        }
      } finally {
        await server.stop();
      }
    }
    runs.push({ build: name, pair, loadAverage: Math.round(load * 10) / 10, ...figures });
    log(`${name}: ${JSON.stringify(figures)} (load ${load.toFixed(1)})`);
  }
}
const keys = ['searchMix', 'askMix', 'searchOff', 'askOff'];
const medians = {};
for (const name of Object.keys(builds)) {
  const mine = runs.filter((r) => r.build === name);
  medians[name] = Object.fromEntries(keys.map((k) => [k, { rps: median(mine.map((r) => r[k].rps)), p95Ms: median(mine.map((r) => r[k].p95Ms)) }]));
}
const ratios = Object.fromEntries(
  keys.map((k) => [
    k,
    runs
      .filter((r) => r.build === 'A')
      .map((a) => {
        const b = runs.find((r) => r.build === 'B' && r.pair === a.pair);
        return b ? Math.round((a[k].rps / b[k].rps) * 100) / 100 : null;
      }),
  ]),
);
process.stdout.write(`${JSON.stringify({ runs, medians, ratiosAoverB: ratios }, null, 2)}\n`);
