/**
 * API throughput and latency with autocannon, against the real server, compared with a bare
 * Express route on the same machine (the ceiling).
 *
 * Each endpoint: a warm-up, then `durationS` seconds with `connections` concurrent keep-alive
 * connections. Reported: `rps` (responses per second, mean), `p50Ms`/`p95Ms`/`p99Ms` (latency
 * of every response, ms), `statuses` (count per HTTP status), `errors` and `timeouts`, and
 * each figure as a ratio to the ceiling (`rpsRatio` = rps / ceiling rps; `p50Ratio` etc. =
 * latency / ceiling latency).
 *
 * The ask stream: `POST /api/ask` with `Accept: text/event-stream`, one question at a time;
 * `firstEventMs` (request sent → first Server-Sent Event received) and `doneMs` (→ the `done`
 * event), ms. When the server answers JSON instead, the JSON latency is recorded and
 * `mode: 'json'` says so.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { ASK_QUESTIONS, searchMix, searchPath } from './lib/queries.mjs';
import { freePort } from '../tooling/scratch.mjs';
import { log, median, quantile, ratio, repoRoot, round } from './lib/util.mjs';

/**
 * One autocannon run.
 * @param {{ url: string, requests: object[], connections: number, durationS: number }} options
 * @returns {Promise<{ rps: number, p50Ms: number | null, p95Ms: number | null, p99Ms: number | null, responses: number, statuses: Record<string, number>, errors: number, timeouts: number }>}
 */
export function load({ url, requests, connections, durationS }) {
  return new Promise((resolve, reject) => {
    /** @type {number[]} */
    const latencies = [];
    /** @type {Record<string, number>} */
    const statuses = {};
    const instance = autocannon({ url, requests, connections, duration: durationS, timeout: 30 }, (error, result) => {
      if (error) return reject(error);
      resolve({
        rps: round(result.requests.average, 1) ?? 0,
        p50Ms: round(quantile(latencies, 0.5), 2),
        p95Ms: round(quantile(latencies, 0.95), 2),
        p99Ms: round(quantile(latencies, 0.99), 2),
        responses: latencies.length,
        statuses,
        errors: result.errors,
        timeouts: result.timeouts,
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** A warm-up run (discarded), then the measured run. */
export async function warmAndLoad(options, warmupS) {
  await load({ ...options, durationS: warmupS });
  return load(options);
}

/**
 * Starts bench/ceiling-server.mjs on a free port.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
async function startCeiling() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'bench', 'ceiling-server.mjs'), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve(undefined);
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Times `POST /api/ask` answers, one at a time.
 * @param {string} baseUrl
 * @param {number} rounds questions asked in all (cycling through ASK_QUESTIONS)
 */
async function askStream(baseUrl, rounds) {
  const first = [];
  const done = [];
  const json = [];
  let mode = 'stream';
  let events = 0;
  for (let i = 0; i < rounds; i += 1) {
    const body = ASK_QUESTIONS[i % ASK_QUESTIONS.length];
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
    });
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      mode = 'json';
      await res.text();
      json.push(performance.now() - started);
      continue;
    }
    if (!res.body) throw new Error('the ask stream has no body');
    const decoder = new TextDecoder();
    let buffer = '';
    let firstAt = null;
    let doneAt = null;
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      if (firstAt === null && /^(event|data):/m.test(buffer)) firstAt = performance.now();
      if (/^event: ?done$/m.test(buffer) && /\n\n/.test(buffer.slice(buffer.search(/^event: ?done$/m)))) {
        doneAt ??= performance.now();
      }
    }
    events += (buffer.match(/^event:/gm) ?? []).length;
    if (firstAt !== null) first.push(firstAt - started);
    if (doneAt !== null) done.push(doneAt - started);
  }
  if (mode === 'json') {
    return {
      mode,
      note: 'the server answered JSON to Accept: text/event-stream (no streaming yet): JSON latency recorded',
      questions: rounds,
      jsonP50Ms: round(median(json), 1),
      jsonP95Ms: round(quantile(json, 0.95), 1),
    };
  }
  return {
    mode,
    questions: rounds,
    eventsPerAnswer: round(events / rounds, 1),
    firstEventP50Ms: round(median(first), 1),
    firstEventP95Ms: round(quantile(first, 0.95), 1),
    doneP50Ms: round(median(done), 1),
    doneP95Ms: round(quantile(done, 0.95), 1),
  };
}

/**
 * Runs the API benchmark against a ready server.
 *
 * @param {string} baseUrl the real server
 * @param {{ durationS: number, warmupS: number, connections: number, askRounds: number }} options
 * @returns {Promise<object>} `{ settings, ceiling, endpoints: { search, ask, newsletter }, askStream }`
 */
export async function measureApi(baseUrl, { durationS, warmupS, connections, askRounds }) {
  const settings = { durationS, warmupS, connections, tool: 'autocannon 9', keepAlive: true };
  const ceilingServer = await startCeiling();
  let ceiling;
  try {
    ceiling = await warmAndLoad({ url: ceilingServer.url, requests: [{ method: 'GET', path: '/' }], connections, durationS }, warmupS);
  } finally {
    await ceilingServer.stop();
  }
  log(`ceiling (bare Express): ${ceiling.rps} req/s, p50 ${ceiling.p50Ms} ms`);

  const json = { 'content-type': 'application/json' };
  let n = 0;
  const endpoints = {
    search: {
      what: `GET /api/search, ${searchMix().length} queries (en/tr/ar, words and questions) in turn`,
      requests: searchMix().map((query) => ({ method: 'GET', path: searchPath(query) })),
    },
    ask: {
      what: `POST /api/ask (JSON), ${ASK_QUESTIONS.length} questions (en/tr, answerable and not) in turn`,
      requests: ASK_QUESTIONS.map((q) => ({ method: 'POST', path: '/api/ask', headers: json, body: JSON.stringify(q) })),
    },
    newsletter: {
      what: 'POST /api/newsletter, a new address each time',
      requests: [
        {
          method: 'POST',
          path: '/api/newsletter',
          headers: json,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: `bench-${Date.now()}-${(n += 1)}@example.org` }) }),
        },
      ],
    },
  };

  /** @type {Record<string, object>} */
  const results = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const probe = endpoint.requests[0];
    const probeBody = probe.setupRequest ? probe.setupRequest({}).body : probe.body;
    const res = await fetch(`${baseUrl}${probe.path}`, { method: probe.method, headers: probe.headers, body: probeBody });
    await res.arrayBuffer();
    if (res.status === 404) {
      results[name] = { what: endpoint.what, available: false, note: 'not available: the route answers 404 on this build' };
      log(`${name}: not available (404)`);
      continue;
    }
    const r = await warmAndLoad({ url: baseUrl, requests: endpoint.requests, connections, durationS }, warmupS);
    results[name] = {
      what: endpoint.what,
      available: true,
      ...r,
      rpsRatio: ratio(r.rps, ceiling.rps),
      p50Ratio: ratio(r.p50Ms, ceiling.p50Ms),
      p95Ratio: ratio(r.p95Ms, ceiling.p95Ms),
      p99Ratio: ratio(r.p99Ms, ceiling.p99Ms),
    };
    log(`${name}: ${r.rps} req/s, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms, statuses ${JSON.stringify(r.statuses)}`);
  }
  const stream = await askStream(baseUrl, askRounds);
  log(`ask stream: ${JSON.stringify(stream)}`);
  return { settings, ceiling: { what: 'GET / on a bare Express 5 app (separate process)', ...ceiling }, endpoints: results, askStream: stream };
}
