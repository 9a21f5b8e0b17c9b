import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { HttpError } from './errors.js';
import type { SharedRateLimitCounts } from './rate-limit-counts.js';
import { DatabaseRateLimitStore } from './rate-limit-store.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function normalizeOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses (403) a state-changing request whose `Origin` header is present and not one of the
 * site's own origins. A request without `Origin` (curl, server to server) is allowed.
 *
 * @param allowed origins as `URL.origin` gives them
 */
export function sameOriginOnly(allowed: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const normalized = normalizeOrigin(origin);
    if (normalized !== undefined && normalized !== 'null' && allowed.has(normalized)) return next();
    next(new HttpError(403, 'Requests from another origin are not allowed'));
  };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Refuses (415) a POST, PUT or PATCH whose body is not `application/json` (or that has none). */
export const jsonBodyOnly: RequestHandler = (req, _res, next) => {
  if (!BODY_METHODS.has(req.method)) return next();
  if (req.is('application/json') === 'application/json') return next();
  next(new HttpError(415, 'The request body must be JSON (Content-Type: application/json)'));
};

/** Where a limiter's counts live when every server process must share them. */
export interface SharedLimitStore {
  /** The database all processes share (table `rate_limits`). */
  db: Queryable;
  /**
   * The limiter's name in the table (default: the route group `name`). Limiters of one app
   * that must count apart (the API's form posts and the unsubscribe page) need different names.
   */
  limiter?: string;
  /** Where database failures are reported (the store then counts in this process alone). */
  logger?: Logger;
  /**
   * Count in memory and write the counts in batches through these ({@link SharedRateLimitCounts}:
   * limits shared to within about two flush intervals, no statement per request); absent: one
   * upsert per request (exact across processes).
   */
  batched?: SharedRateLimitCounts;
}

/**
 * A per-client-IP limiter of `perMinute` requests per minute; over the limit, the request goes
 * to the error middleware as a 429 (with `RateLimit` and `Retry-After` headers set).
 *
 * Each client's minute starts at its first request. With `shared`, the counts are kept in the
 * database, shared by every process on that database, failing open to a per-process count while
 * the database fails: with `shared.batched`, counted in memory and written in batches
 * ({@link SharedRateLimitCounts}), else by one upsert per request ({@link DatabaseRateLimitStore});
 * without `shared`, in this process's memory.
 *
 * The client is `req.ip`, so `TRUST_PROXY` decides whether `X-Forwarded-For` counts. A request
 * without a client address (its client reset the connection while an earlier middleware was
 * waiting, so `req.ip` is undefined) is not counted and goes on: nothing can be answered to it,
 * and counting it would store a row without a key. That is logged at `debug` only. A request
 * carrying `X-Forwarded-For` while `TRUST_PROXY` is unset is counted by its socket address, as
 * intended (the header is the client's claim, not a proxy's), so express-rate-limit's warning
 * about that header is turned off rather than printed for every such limiter.
 *
 * @param name route group, in the error message
 */
export function perMinuteLimit(name: string, perMinute: number, shared?: SharedLimitStore): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    validate: { xForwardedForHeader: false },
    skip: (req) => {
      if (req.ip !== undefined) return false;
      const log = (req as { log?: Logger }).log ?? shared?.logger;
      log?.debug({ limiter: shared?.limiter ?? name }, 'rate limit: the client went away; not counted');
      return true;
    },
    ...(shared
      ? {
          store: shared.batched
            ? shared.batched.store(shared.limiter ?? name)
            : new DatabaseRateLimitStore({ db: shared.db, limiter: shared.limiter ?? name, logger: shared.logger }),
        }
      : {}),
    handler: (_req, _res, next) => next(new HttpError(429, `Too many ${name} requests; try again in a minute`)),
  });
}

/**
 * Refuses (400) a request carrying `Host` more than once. Node keeps one of them in
 * `req.headers`, so which host a proxy and this server each saw could differ; the raw headers
 * (`req.rawHeaders`, name and value alternating) still show every copy.
 */
export const singleHost: RequestHandler = (req, _res, next) => {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts += 1;
  next(hosts > 1 ? new HttpError(400, 'The request has more than one Host header') : undefined);
};

/** Runs `handler` only for GET and HEAD requests. */
export function onReads(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? handler(req, res, next) : next());
}

/** True when `value` is text that can be stored: no NUL and no lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

/** Deepest nesting of arrays and objects accepted in a JSON body (a form's object is level 1). */
export const MAX_JSON_DEPTH = 8;

/** Keys refused anywhere in a JSON body: merged naively into an object they rewrite prototypes. */
export const FORBIDDEN_JSON_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What is wrong with the shape of a parsed JSON body, if anything: nesting deeper than
 * `maxDepth` levels of arrays/objects, or a key of {@link FORBIDDEN_JSON_KEYS} at any level.
 * Walks the value without recursion, so any depth JSON.parse produced is safe to check.
 *
 * @returns an English message for the client, or undefined when the shape is acceptable
 */
export function jsonShapeProblem(value: unknown, maxDepth: number = MAX_JSON_DEPTH): string | undefined {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > maxDepth) return `The request body is nested too deeply (at most ${maxDepth} levels)`;
    for (const key of Object.keys(item)) {
      if (FORBIDDEN_JSON_KEYS.has(key)) return `The request body must not contain the key "${key}"`;
      pending.push([(item as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return undefined;
}

/**
 * Refuses (400) a parsed JSON body whose shape {@link jsonShapeProblem} objects to. Mount
 * after the JSON body parser.
 */
export const safeJsonBody: RequestHandler = (req, _res, next) => {
  const problem = jsonShapeProblem(req.body as unknown);
  next(problem === undefined ? undefined : new HttpError(400, problem));
};

/**
 * Refuses (400) a request whose query string gives a parameter more than once
 * (`?q=a&q=b`) or in any form other than plain text, so no route sees an array where it
 * expects a string. With Express's `simple` query parser `?q[a]=1` is the unknown parameter
 * `q[a]`, which the routes ignore.
 */
export const singleQueryValues: RequestHandler = (req, _res, next) => {
  const query = req.query as Record<string, unknown>;
  for (const name of Object.keys(query)) {
    if (typeof query[name] !== 'string') {
      next(new HttpError(400, `The query parameter ${name.slice(0, 40)} must be given once, as text`));
      return;
    }
  }
  next();
};
