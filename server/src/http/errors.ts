import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { ApiError } from '@kb/contracts';
import { DatabaseUnavailableError } from '../db/database.js';
import type { Logger } from '../logger.js';
import { loggedPath } from './logging.js';

/** An error with the HTTP status and the message the client sees. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The messages of body-parser's errors (`err.type`), which must not echo its internals. */
const BODY_ERRORS: Readonly<Record<string, string>> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large',
  'encoding.unsupported': 'The request body has an unsupported content encoding',
  'charset.unsupported': 'The request body has an unsupported charset; use UTF-8',
  'request.aborted': 'The request was aborted',
  'request.size.invalid': 'The request body does not match its Content-Length',
  'stream.encoding.set': 'The request could not be read',
  'parameters.too.many': 'The request has too many parameters',
};

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'The request body is too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  503: 'Service unavailable',
};

/** What the client reads while the database restarts (a worker that died; `db/pglite-worker.ts`). */
const UNAVAILABLE_MESSAGE = 'The database is restarting; try again in a few seconds';

/**
 * A 503 for a database that cannot answer right now, with `Retry-After` (seconds) set on `res`;
 * `undefined` for any other error. Not logged as an error: the worker's death is logged once.
 */
function unavailable(error: unknown, res: Response): { status: number; message: string } | undefined {
  if (!(error instanceof DatabaseUnavailableError)) return undefined;
  res.set('Retry-After', String(error.retryAfterSeconds));
  return { status: 503, message: UNAVAILABLE_MESSAGE };
}

function clientError(error: unknown): { status: number; message: string } | undefined {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { status?: unknown; statusCode?: unknown; type?: unknown };
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const byType = typeof e.type === 'string' ? BODY_ERRORS[e.type] : undefined;
  return { status, message: byType ?? STATUS_MESSAGES[status] ?? 'Bad request' };
}

/**
 * Hands an unexpected error to the request log, which writes it once, with its stack, on the
 * request's own line (`http/logging.ts`, pino-http's `res.err`). Without a request logger in
 * front (a router tested alone) it is logged here instead, so it is never lost.
 */
function logUnexpected(logger: Logger, error: unknown, req: Request, res: Response): void {
  const err = error instanceof Error ? error : new Error(String(error));
  if ((req as { log?: unknown }).log !== undefined) res.err = err;
  else logger.error({ err, method: req.method, path: loggedPath(req.path) }, 'request failed');
}

/**
 * The `/api` error middleware: every error becomes `{ success: false, error }` with the status
 * that fits — an {@link HttpError}'s own, a body-parser or router error's 4xx (400 malformed
 * JSON, 413 too large, 415 charset), 503 with `Retry-After` while the database restarts
 * ({@link DatabaseUnavailableError}), else 500 with a generic message (the error and its stack
 * go to the log once, on the request's line; client errors are not logged as errors). An error
 * after the answer started (a stream) goes to {@link siteErrorHandler}.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const known = clientError(error) ?? unavailable(error, res);
    const status = known?.status ?? 500;
    if (!known) logUnexpected(logger, error, req, res);
    const body: ApiError = { success: false, error: known?.message ?? 'Internal server error' };
    res.status(status).set('Cache-Control', 'no-store').json(body);
  };
}

/**
 * Answers a rate limit's 429 ({@link HttpError} from `perMinuteLimit`) with the API's shape
 * `{ success: false, error }` (its `RateLimit` and `Retry-After` headers kept), on a route
 * outside `/api` whose other errors stay pages; any other error goes on. Mount it right after
 * the limiter.
 */
export const rateLimitAsJson: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (!(error instanceof HttpError) || error.status !== 429 || res.headersSent) {
    next(error);
    return;
  }
  const body: ApiError = { success: false, error: error.message };
  res.status(429).set('Cache-Control', 'no-store').json(body);
};

/** 404 `{ success: false, error }` for an `/api` route that does not exist. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No API route ${req.method} ${req.baseUrl}${req.path}`));
};

/**
 * The site's last error middleware (outside `/api`): a plain-text status line, never internals
 * (503 with `Retry-After` while the database restarts).
 * An error after the answer started cuts the connection (the client sees a truncated answer)
 * and is logged once, like any other.
 */
export function siteErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = clientError(error) ?? (res.headersSent ? undefined : unavailable(error, res));
    if (!known) logUnexpected(logger, error, req, res);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .status(known?.status ?? 500)
      .type('text/plain')
      .send(known ? (STATUS_MESSAGES[known.status] ?? known.message) : 'Internal server error');
  };
}
