/**
 * `npm run soak [-- --database-url URL] [--requests N] [--rounds R] [--keep]`
 *
 * Crash safety of the public forms (docs/operations.md): every request answered
 * `{ success: true }` must be stored exactly once, even when the server is killed with SIGKILL
 * while requests are in flight.
 *
 * Each run:
 * 1. creates a scratch database of its own — a new folder under the OS temp dir (or
 *    `SOAK_DATA_DIR`, which must be empty) as the embedded PGlite's `DATA_DIR`, or, with
 *    `--database-url` / `SOAK_DATABASE_URL`, the PostgreSQL database named in that URL, created
 *    by the soak (one that already exists is refused) and dropped afterwards;
 * 2. starts the built server (`server/dist/main.js`; `npm run build` first) with
 *    `RATE_LIMIT_FORMS_PER_MINUTE` raised (the value is printed);
 * 3. per round: fires N (default 1,000) concurrent POSTs, alternately /api/newsletter and
 *    /api/contact, each with its own e-mail address and text; once 30 % (50 %, 70 % in the next
 *    rounds, in turn) are acknowledged and at least 100 are in flight (sent, no answer yet) it kills the server with SIGKILL and counts
 *    them; restarts it on the same database; reads everything back with `npm run forms --
 *    export … --format json`; prints acknowledged, stored, lost (acknowledged, not stored) and
 *    duplicated (stored more than once);
 * 4. finally stops the server with SIGTERM and checks it exits 0, removes its lock and (PGlite)
 *    leaves the database marked cleanly shut down (`global/pg_control`).
 *
 * Exit status: 0 all rounds passed, 1 a write was lost or duplicated, fewer than 100 requests
 * were in flight at the kill, or the final shutdown was not clean; 2 wrong usage or no build.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { readCommandLine, usageError } from '../tooling/cli.mjs';
import { createScratch, freePort, repoRoot, SERVER_MAIN as MAIN, serverEnv, startServer } from '../tooling/scratch.mjs';

const FORMS_CLI = path.join(repoRoot, 'server', 'dist', 'cli', 'forms.js');

/** Rate limits set for the soak's servers (per minute and client address), printed with the results. */
const RATE_LIMITS = { RATE_LIMIT_FORMS_PER_MINUTE: '1000000' };
/** Least number of requests that must be in flight when the server is killed. */
const MIN_IN_FLIGHT = 100;
/** Share of the requests acknowledged before the kill, by round in turn (30 %, 50 %, 70 %, 30 %, …). */
const KILL_AFTER_ACKED = [0.3, 0.5, 0.7];
/** Longest wait for /readyz (ms): the first start loads the whole corpus. */
const READY_TIMEOUT_MS = 15 * 60_000;

const USAGE = `Usage: npm run soak [-- --database-url postgres://user@host:port/newdb] [--requests N] [--rounds R] [--keep]

  --database-url URL  run on PostgreSQL: the database the URL names is created and dropped
                      afterwards (default SOAK_DATABASE_URL; without either, embedded PGlite)
  --requests N        concurrent POSTs per round (default 1000, at least ${2 * MIN_IN_FLIGHT})
  --rounds R          kill-and-restart rounds (default 1)
  --keep              keep the scratch data (kept anyway when a round fails)

SOAK_DATA_DIR: an empty folder for the scratch data (default: under the OS temp dir).`;

/** The soak's options from its command line (util.parseArgs); exits 2 on wrong usage, 0 after --help. */
function readOptions() {
  const { values } = readCommandLine({
    tool: 'soak',
    usage: USAGE,
    options: { 'database-url': { type: 'string' }, requests: { type: 'string' }, rounds: { type: 'string' }, keep: { type: 'boolean' } },
  });
  const options = {
    databaseUrl: values['database-url'] ?? (process.env.SOAK_DATABASE_URL || undefined),
    requests: Number(values.requests ?? 1000),
    rounds: Number(values.rounds ?? 1),
    keep: values.keep === true,
  };
  if (!Number.isInteger(options.requests) || options.requests < 2 * MIN_IN_FLIGHT) {
    usageError('soak', USAGE, `--requests must be a whole number of at least ${2 * MIN_IN_FLIGHT}`);
  }
  if (!Number.isInteger(options.rounds) || options.rounds < 1) usageError('soak', USAGE, '--rounds must be a whole number of at least 1');
  if (options.databaseUrl && !/^postgres(ql)?:\/\//.test(options.databaseUrl)) usageError('soak', USAGE, '--database-url must start with postgres://');
  return options;
}

const log = (message) => process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** Environment of the soak's servers and CLI calls: the scratch data, the raised rate limits. */
const soakEnv = (scratch, port) => serverEnv(scratch, port, { LOG_LEVEL: 'info', ...RATE_LIMITS });

/** Starts the server on `port` (the same one after each kill) and waits for /readyz. */
const startSoakServer = (scratch, port, name) =>
  startServer(scratch, { name, port, env: { LOG_LEVEL: 'info', ...RATE_LIMITS }, readyTimeoutMs: READY_TIMEOUT_MS, pollMs: 200 });

/** One form POST; resolves `{ outcome: 'acked' | 'refused' | 'failed', status?, sent }`, never rejects. */
function post(port, pathname, body, agent, onSent) {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    let sent = false;
    const req = http.request(
      { host: '127.0.0.1', port, path: pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let success = false;
          try {
            success = res.statusCode === 200 && JSON.parse(text).success === true;
          } catch {
            success = false;
          }
          resolve({ outcome: success ? 'acked' : 'refused', status: res.statusCode, sent });
        });
        res.on('error', () => resolve({ outcome: 'failed', sent }));
      },
    );
    req.on('finish', () => {
      sent = true;
      onSent();
    });
    req.on('error', () => resolve({ outcome: 'failed', sent }));
    req.end(payload);
  });
}

