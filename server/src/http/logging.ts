import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { REDACTED_ADDRESS, type Logger } from '../logger.js';

/** Header carrying the request id, read from the request and echoed on the response. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming request id we keep: 1–64 letters, digits, `.`, `_`, `:` or `-`. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request: the client's (or proxy's) `X-Request-Id` when it is sane (see
 * {@link SANE_REQUEST_ID}; given once), else a new random UUID. Never personal data: anything
 * else in the header is ignored, not logged.
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

function pathOnly(url: string | undefined): string {
  const u = url ?? '';
  const q = u.indexOf('?');
  return q >= 0 ? u.slice(0, q) : u;
}

/**
 * A request path as it may be logged: without its query string, and with every e-mail address
 * in it (typed as `@` or percent-encoded as `%40`) replaced by `[address]` — a client may put
 * one in a path (`/x/a@b.c`), and an address is personal data.
 *
 * @param url the request's raw URL (`req.url`, or `req.path`)
 */
export function loggedPath(url: string | undefined): string {
  return pathOnly(url).replace(/%40/gi, '@').replace(ADDRESS_IN_PATH, REDACTED_ADDRESS);
}

/** An e-mail address within one path segment (the logger's own pattern would run across `/`). */
const ADDRESS_IN_PATH = /[^\s/<>"'(),;:@]+@[^\s/<>"'(),;:@]+\.[^\s/<>"'(),;:@]+/g;

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/healthz/remotes']);

/**
 * The request log (pino-http): one line per request when its response is finished (or the
 * connection closed), `{ req: { id, method, path }, res: { statusCode }, responseTime }` —
 * the path without its query string and with any e-mail address in it replaced
 * ({@link loggedPath}), never headers, bodies, questions or e-mail addresses.
 * Every request gets an id ({@link requestId}), echoed in the `X-Request-Id` response header
 * and bound to `req.log`, so lines the routes write carry it too. `/healthz`, `/readyz` and
 * `/healthz/remotes` (polled by probes) are not logged.
 *
 * Errors: the error middleware does not log; it hands an unexpected error to this logger as
 * `res.err`, so a failed request is one `error` line ("request errored") carrying the error's
 * stack, its id and its status. Client errors (4xx) are ordinary `info` lines.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestId(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        path: loggedPath(req.url),
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOnly(req.url)) },
    customLogLevel: (_req, res, error) => (error || res.err || res.statusCode >= 500 ? 'error' : 'info'),
  });
}
