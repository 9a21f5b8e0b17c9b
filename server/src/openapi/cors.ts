import type { RequestHandler } from 'express';

/** How long a browser may cache a preflight answer (seconds). */
export const PREFLIGHT_MAX_AGE_S = 86_400;

/**
 * CORS for the open-data reads: every GET and HEAD answer carries
 * `Access-Control-Allow-Origin: *` (and exposes `ETag` and `X-Cache`), and an `OPTIONS` preflight is
 * answered 204 allowing GET, HEAD and OPTIONS only — POST routes stay same-origin (the origin
 * check in `http/guards.ts` refuses them from other sites). No credentials are involved.
 */
export const corsForReads: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.set({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'ETag, Content-Language, X-Cache' });
    next();
    return;
  }
  if (req.method === 'OPTIONS') {
    res
      .status(204)
      .set({
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': 'Accept, Accept-Language, If-None-Match',
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
      })
      .end();
    return;
  }
  next();
};
