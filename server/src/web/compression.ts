import type { Request, RequestHandler, Response } from 'express';
import compression from 'compression';

/**
 * Whether a response may be compressed on the fly: what `compression` compresses by default
 * (compressible types of 1 KB or more the browser accepts), except Server-Sent Events. A
 * compressor holds bytes back until its buffer fills, so a streamed answer's events would
 * reach the browser late and in bursts; an event stream is sent as it is written.
 * Precompressed static files already carry `Content-Encoding` and are left alone.
 */
export function shouldCompress(req: Request, res: Response): boolean {
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && /^text\/event-stream\b/i.test(type)) return false;
  return compression.filter(req, res);
}

/** The site's response compression (gzip or brotli, see {@link shouldCompress}). */
export function compressResponses(): RequestHandler {
  return compression({ filter: shouldCompress });
}
