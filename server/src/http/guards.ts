import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { HttpError } from './errors.js';

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

/**
 * A per-client-IP limiter of `perMinute` requests per minute; over the limit, the request goes
 * to the error middleware as a 429 (with `RateLimit` and `Retry-After` headers set).
 *
 * @param name route group, in the error message
 */
export function perMinuteLimit(name: string, perMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    handler: (_req, _res, next) => next(new HttpError(429, `Too many ${name} requests; try again in a minute`)),
  });
}

/** Runs `handler` only for GET and HEAD requests. */
export function onReads(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? handler(req, res, next) : next());
}

/** True when `value` is text that can be stored: no NUL and no lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}
