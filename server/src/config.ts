import path from 'node:path';
import type { SiteInfo } from '@kb/contracts';
import { loadEmbeddingsConfig, type EmbeddingsConfig } from './embeddings/config.js';
import { loadFormsConfig, type FormsConfig } from './forms/config.js';
import { loadLlmConfig, type LlmConfig } from './ask/llm/config.js';
import { loadSiteInfo } from './site/info.js';

/** Value of Express's `trust proxy` setting (see https://expressjs.com/en/guide/behind-proxies.html). */
export type TrustProxy = boolean | number | string;

/** Pino log levels accepted in `LOG_LEVEL`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The server's configuration, read once from the environment at start-up. */
export interface Config {
  /** TCP port of the site (`PORT`, default 3000; 0 = any free port). */
  port: number;
  /** Second listener with the same app for the "knowledge application" origin (`KNOWLEDGE_PORT`, default 7860; 0 = off). */
  knowledgePort: number;
  /**
   * Port of the Prometheus `/metrics` listener, bound to 127.0.0.1 (`METRICS_PORT`; unset = no
   * listener, 0 = any free port). Never served on the site's ports.
   */
  metricsPort: number | undefined;
  /** Absolute folder of the embedded database, its lock file and later releases (`DATA_DIR`, default `./data`). */
  dataDir: string;
  /** PostgreSQL server URL (`DATABASE_URL`); when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /** Origin the site is reached at (`PUBLIC_ORIGIN`, default `http://localhost:PORT`), normalized by `URL`. */
  publicOrigin: string;
  /** Origin of the knowledge application (`KNOWLEDGE_APP_ORIGIN`, else derived: see {@link knowledgeOrigin}). */
  knowledgeAppOrigin: string | undefined;
  /** Express `trust proxy` (`TRUST_PROXY`: `true`, `false`, a hop count, or addresses/subnets). */
  trustProxy: TrustProxy;
  /**
   * Limits on receiving a request, on both listeners (ms): the whole header block within
   * `headersMs` (`HEADERS_TIMEOUT_MS`, default 20000), the whole request with its body within
   * `requestMs` (`REQUEST_TIMEOUT_MS`, default 60000), checked every `connectionsCheckMs`
   * (`CONNECTIONS_CHECK_MS`, default 1000). A request past either gets 408.
   */
  httpTimeouts: HttpTimeouts;
  /**
   * Longest expected wait (ms) in the per-client fair queue in front of the database, shared by
   * `/api/search` and `/api/ask` (`SEARCH_QUEUE_MAX_WAIT_MS`, default 5000); a search or question
   * expected to wait longer gets 503 with `Retry-After` (`http/fair-queue.ts`).
   */
  searchQueueMaxWaitMs: number;
  /**
   * Requests per minute and client IP, per route group; `flushMs` (`RATE_LIMIT_FLUSH_MS`,
   * default 500): how often the reads' and questions' counts, kept in memory, are written to the
   * shared table (0: one upsert per request, as the form posts always are).
   */
  rateLimits: { formsPerMinute: number; askPerMinute: number; readPerMinute: number; flushMs: number };
  logLevel: LogLevel;
  /** Origins besides the site's own that `/preview` may frame (`PREVIEW_ALLOWED_ORIGINS`, comma-separated). */
  previewAllowedOrigins: string[];
  /** Folder of the remotes' release files (`RELEASES_DIR`, default `DATA_DIR/releases`; a shared volume when several servers run). */
  releasesDir: string;
  /** Staff alerts (`SMTP_URL`, `CONTACT_NOTIFY_TO`, `CONTACT_NOTIFY_FROM`) and retention (`CONTACT_RETENTION_DAYS`) of the forms. */
  forms: FormsConfig;
  /** Generative answers (`LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`, `LLM_TIMEOUT_MS`); undefined = extractive only. */
  llm: LlmConfig | undefined;
  /** Optional embeddings (`EMBEDDINGS_BASE_URL`, `_API_KEY`, `_MODEL`, `_DIMENSIONS`, `_BATCH`, `_TIMEOUT_MS`); undefined = keyword search only. */
  embeddings: EmbeddingsConfig | undefined;
  /** Public facts for the About page and footer (`SITE_*` variables; see `site/info.ts`). */
  site: SiteInfo;
  /** Absolute folder holding the front-end workspaces' `dist/` folders (`WEB_ROOT`, default: the repository root). */
  webRoot: string;
  /**
   * The in-memory cache of search pages, answers, statistics and catalog counts, keyed by the
   * corpus version (`SEARCH_CACHE`: `on`, the default, or `off` to measure without it; see
   * `cache/responses.ts`).
   */
  responseCache: boolean;
  /** Serve the builds' source maps (`*.map`) to anyone (`PUBLIC_SOURCE_MAPS`, default false: 404). */
  publicSourceMaps: boolean;
}

/** See {@link Config.httpTimeouts}; all in ms. */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  connectionsCheckMs: number;
}

/** Thrown by {@link loadConfig} for a value it cannot use; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${name} must be "on" or "off", got "${raw}"`);
}

function origin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an origin like https://example.org, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${raw}"`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`${name} must be an origin only (scheme, host, port), got "${raw}"`);
  }
  return url.origin;
}

/**
 * A yes/no variable: `true`/`false` (any case), `1`/`0`; `fallback` when unset.
 * @throws ConfigError naming the variable for anything else
 */
function booleanValue(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const lower = raw.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function trustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (!/^[\w.:/, -]+$/.test(raw)) {
    throw new ConfigError(`TRUST_PROXY must be true, false, a hop count or addresses/subnets, got "${raw}"`);
  }
  return raw;
}

