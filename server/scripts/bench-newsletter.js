#!/usr/bin/env node
/**
 * Sustained request rate of `POST /api/newsletter` (each request a new address, so each one
 * is an INSERT committed before the answer) against the built server (`npm run build -w server`
 * first), on this machine.
 *
 *   node server/scripts/bench-newsletter.js [--postgres postgres://…] [--seconds 10] [--connections 10]
 *
 * It starts `server/dist/main.js` on a free port with a scratch DATA_DIR (and, with
 * --postgres, in a scratch schema of that server, dropped afterwards), raises
 * RATE_LIMIT_FORMS_PER_MINUTE to 1,000,000 (stated in the output), warms up for 3 s, measures
 * for --seconds with autocannon, then checks through `npm run forms -- export` that every
 * acknowledged subscription is stored. Only 127.0.0.1 is contacted; the run is bounded in time.
 * Prints one JSON object.
 */
const { spawn, execFileSync } = require('node:child_process');
const nodeCrypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');

const RATE_LIMIT = 1_000_000;
const root = path.resolve(__dirname, '..', '..');
const main = path.join(root, 'server', 'dist', 'main.js');
const cli = path.join(root, 'server', 'dist', 'cli', 'forms.js');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server not ready in time');
}

async function psql(url, sql) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(url, seconds, connections, tag) {
  let n = 0;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/newsletter',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: `bench-${tag}-${n++}@example.org` }) }),
      },
    ],
  });
}

async function main_() {
  const seconds = Number(option('seconds', '10'));
  const connections = Number(option('connections', '10'));
  const postgres = option('postgres', undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-bench-'));
  if (fs.readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty`);
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    KNOWLEDGE_PORT: '0',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'error',
    RATE_LIMIT_FORMS_PER_MINUTE: String(RATE_LIMIT),
  };
  delete env.DATABASE_URL;
  let schema;
  if (postgres) {
    schema = `kb_bench_${nodeCrypto.randomBytes(5).toString('hex')}`;
    await psql(postgres, `CREATE SCHEMA ${schema}`);
    const u = new URL(postgres);
    u.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = u.toString();
  }
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child, 600_000);
    await run(url, 3, connections, 'warmup');
    const r = await run(url, seconds, connections, 'measured');
    const exported = JSON.parse(
      execFileSync(process.execPath, [cli, 'export', 'subscribers', '--format', 'json'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 }),
    );
    const storedMeasured = exported.filter((s) => s.email.startsWith('bench-measured-')).length;
    const total = r['2xx'] + r.non2xx + r.errors + r.timeouts;
    const out = {
      database: postgres ? `PostgreSQL (${(await psql(postgres, 'SHOW server_version')).rows[0].server_version})` : 'PGlite (embedded)',
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown cpu'}`,
      rateLimitFormsPerMinute: RATE_LIMIT,
      connections,
      seconds,
      requestsPerSecond: { average: r.requests.average, stddev: r.requests.stddev, min: r.requests.min, max: r.requests.max },
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      requests: total,
      ok2xx: r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      errorRate: total === 0 ? 0 : (r.non2xx + r.errors + r.timeouts) / total,
      storedRows: storedMeasured,
      // In-flight requests that finish after the window are stored but not counted by autocannon.
      everyAcknowledgedStored: storedMeasured >= r['2xx'],
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } catch (error) {
    process.stderr.write(`${stderr}\n`);
    throw error;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) await psql(postgres, `DROP SCHEMA ${schema} CASCADE`);
  }
}

main_().catch((error) => {
  process.stderr.write(`bench-newsletter: ${error.message}\n`);
  process.exitCode = 1;
});
