/**
 * The costly set (issue 20): do the site's edges hold while clients loop over the slowest
 * queries the bench knows?
 *
 * 1. **Which queries are costly.** Every search query and question of bench/lib/queries.mjs is
 *    sent alone, `reps` times (the server runs with `SEARCH_CACHE=off`, so each is computed);
 *    the ten with the highest median are the costly set.
 * 2. **Idle.** An "eleventh client" loops over plain searches (the English and Turkish single
 *    words not in the costly set), one at a time, for `idleS` seconds; `/healthz` and a static
 *    asset of the shell's build are probed meanwhile.
 * 3. **Under load.** Ten clients, each from its own loopback address (127.0.1.1–10, so the
 *    server's per-client fair queue sees ten clients), loop over the costly set (searches as
 *    `GET /api/search`, questions as `POST /api/ask`), one request at a time each, waiting the
 *    `Retry-After` of a 503 as a well-behaved client would. After a 2 s ramp the same probes as
 *    in 2 run for `durationS` seconds, the eleventh client from 127.0.2.1.
 *
 * Reported per phase and probe: responses, p50/p95/p99/max latency (ms, request written →
 * whole body read), statuses; and for the costly clients their responses per status.
 * Gates (issue 20; reported, never asserted): `/healthz` and the static asset p99 ≤ 50 ms, the
 * eleventh client's p95 ≤ 500 ms under load.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ASK_QUESTIONS, SEARCH_CLASSES, searchMix, searchPath } from './lib/queries.mjs';
import { log, median, quantile, repoRoot, round } from './lib/util.mjs';

/** Gates of issue 20, ms. */
export const COSTLY_GATES = { probeP99Ms: 50, plainSearchP95Ms: 500 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An HTTP client bound to one local address, keeping its connection alive.
 * @param {string} baseUrl
 * @param {string} localAddress e.g. `127.0.1.1` (any 127/8 address reaches the loopback)
 * @returns {(req: { method: string, path: string, body?: string, headers?: Record<string, string> }) => Promise<{ status: number, ms: number, retryAfterS: number | null }>}
 */
function client(baseUrl, localAddress) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  return ({ method, path: reqPath, body, headers = {} }) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: reqPath,
          agent,
          localAddress,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            const retry = Number(res.headers['retry-after']);
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfterS: Number.isFinite(retry) ? retry : null });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

/** The request of a bench query: a search `{ q, lang }` or a question `{ question, lang }`. */
function requestOf(query) {
  if ('question' in query) return { method: 'POST', path: '/api/ask', body: JSON.stringify(query) };
  return { method: 'GET', path: searchPath(query) };
}

const label = (query) => ('question' in query ? `ask: ${query.question} (${query.lang})` : `search: ${query.q} (${query.lang})`);

/** Latency summary of a list of responses. */
function summary(responses) {
  const ms = responses.map((r) => r.ms);
  /** @type {Record<string, number>} */
  const statuses = {};
  for (const r of responses) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    responses: responses.length,
    p50Ms: round(quantile(ms, 0.5)),
    p95Ms: round(quantile(ms, 0.95)),
    p99Ms: round(quantile(ms, 0.99)),
    maxMs: round(ms.length ? Math.max(...ms) : null),
    statuses,
  };
}

/** A static file of the shell's build (its main script), as the site serves it. */
function staticAssetPath(webRoot) {
  const dir = path.join(webRoot, 'shell', 'dist', 'static', 'js');
  const main = fs.readdirSync(dir).find((f) => /^main\.[\w]+\.js$/.test(f));
  if (!main) throw new Error(`no main.*.js in ${dir}: build the shell first`);
  return `/static/js/${main}`;
}

/**
 * Loops `next()`'s requests one at a time until `until()` says stop; returns every response.
 * @param {ReturnType<typeof client>} send
 * @param {() => object} next
 * @param {() => boolean} until
 * @param {{ pauseMs?: number, honourRetryAfter?: boolean }} [options]
 */
async function loop(send, next, until, { pauseMs = 0, honourRetryAfter = false } = {}) {
  const out = [];
  while (!until()) {
    const r = await send(next());
    out.push(r);
    if (honourRetryAfter && r.status === 503) await sleep((r.retryAfterS ?? 1) * 1000);
    else if (pauseMs) await sleep(pauseMs);
  }
  return out;
}

/**
 * Probes during one phase: the eleventh client's plain searches, `/healthz` and the static
 * asset, each in its own loop, for `seconds`.
 */
