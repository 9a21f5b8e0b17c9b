#!/usr/bin/env node
/**
 * Load time and memory of the shipped Turkish lexical tables, as the server pays them: the
 * first `turkishRoots` call (reads `server/data/lexicon/tr-roots.tsv`) and the first
 * `relatedTurkish` call (reads `tr-related.json`), then the mean time of a root lookup.
 *
 *   node --expose-gc server/scripts/measure-tr-lexicon.mjs [--runs 3]
 *
 * No build needed: the loaders' TypeScript is compiled into a scratch folder with @swc/core
 * (a dev dependency), the way jest runs them. Prints one JSON object per run: wall and CPU
 * milliseconds (CPU time is the steadier figure on a busy machine), and megabytes of resident
 * memory (RSS) and JS heap added, measured after a full GC (the first run is the server's
 * case; later runs reuse memory the earlier ones freed).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, help: { type: 'boolean', short: 'h', default: false } },
});
if (args.help) {
  console.log('Usage: node --expose-gc server/scripts/measure-tr-lexicon.mjs [--runs 3]');
  process.exit(0);
}
if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const swc = require('@swc/core');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-lexicon-'));
for (const file of ['corpus/normalize.ts', 'lexicon/turkish-roots.ts', 'lexicon/turkish-related.ts']) {
  const { code } = swc.transformSync(fs.readFileSync(path.join(root, 'server', 'src', file), 'utf8'), {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  fs.mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
  fs.writeFileSync(path.join(scratch, file.replace(/\.ts$/, '.js')), code);
}
const lexicon = path.join(root, 'server', 'data', 'lexicon');
const MB = (bytes) => Math.round(bytes / 1e5) / 10;
const memory = () => {
  globalThis.gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};

for (let run = 0; run < Number(args.runs); run++) {
  for (const id of Object.keys(require.cache)) if (id.startsWith(scratch)) delete require.cache[id];
  const { foldTurkish } = require(path.join(scratch, 'corpus', 'normalize.js'));
  const { turkishRoots } = require(path.join(scratch, 'lexicon', 'turkish-roots.js'));
  const { relatedTurkish } = require(path.join(scratch, 'lexicon', 'turkish-related.js'));
  foldTurkish('Işık'); // the Turkish locale's first use is not the tables' cost
  const before = memory();
  let t = performance.now();
  let cpu = process.cpuUsage();
  turkishRoots('çalındı', path.join(lexicon, 'tr-roots.tsv'));
  const rootsMs = performance.now() - t;
  const rootsCpu = process.cpuUsage(cpu);
  const afterRoots = memory();
  t = performance.now();
  cpu = process.cpuUsage();
  relatedTurkish('yalan', path.join(lexicon, 'tr-related.json'));
  const relatedMs = performance.now() - t;
  const relatedCpu = process.cpuUsage(cpu);
  const after = memory();
  t = performance.now();
  for (let i = 0; i < 100_000; i++) turkishRoots(i % 2 ? 'misafirlerimize' : 'kalblerini', path.join(lexicon, 'tr-roots.tsv'));
  const lookupUs = ((performance.now() - t) / 100_000) * 1000;
  console.log(
    JSON.stringify({
      rootsLoadMs: Math.round(rootsMs),
      relatedLoadMs: Math.round(relatedMs),
      rootsLoadCpuMs: Math.round((rootsCpu.user + rootsCpu.system) / 1000),
      relatedLoadCpuMs: Math.round((relatedCpu.user + relatedCpu.system) / 1000),
      rootsRssMB: MB(afterRoots.rss - before.rss),
      rootsHeapMB: MB(afterRoots.heap - before.heap),
      relatedRssMB: MB(after.rss - afterRoots.rss),
      relatedHeapMB: MB(after.heap - afterRoots.heap),
      rootLookupMicroseconds: Math.round(lookupUs * 10) / 10,
    }),
  );
}
fs.rmSync(scratch, { recursive: true, force: true });
