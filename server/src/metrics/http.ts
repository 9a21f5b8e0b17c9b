import type { RequestHandler } from 'express';
import { httpDuration, httpRequests, routeGroup } from './metrics.js';

/** Methods kept as they are in the `method` label; any other becomes `other` (bounded series). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts every request in `kb_http_requests_total{group,method,status}` and times it in
 * `kb_http_request_duration_seconds{group,method}` (from here to the response's last byte, or
 * to the connection closing first — then with the status set so far). The group comes from
 * the path alone ({@link routeGroup}); nothing of the query, headers or body is recorded.
 * Mount first, so every later middleware's time counts.
 */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  // originalUrl: later routers rewrite req.url and req.path for their own mount points.
  const raw = req.originalUrl;
  const q = raw.indexOf('?');
  const group = routeGroup(q >= 0 ? raw.slice(0, q) : raw);
  const method = KNOWN_METHODS.has(req.method) ? req.method : 'other';
  let recorded = false;
  const record = (): void => {
    if (recorded) return;
    recorded = true;
    httpRequests.inc({ group, method, status: String(res.statusCode) });
    httpDuration.observe({ group, method }, Number(process.hrtime.bigint() - started) / 1e9);
  };
  res.once('finish', record);
  res.once('close', record);
  next();
};
