// /healthz latency while the embedded database runs a costly query in a loop, with PGlite in
// the server's worker thread (`worker`, the server's way) or on the HTTP event loop
// (`inline`, the way before issue 20). The costly query is synthetic and CPU-bound (a count over
// generated rows), so no corpus is needed. Needs `npm run build -w server` first.
//
//   node bench/event-loop.mjs worker|inline [--rows=2000000] [--probes=40]
//
// Prints one JSON line: the mode, the costly query's mean duration and /healthz's latencies (ms).
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'dist');
const { openPGliteWorker } = require(path.join(dist, 'db', 'pglite-worker.js'));
const { openPGlite } = require(path.join(dist, 'db', 'pglite.js'));
const { createApp } = require(path.join(dist, 'app.js'));
const { loadConfig } = require(path.join(dist, 'config.js'));
const { createLogger } = require(path.join(dist, 'logger.js'));

const mode = process.argv[2];
if (mode !== 'worker' && mode !== 'inline') {
  process.stderr.write('usage: node bench/event-loop.mjs worker|inline [--rows=N] [--probes=N]\n');
  process.exit(2);
}
const option = (name, fallback) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.slice(name.length + 3)) : fallback;
};
const rows = option('rows', 2_000_000);
const probes = option('probes', 40);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-event-loop-'));
const db = mode === 'worker' ? await openPGliteWorker(undefined) : await openPGlite(undefined);
const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_ORIGIN: 'http://localhost:3000' });
const app = createApp({ config, db, logger: createLogger('silent') });
const server = http.createServer(app);
await new Promise((resolve) => server.listen(0, resolve));
const port = server.address().port;
const agent = new http.Agent({ keepAlive: true });

let running = true;
const costly = [];
const loop = (async () => {
  while (running) {
    const started = performance.now();
    await db.query(`SELECT count(*)::int AS n FROM generate_series(1, ${rows})`);
    costly.push(performance.now() - started);
    // Searches arrive through HTTP: let other events run between two of them (in-thread PGlite
    // can answer within microtasks alone, which would starve the event loop for good).
    await new Promise((resolve) => setImmediate(resolve));
  }
})();

const get = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get({ port, path: '/healthz', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });

const latencies = [];
for (let i = 0; i < probes; i++) {
  latencies.push(await get());
  await new Promise((resolve) => setTimeout(resolve, 50));
}
running = false;
await loop;
latencies.sort((a, b) => a - b);
const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
const mean = costly.reduce((a, b) => a + b, 0) / Math.max(1, costly.length);
process.stdout.write(
  `${JSON.stringify({ mode, rows, costlyQueries: costly.length, costlyMeanMs: Math.round(mean), healthz: { p50: at(0.5), p95: at(0.95), max: Math.round(latencies.at(-1)) }, loadavg: os.loadavg().map((l) => l.toFixed(1)) })}\n`,
);
server.close();
agent.destroy();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