/**
 * Reads and validates the configuration.
 *
 * @param env the environment (default `process.env`)
 * @param cwd folder that a relative `DATA_DIR`/`WEB_ROOT` is resolved against (default `process.cwd()`)
 * @returns the configuration, with absolute folders and normalized origins
 * @throws ConfigError naming the variable when a value is invalid (a port out of range, an
 *   origin that is not `http(s)://host[:port]`, an unknown log level, equal ports, a header
 *   timeout longer than the request timeout, a `SEARCH_CACHE` other than `on`/`off`)
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const knowledgePort = integer(env, 'KNOWLEDGE_PORT', port === 0 ? 0 : 7860, 0, 65535);
  if (knowledgePort !== 0 && knowledgePort === port) {
    throw new ConfigError(`KNOWLEDGE_PORT must differ from PORT (both ${port}); use 0 to disable it`);
  }
  const metricsPort = value(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 0, 65535);
  if (metricsPort !== undefined && metricsPort !== 0 && (metricsPort === port || metricsPort === knowledgePort)) {
    throw new ConfigError(`METRICS_PORT must differ from PORT and KNOWLEDGE_PORT (got ${metricsPort})`);
  }
  const rawLevel = value(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(rawLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${rawLevel}"`);
  }
  const databaseUrl = value(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const publicOriginRaw = value(env, 'PUBLIC_ORIGIN');
  const dataDir = path.resolve(cwd, value(env, 'DATA_DIR') ?? 'data');
  const previewAllowedOrigins = (value(env, 'PREVIEW_ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => origin('PREVIEW_ALLOWED_ORIGINS', o));
  const knowledgeRaw = value(env, 'KNOWLEDGE_APP_ORIGIN');
  const httpTimeouts: HttpTimeouts = {
    headersMs: integer(env, 'HEADERS_TIMEOUT_MS', 20_000, 1_000, 600_000),
    requestMs: integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 1_000, 3_600_000),
    connectionsCheckMs: integer(env, 'CONNECTIONS_CHECK_MS', 1_000, 100, 60_000),
  };
  // Node refuses a header limit longer than the whole request's.
  if (httpTimeouts.headersMs > httpTimeouts.requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${httpTimeouts.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${httpTimeouts.requestMs})`,
    );
  }
  return {
    port,
    knowledgePort,
    metricsPort,
    dataDir,
    releasesDir: path.resolve(cwd, value(env, 'RELEASES_DIR') ?? path.join(dataDir, 'releases')),
    databaseUrl,
    publicOrigin: publicOriginRaw ? origin('PUBLIC_ORIGIN', publicOriginRaw) : `http://localhost:${port}`,
    knowledgeAppOrigin: knowledgeRaw ? origin('KNOWLEDGE_APP_ORIGIN', knowledgeRaw) : undefined,
    trustProxy: trustProxy(value(env, 'TRUST_PROXY')),
    httpTimeouts,
    searchQueueMaxWaitMs: integer(env, 'SEARCH_QUEUE_MAX_WAIT_MS', 5_000, 100, 600_000),
    rateLimits: {
      formsPerMinute: integer(env, 'RATE_LIMIT_FORMS_PER_MINUTE', 20, 1, 1_000_000),
      askPerMinute: integer(env, 'RATE_LIMIT_ASK_PER_MINUTE', 120, 1, 1_000_000),
      readPerMinute: integer(env, 'RATE_LIMIT_READ_PER_MINUTE', 600, 1, 1_000_000),
      flushMs: integer(env, 'RATE_LIMIT_FLUSH_MS', 500, 0, 10_000),
    },
    logLevel: rawLevel as LogLevel,
    forms: loadFormsConfig(env, (message) => new ConfigError(message)),
    llm: loadLlmConfig(env, (message) => new ConfigError(message)),
    embeddings: loadEmbeddingsConfig(env, (message) => new ConfigError(message)),
    previewAllowedOrigins,
    site: loadSiteInfo(env, knowledgeRaw ? origin('KNOWLEDGE_APP_ORIGIN', knowledgeRaw) : undefined, previewAllowedOrigins),
    // config.ts sits in server/src or server/dist: the repository root is two levels up.
    webRoot: path.resolve(cwd, value(env, 'WEB_ROOT') ?? path.resolve(__dirname, '..', '..')),
    responseCache: onOff(env, 'SEARCH_CACHE', true),
    publicSourceMaps: booleanValue(env, 'PUBLIC_SOURCE_MAPS', false),
  };
}

/**
 * The knowledge application's origin: `KNOWLEDGE_APP_ORIGIN` when set, else the public origin
 * with its port replaced by `KNOWLEDGE_PORT` when the public origin names `PORT` explicitly
 * (the spec's "replace 3000 with 7860" rule), else none.
 */
export function knowledgeOrigin(config: Config): string | undefined {
  if (config.knowledgeAppOrigin) return config.knowledgeAppOrigin;
  if (config.knowledgePort === 0) return undefined;
  const url = new URL(config.publicOrigin);
  if (url.port !== String(config.port)) return undefined;
  url.port = String(config.knowledgePort);
  return url.origin;
}

/**
 * The origins a browser request may come from: the public origin, `http://localhost:PORT`
 * (and its 127.0.0.1 twin), the knowledge application's origin and, when the second listener
 * is on, `http://localhost:KNOWLEDGE_PORT`. POST routes refuse any other `Origin`.
 */
export function siteOrigins(config: Config): Set<string> {
  const origins = new Set<string>([config.publicOrigin]);
  for (const port of [config.port, config.knowledgePort]) {
    if (port === 0) continue;
    origins.add(`http://localhost:${port}`);
    origins.add(`http://127.0.0.1:${port}`);
  }
  const knowledge = knowledgeOrigin(config);
  if (knowledge) origins.add(knowledge);
  return origins;
}