/** The requests of one round: alternately a subscription and a contact message, each unique. */
function requestsFor(round, count, tag) {
  return Array.from({ length: count }, (_, i) => {
    const email = `soak-${tag}-r${round}-${i}@example.org`;
    return i % 2 === 0
      ? { kind: 'subscriber', key: email, path: '/api/newsletter', body: { email } }
      : {
          kind: 'contact',
          key: `soak ${tag} round ${round} message ${i}`,
          path: '/api/contact',
          body: { firstName: 'Soak', lastName: 'Test', email, category: 'feedback', description: `soak ${tag} round ${round} message ${i}` },
        };
  });
}

/**
 * Fires every request at once and SIGKILLs the server once the share `killAfter` of them is
 * acknowledged while at least MIN_IN_FLIGHT are in flight.
 * @returns per-request results and the counts at the kill
 */
async function fireAndKill(server, port, requests, killAfter) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let sentCount = 0;
  let settled = 0;
  let acked = 0;
  let killedAt = null;
  const target = Math.ceil(requests.length * killAfter);
  const maybeKill = () => {
    if (killedAt) return;
    const inFlight = sentCount - settled;
    if (acked >= target && inFlight >= MIN_IN_FLIGHT) {
      killedAt = { acked, inFlight, settled, sent: sentCount };
      process.kill(server.pid, 'SIGKILL');
    }
  };
  const started = performance.now();
  const results = await Promise.all(
    requests.map((r) =>
      post(port, r.path, r.body, agent, () => sentCount++).then((result) => {
        settled++;
        if (result.outcome === 'acked') acked++;
        maybeKill();
        return result;
      }),
    ),
  );
  agent.destroy();
  const exit = await server.exited;
  return { results, killedAt, exit, ms: Math.round(performance.now() - started) };
}

function runCli(scratch, port, args) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [FORMS_CLI, ...args], { cwd: repoRoot, env: soakEnv(scratch, port), maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm run forms -- ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/** Stored rows of this soak, by key: the subscriber's address or the contact message's text. */
async function readBack(scratch, port, tag) {
  const subscribers = JSON.parse(await runCli(scratch, port, ['export', 'subscribers', '--format', 'json']));
  const contacts = JSON.parse(await runCli(scratch, port, ['export', 'contacts', '--format', 'json']));
  const counts = new Map();
  const add = (key) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const s of subscribers) if (s.email.startsWith(`soak-${tag}-`)) add(s.email);
  for (const c of contacts) if (c.description.startsWith(`soak ${tag} `)) add(c.description);
  return counts;
}

/** Newest modification time (ms) of the files under `dir`. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

/** PGlite's database state in global/pg_control: 1 = shut down cleanly, 6 = was running (recovery on next start). */
function pgliteState(scratch) {
  const file = path.join(scratch.dataDir, 'pgdata', 'global', 'pg_control');
  const state = fs.readFileSync(file).readInt32LE(16);
  return { 1: 'shut down cleanly', 4: 'in crash recovery', 6: 'in production (needs recovery)' }[state] ?? `state ${state}`;
}