async function probePhase(baseUrl, { plain, asset, seconds, address }) {
  const end = performance.now() + seconds * 1000;
  const over = () => performance.now() >= end;
  let i = 0;
  const [search, health, file] = await Promise.all([
    loop(client(baseUrl, address), () => requestOf(plain[i++ % plain.length]), over),
    loop(client(baseUrl, '127.0.3.1'), () => ({ method: 'GET', path: '/healthz' }), over, { pauseMs: 20 }),
    loop(client(baseUrl, '127.0.3.2'), () => ({ method: 'GET', path: asset, headers: { 'accept-encoding': 'br' } }), over, { pauseMs: 20 }),
  ]);
  return { plainSearch: summary(search), healthz: summary(health), staticAsset: { path: asset, ...summary(file) } };
}

/**
 * Finds the costly set and measures the edges while ten clients loop over it.
 *
 * @param {string} baseUrl a ready server started with `SEARCH_CACHE=off`
 * @param {{ reps: number, idleS: number, durationS: number, clients?: number, webRoot?: string, costlySet?: object[] }} options
 *   `costlySet`: the set's queries (`{ q, lang }` or `{ question, lang }`) instead of finding it
 *   (to compare two servers on one set); `idleS` 0 skips the idle phase
 * @returns {Promise<object>} `{ settings, candidates, costlySet, plainSet, idle, load, costlyClients, gates }`
 */
export async function measureCostly(baseUrl, { reps, idleS, durationS, clients = 10, webRoot = repoRoot, costlySet }) {
  const send = client(baseUrl, '127.0.0.1');
  const candidates = costlySet ?? [...searchMix(), ...ASK_QUESTIONS];
  const timed = [];
  for (const query of candidates) {
    const ms = [];
    for (let i = 0; i < reps; i += 1) {
      const r = await send(requestOf(query));
      if (r.status !== 200) throw new Error(`${label(query)} answered ${r.status}`);
      ms.push(r.ms);
    }
    timed.push({ query: label(query), request: query, medianMs: round(median(ms)) });
  }
  timed.sort((a, b) => (b.medianMs ?? 0) - (a.medianMs ?? 0));
  const costly = timed.slice(0, 10);
  log(`costly set: ${costly.map((c) => `${c.query} ${c.medianMs} ms`).join('; ')}`);
  const costlyKeys = new Set(costly.map((c) => c.query));
  const plain = [...SEARCH_CLASSES['en-word'], ...SEARCH_CLASSES['tr-word']].filter((q) => !costlyKeys.has(label(q)));
  const asset = staticAssetPath(webRoot);

  const idle = idleS > 0 ? await probePhase(baseUrl, { plain, asset, seconds: idleS, address: '127.0.2.1' }) : null;
  if (idle) log(`idle: plain search p95 ${idle.plainSearch.p95Ms} ms, /healthz p99 ${idle.healthz.p99Ms} ms, static p99 ${idle.staticAsset.p99Ms} ms`);

  let stop = false;
  const loops = Array.from({ length: clients }, (_, c) => {
    let i = c;
    return loop(client(baseUrl, `127.0.1.${c + 1}`), () => requestOf(costly[i++ % costly.length].request), () => stop, { honourRetryAfter: true });
  });
  await sleep(2000);
  const loaded = await probePhase(baseUrl, { plain, asset, seconds: durationS, address: '127.0.2.1' });
  stop = true;
  const costlyResponses = (await Promise.all(loops)).flat();
  log(
    `under load: plain search p95 ${loaded.plainSearch.p95Ms} ms ${JSON.stringify(loaded.plainSearch.statuses)}, ` +
      `/healthz p99 ${loaded.healthz.p99Ms} ms, static p99 ${loaded.staticAsset.p99Ms} ms; costly clients ${JSON.stringify(summary(costlyResponses).statuses)}`,
  );
  return {
    settings: { reps, idleS, durationS, clients, cache: 'off', addresses: 'costly clients 127.0.1.1–10, eleventh client 127.0.2.1, probes 127.0.3.x' },
    candidates: timed,
    costlySet: costly.map((c) => ({ query: c.query, idleMedianMs: c.medianMs })),
    plainSet: plain.map(label),
    idle,
    load: loaded,
    costlyClients: summary(costlyResponses),
    gates: {
      healthzP99: { limitMs: COSTLY_GATES.probeP99Ms, ms: loaded.healthz.p99Ms, met: (loaded.healthz.p99Ms ?? Infinity) <= COSTLY_GATES.probeP99Ms },
      staticP99: { limitMs: COSTLY_GATES.probeP99Ms, ms: loaded.staticAsset.p99Ms, met: (loaded.staticAsset.p99Ms ?? Infinity) <= COSTLY_GATES.probeP99Ms },
      plainSearchP95: {
        limitMs: COSTLY_GATES.plainSearchP95Ms,
        ms: loaded.plainSearch.p95Ms,
        idleMs: idle?.plainSearch.p95Ms ?? null,
        met: (loaded.plainSearch.p95Ms ?? Infinity) <= COSTLY_GATES.plainSearchP95Ms,
      },
    },
  };
}
