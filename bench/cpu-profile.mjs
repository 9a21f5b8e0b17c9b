/**
 * `node bench/cpu-profile.mjs FILE.cpuprofile [--top=N]` (`--help`: usage)
 *
 * Where a CPU profile's time went, for docs/performance.md: a `.cpuprofile` written by
 * `node --cpu-prof` (the server writes one per thread: the main thread and the database's
 * worker). Prints the profile's length, then the top N (default 20) by self time per package or
 * file, by self time per function, and by inclusive time per function (a function's time with
 * everything it called; recursion counted once). Times are ms of samples, shares of the whole
 * profile, idle included.
 */
import fs from 'node:fs';
import { readCommandLine, usageError } from '../tooling/cli.mjs';

const USAGE = `Usage: node bench/cpu-profile.mjs FILE.cpuprofile [--top=N]

  FILE   a profile written by node --cpu-prof (e.g. node --cpu-prof --cpu-prof-dir=DIR server/dist/main.js)
  --top  lines per table (default 20)`;
const { values, positionals } = readCommandLine({ tool: 'cpu-profile', usage: USAGE, options: { top: { type: 'string' } }, allowPositionals: true });
if (positionals.length !== 1) usageError('cpu-profile', USAGE, 'give one .cpuprofile file');
const top = Number(values.top ?? 20);

const profile = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
/** µs of samples per node. */
const sampled = new Map();
profile.samples.forEach((id, i) => sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...sampled.values()].reduce((a, b) => a + b, 0);

const where = (n) => n.callFrame.url.split('/').slice(-3).join('/');
const fn = (n) => `${n.callFrame.functionName || '(anonymous)'} ${where(n)}:${n.callFrame.lineNumber}`;
const file = (n) => {
  const url = n.callFrame.url;
  if (!url) return n.callFrame.functionName;
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  return pkg ? pkg[1] : url.split('/').slice(-2).join('/');
};
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
const selfFile = new Map();
const selfFn = new Map();
const inclusive = new Map();
for (const [id, us] of sampled) {
  const n = nodes.get(id);
  add(selfFile, file(n), us);
  add(selfFn, fn(n), us);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const key = fn(nodes.get(at));
    if (seen.has(key)) continue;
    add(inclusive, key, us);
    seen.add(key);
  }
}
const table = (title, map) =>
  [`--- ${title}`, ...[...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)].join('\n');
process.stdout.write(
  [`${(total / 1e6).toFixed(1)} s of samples`, table('self time by package or file', selfFile), table('self time by function', selfFn), table('inclusive time by function', inclusive)].join('\n') + '\n',
);