async function main() {
  const options = readOptions();
  if (!fs.existsSync(MAIN) || !fs.existsSync(FORMS_CLI)) {
    process.stderr.write('soak: server/dist is missing: run `npm run build` first (the soak runs the built server and builds nothing).\n');
    return 2;
  }
  const stale = newestSource(path.join(repoRoot, 'server', 'src')) > fs.statSync(MAIN).mtimeMs;
  if (stale) log('warning: server/src has changed since server/dist was built; the soak runs the built server (npm run build -w server to rebuild)');
  let scratch;
  try {
    scratch = await createScratch({
      prefix: 'kb-soak',
      dir: process.env.SOAK_DATA_DIR || undefined,
      keep: options.keep,
      postgres: options.databaseUrl ? { url: options.databaseUrl, isolate: 'database' } : undefined,
    });
  } catch (error) {
    process.stderr.write(`soak: ${error.message}\n`);
    return 1;
  }
  const tag = crypto.randomBytes(3).toString('hex');
  log(`scratch ${scratch.kind} database: ${scratch.kind === 'pglite' ? scratch.dataDir : scratch.databaseUrl.replace(/:[^:@/]*@/, ':***@')} (logs in ${scratch.dir})`);
  log(`rate limits: ${Object.entries(RATE_LIMITS).map(([k, v]) => `${k}=${v}`).join(', ')}`);
  const port = await freePort();
  const rounds = [];
  let failed = false;
  let keepScratch = options.keep;
  let server;
  try {
    server = await startSoakServer(scratch, port, 'server-1');
    log(`server ready in ${(server.readyMs / 1000).toFixed(1)} s (first start loads the corpus)`);
    for (let round = 1; round <= options.rounds; round++) {
      const requests = requestsFor(round, options.requests, tag);
      log(`round ${round}: firing ${requests.length} concurrent POSTs (${requests.length / 2} newsletter, ${requests.length / 2} contact)`);
      const killAfter = KILL_AFTER_ACKED[(round - 1) % KILL_AFTER_ACKED.length];
      const fired = await fireAndKill(server, port, requests, killAfter);
      const state = scratch.kind === 'pglite' ? pgliteState(scratch) : 'n/a';
      if (!fired.killedAt) {
        log(`round ${round}: the server answered everything before ${MIN_IN_FLIGHT} requests were in flight at ${killAfter * 100} % acknowledged; no kill`);
      } else {
        log(`round ${round}: SIGKILL with ${fired.killedAt.inFlight} in flight and ${fired.killedAt.acked} acknowledged; exit ${fired.exit.signal ?? fired.exit.code}; database after the kill: ${state}`);
      }
      server = await startSoakServer(scratch, port, `server-${round + 1}`);
      log(`round ${round}: restarted, ready in ${(server.readyMs / 1000).toFixed(1)} s`);
      const stored = await readBack(scratch, port, tag);
      let acknowledged = 0;
      let lost = 0;
      let storedUnacknowledged = 0;
      let storedRows = 0;
      let duplicated = 0;
      const outcomes = { acked: 0, refused: 0, failed: 0 };
      requests.forEach((r, i) => {
        const result = fired.results[i];
        outcomes[result.outcome]++;
        const n = stored.get(r.key) ?? 0;
        storedRows += n;
        if (n > 1) duplicated += n - 1;
        if (result.outcome === 'acked') {
          acknowledged++;
          if (n === 0) lost++;
        } else if (n > 0) storedUnacknowledged++;
      });
      const summary = {
        backend: scratch.kind,
        round,
        requests: requests.length,
        inFlightAtKill: fired.killedAt?.inFlight ?? 0,
        acknowledged,
        stored: storedRows,
        lost,
        duplicated,
        storedWithoutAnswer: storedUnacknowledged,
        refused: outcomes.refused,
        noAnswer: outcomes.failed,
        restartReadyMs: server.readyMs,
      };
      rounds.push(summary);
      const ok = lost === 0 && duplicated === 0 && summary.inFlightAtKill >= MIN_IN_FLIGHT && outcomes.refused === 0;
      if (!ok) failed = true;
      process.stdout.write(
        `round ${round} (${scratch.kind}): acknowledged ${acknowledged}, stored ${storedRows}, lost ${lost}, duplicated ${duplicated}` +
          ` | in flight at kill ${summary.inFlightAtKill}, stored without an answer ${storedUnacknowledged}, no answer ${outcomes.failed}, refused ${outcomes.refused}` +
          ` → ${ok ? 'PASS' : 'FAIL'}\n`,
      );
    }
    // A clean stop of the last server: exit 0, lock released, database marked shut down.
    process.kill(server.pid, 'SIGTERM');
    const exit = await server.exited;
    const lockGone = !fs.existsSync(path.join(scratch.dataDir, 'server.lock'));
    const state = scratch.kind === 'pglite' ? pgliteState(scratch) : 'n/a';
    const clean = exit.code === 0 && lockGone && (scratch.kind !== 'pglite' || state === 'shut down cleanly');
    if (!clean) failed = true;
    process.stdout.write(`final SIGTERM: exit ${exit.code ?? exit.signal}, lock ${lockGone ? 'released' : 'left behind'}, database ${state} → ${clean ? 'PASS' : 'FAIL'}\n`);
    process.stdout.write(`${JSON.stringify({ rateLimits: RATE_LIMITS, rounds, finalShutdown: { exit: exit.code ?? exit.signal, lockGone, state } })}\n`);
  } catch (error) {
    failed = true;
    keepScratch = true;
    process.stderr.write(`soak: ${error.message}\n`);
  } finally {
    // Never leave a server behind (one still running after an error above).
    if (server) {
      try {
        process.kill(server.pid, 'SIGTERM');
        await server.exited;
      } catch {
        // already gone
      }
    }
    if (failed && !options.keep) {
      keepScratch = true;
      log(`kept ${scratch.dir} for inspection (server logs there)`);
    }
    if (!keepScratch) await scratch.dispose();
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
