#!/usr/bin/env node
/**
 * Where a first start's time goes, phase by phase, on the embedded database (PGlite in a fresh
 * data folder) or on PostgreSQL (`--postgres URL`: a fresh schema, dropped afterwards):
 * opening the database (initdb for PGlite), migrations, reading the shipped corpus and
 * computing its index forms (`read`), each import's inserts (`insert:<id>`), the frequent-term
 * table (`terms`), `VACUUM (ANALYZE)` (`vacuum`) and the search warm-up. Then a restart: close,
 * reopen the same folder, migrations and loader again (they find everything done).
 *
 *   npm run build -w @kb/contracts && (cd server && npx tsc -p tsconfig.build.json)
 *   node server/scripts/measure-first-start.mjs [--runs 3] [--postgres postgres://…] [--dist server/dist]
 *
 * Prints one JSON object per run (ms per phase, the 1-minute load average before and after, a
 * fingerprint of what the load wrote: compare it between builds), then the median of each phase. The machine is shared: compare medians taken in one sitting.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    postgres: { type: 'string' },
    dist: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log('Usage: node server/scripts/measure-first-start.mjs [--runs 3] [--postgres URL] [--dist DIR]');
  process.exit(0);
}
const require = createRequire(import.meta.url);
// `--dist`: another build of the server (a copy of server/dist made before a change), to compare.
const dist = path.resolve(args.dist ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'dist'));
if (!fs.existsSync(path.join(dist, 'corpus', 'service.js'))) {
  console.error('build the server first: (cd server && npx tsc -p tsconfig.build.json)');
  process.exit(1);
}
const { openPGlite } = require(path.join(dist, 'db', 'pglite.js'));
const { openPostgres } = require(path.join(dist, 'db', 'postgres.js'));
const { migrate } = require(path.join(dist, 'db', 'migrate.js'));
const { loadCorpus } = require(path.join(dist, 'corpus', 'service.js'));
const { warmUpSearch } = require(path.join(dist, 'search', 'service.js'));
// The fingerprint is this build's (server/dist), whichever build is measured: one definition to compare with.
const { corpusFingerprint } = require(path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist', 'passages', 'corpus.js'));

/** Opens a fresh database; returns it with a function reopening the same one (a restart). */
async function fresh() {
  if (args.postgres) {
    const schema = `kb_measure_${crypto.randomBytes(4).toString('hex')}`;
    const admin = openPostgres({ connectionString: args.postgres, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const open = () => openPostgres({ connectionString: args.postgres, schema, max: 4 });
    const cleanup = async () => {
      const a = openPostgres({ connectionString: args.postgres, max: 1 });
      await a.exec(`DROP SCHEMA ${schema} CASCADE`);
      await a.close();
    };
    return { open: async () => open(), cleanup };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-first-start-'));
  return {
    open: () => openPGlite(path.join(dir, 'pgdata')),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function start(open, phases) {
  let t = performance.now();
  const lap = (name) => {
    const now = performance.now();
    phases[name] = Math.round(now - t);
    t = now;
  };
  const db = await open();
  lap('open');
  await migrate(db);
  lap('migrate');
  await loadCorpus(db, { onPhase: (name, ms) => (phases[name] = ms) });
  t = performance.now();
  await warmUpSearch(db);
  lap('warmUp');
  return db;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
for (let run = 0; run < Number(args.runs); run++) {
  const { open, cleanup } = await fresh();
  const load = os.loadavg()[0];
  const first = {};
  const t0 = performance.now();
  let db = await start(open, first);
  first.total = Math.round(performance.now() - t0);
  const check = await corpusFingerprint(db);
  await db.close();
  const restart = {};
  const t1 = performance.now();
  db = await start(open, restart);
  restart.total = Math.round(performance.now() - t1);
  await db.close();
  await cleanup();
  const result = { run: run + 1, backend: args.postgres ? 'postgres' : 'pglite', loadBefore: load, loadAfter: os.loadavg()[0], first, restart, fingerprint: check };
  results.push(result);
  console.log(JSON.stringify(result));
}
const summary = {};
for (const kind of ['first', 'restart']) {
  summary[kind] = {};
  for (const name of Object.keys(results[0][kind])) summary[kind][name] = median(results.map((r) => r[kind][name] ?? 0));
}
const same = results.every((r) => JSON.stringify(r.fingerprint) === JSON.stringify(results[0].fingerprint));
console.log(JSON.stringify({ median: summary, load: results.map((r) => [r.loadBefore, r.loadAfter]), sameFingerprint: same }));
