import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics (prom-client), in one registry of our own so nothing else
 * loaded in the process (a library using prom-client's global registry) can add to them.
 * Recording is always on and costs a counter increment; only `METRICS_PORT` decides whether
 * anything serves them (`metrics/server.ts`). Every label takes values from a fixed set (route
 * groups, remote names, published release versions), never from free client input, so the
 * number of series stays bounded. docs/operations.md "Metrics" explains how to read them.
 */
export const metricsRegistry = new Registry();

/** Route groups of the site (label `group`); see {@link routeGroup}. */
export type RouteGroup =
  | 'search'
  | 'ask'
  | 'forms'
  | 'client-events'
  | 'api'
  | 'read'
  | 'remotes'
  | 'assistant-frame'
  | 'health'
  | 'docs'
  | 'web';

/** `kb_http_requests_total{group,method,status}`: finished requests. Its rate is the request rate. */
export const httpRequests = new Counter({
  name: 'kb_http_requests_total',
  help: 'HTTP requests answered, by route group, method and status code',
  labelNames: ['group', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

/** `kb_http_request_duration_seconds{group,method}`: time from the request's arrival to its last byte. */
export const httpDuration = new Histogram({
  name: 'kb_http_request_duration_seconds',
  help: 'Time to answer an HTTP request (seconds, until the last byte is written), by route group and method',
  labelNames: ['group', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** `kb_remote_load_failures_total{remote,version}`: failed remote loads reported by browsers. */
export const remoteLoadFailures = new Counter({
  name: 'kb_remote_load_failures_total',
  help: 'Remote loads that failed in a browser (POST /api/client-events), by remote and release version',
  labelNames: ['remote', 'version'] as const,
  registers: [metricsRegistry],
});

/** `kb_db_query_duration_seconds{operation}`: time of each database call. */
export const dbQueryDuration = new Histogram({
  name: 'kb_db_query_duration_seconds',
  help: 'Time of a database statement (seconds), by operation: query (one statement) or exec (a script)',
  labelNames: ['operation'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [metricsRegistry],
});

/** `kb_cache_requests_total{cache,result}`: lookups of the server's in-memory caches. */
export const cacheRequests = new Counter({
  name: 'kb_cache_requests_total',
  help: 'Lookups of an in-memory cache, by cache and result (hit or miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
});

/** `kb_remote_release_up{remote,version,role}`: 1 when the release's files were reachable at the last check. */
export const remoteReleaseUp = new Gauge({
  name: 'kb_remote_release_up',
  help: "1 when a live release's files were reachable at the last check (GET /healthz/remotes), else 0",
  labelNames: ['remote', 'version', 'role'] as const,
  registers: [metricsRegistry],
});

/**
 * Counts one lookup of an in-memory cache as `kb_cache_requests_total{cache,result}`.
 * For the caches' owners (the search/answer cache): call it on every lookup.
 *
 * @param cache  the cache's fixed name, e.g. `search` or `ask` (never request data)
 * @param result `hit` when the cached value was used, `miss` when it was computed
 */
export function recordCacheRequest(cache: string, result: 'hit' | 'miss'): void {
  cacheRequests.inc({ cache, result });
}

/**
 * The route group of a request path (no query string), for the `group` label: a fixed set,
 * so an arbitrary path never makes a new series. Unknown paths fall into `web`.
 */
export function routeGroup(path: string): RouteGroup {
  if (path === '/api/search' || path.startsWith('/api/search/')) return 'search';
  if (path === '/api/ask' || path.startsWith('/api/ask/')) return 'ask';
  if (path === '/api/client-events') return 'client-events';
  if (path === '/api/contact' || path === '/api/newsletter' || path.startsWith('/unsubscribe')) return 'forms';
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path === '/read' || path.startsWith('/read/')) return 'read';
  if (path === '/remotes.json' || path.startsWith('/remotes/')) return 'remotes';
  if (path.startsWith('/assistant/')) return 'assistant-frame';
  if (path === '/healthz' || path === '/readyz' || path.startsWith('/healthz/')) return 'health';
  if (path === '/openapi.json' || path.startsWith('/docs') || path.startsWith('/redoc')) return 'docs';
  return 'web';
}

let defaultsCollected = false;

/**
 * Adds prom-client's process metrics (CPU, memory, event-loop lag, open handles; prefixed
 * `kb_`) to {@link metricsRegistry}, once per process. Called when the metrics listener starts,
 * so a process that serves no metrics runs no collector.
 */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'kb_' });
}
