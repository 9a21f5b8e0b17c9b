#!/usr/bin/env node
/**
 * Sustained request rate of `POST /api/newsletter` (each request a new address, so each one
 * is an INSERT committed before the answer) against the built server (`npm run build -w server`
 * first), on this machine.
 *
 *   node server/scripts/bench-newsletter.js [--postgres postgres://…] [--seconds 10] [--connections 10]
 *
 * It starts `server/dist/main.js` on a free port with a scratch DATA_DIR (and, with
 * --postgres, in a scratch schema of that server, dropped afterwards; tooling/scratch.mjs), raises
 * RATE_LIMIT_FORMS_PER_MINUTE to 1,000,000 (stated in the output), warms up for 3 s, measures
 * for --seconds with autocannon, then checks through `npm run forms -- export` that every
 * acknowledged subscription is stored. Only 127.0.0.1 is contacted; the run is bounded in time.
 * Prints one JSON object.
 */
const { execFileSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');

const RATE_LIMIT = 1_000_000;
const root = path.resolve(__dirname, '..', '..');
const cli = path.join(root, 'server', 'dist', 'cli', 'forms.js');

const USAGE = `Usage: node server/scripts/bench-newsletter.js [--postgres postgres://…] [--seconds 10] [--connections 10]

  --postgres URL     measure on PostgreSQL, in a scratch schema of that database (dropped afterwards)
  --seconds N        length of the measured run (default 10; a 3 s warm-up comes first)
  --connections N    concurrent connections (default 10)`;

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

/** Reads the command line (util.parseArgs, tooling/cli.mjs): exits 0 after --help, 2 on wrong usage. */
function readOptions({ readCommandLine, usageError }) {
  const { values } = readCommandLine({
    tool: 'bench-newsletter',
    usage: USAGE,
    options: { postgres: { type: 'string' }, seconds: { type: 'string' }, connections: { type: 'string' } },
  });
  for (const name of ['seconds', 'connections']) {
    if (values[name] !== undefined && !/^[1-9]\d*$/.test(values[name])) usageError('bench-newsletter', USAGE, `--${name} must be a whole number of at least 1`);
  }
  return { seconds: Number(values.seconds ?? 10), connections: Number(values.connections ?? 10), postgres: values.postgres };
}

async function main_() {
  const { seconds, connections, postgres } = readOptions(await import('../../tooling/cli.mjs'));
  const { createScratch, startServer, tail } = await import('../../tooling/scratch.mjs');
  const scratch = await createScratch({
    prefix: 'kb-bench-newsletter',
    postgres: postgres ? { url: postgres, isolate: 'schema', schemaPrefix: 'kb_bench' } : undefined,
  });
  let server;
  try {
    server = await startServer(scratch, { name: 'server', env: { LOG_LEVEL: 'error', RATE_LIMIT_FORMS_PER_MINUTE: String(RATE_LIMIT) } });
    const { url, env } = server;
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
    if (server) process.stderr.write(`${tail(server.logFile, 40)}\n`);
    throw error;
  } finally {
    await server?.stop();
    await scratch.dispose();
  }
}

main_().catch((error) => {
  process.stderr.write(`bench-newsletter: ${error.message}\n`);
  process.exitCode = 1;
});
