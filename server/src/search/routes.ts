import { Router } from 'express';
import { sendCachedJson, type CacheKey, type ResponseCache } from '../cache/responses.js';
import type { Queryable } from '../db/database.js';
import type { QueryFusion } from '../embeddings/fusion.js';
import { HttpError } from '../http/errors.js';
import { whenTurn, type FairQueue } from '../http/fair-queue.js';
import { isStorableText } from '../http/guards.js';
import { search, type SearchParams } from './service.js';

/** Longest search query (characters, after trimming). */
export const MAX_QUERY_CHARS = 200;
/** Largest page. */
export const MAX_LIMIT = 50;
/** Default page size. */
export const DEFAULT_LIMIT = 10;
/** Deepest offset served (a search results page, not an export). */
export const MAX_OFFSET = 10_000;

const SOURCE_ID = /^[a-z0-9-]{1,40}$/;
const LANG = /^[a-z]{2,3}$/;

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} must be given once, as text`);
  return value;
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new HttpError(400, `${name} must be a whole number between ${min} and ${max}`);
  const n = Number(raw);
  if (n < min || n > max) throw new HttpError(400, `${name} must be a whole number between ${min} and ${max}`);
  return n;
}

/**
 * Validates the query string of `GET /api/search`.
 *
 * @param query `req.query`: `q` (1–200 characters after trimming), `lang` (`all` default, or a
 *   2–3 letter code), `source` (a catalog id), `limit` (1–50, default 10), `offset` (≥ 0)
 * @throws HttpError 400 naming the parameter
 */
export function parseSearchParams(query: Record<string, unknown>): SearchParams {
  const q = (single(query, 'q') ?? '').trim();
  if (q.length === 0) throw new HttpError(400, 'q is required');
  if (q.length > MAX_QUERY_CHARS) throw new HttpError(400, `q must be at most ${MAX_QUERY_CHARS} characters`);
  if (!isStorableText(q)) throw new HttpError(400, 'q contains characters that are not allowed');
  const lang = single(query, 'lang') ?? 'all';
  if (lang !== 'all' && !LANG.test(lang)) throw new HttpError(400, 'lang must be "all" or a language code like "en"');
  const source = single(query, 'source');
  if (source !== undefined && source !== '' && !SOURCE_ID.test(source)) {
    throw new HttpError(400, 'source must be a source id like "quran"');
  }
  return {
    q,
    lang,
    source: source === '' ? undefined : source,
    limit: integer(single(query, 'limit'), 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
    offset: integer(single(query, 'offset'), 'offset', 0, 0, MAX_OFFSET),
  };
}

/**
 * The response cache's key of a search: its parameters as {@link parseSearchParams} returns
 * them (trimmed, defaults filled in), so `?q=x` and `?q=x&lang=all&limit=10` share one entry.
 */
export function searchCacheKey(params: SearchParams): CacheKey {
  return ['search', params.q, params.lang, params.source ?? null, params.limit, params.offset];
}

/**
 * `GET /api/search?q=&lang=&source=&limit=&offset=` → `SearchResponse` (see `service.ts`);
 * mount at `/api/search`. Invalid parameters → 400 through the API error middleware. With
 * `fusion` (embeddings configured) keyword and vector ranks are fused. Pages come from
 * `responses` when an identical search was answered at the current corpus version (`X-Cache:
 * hit`); each carries a weak `ETag` and a matching `If-None-Match` gets 304. `Cache-Control:
 * no-store` all the same: a visitor's searches are not left in shared or browser caches.
 * With `queue`, a search not in the cache waits its client's turn there (`http/fair-queue.ts`;
 * 503 with `Retry-After` when the expected wait is too long); a kept page is sent at once.
 */
export function searchRouter(db: Queryable, responses: ResponseCache, fusion?: QueryFusion, queue?: FairQueue): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const params = parseSearchParams(req.query as Record<string, unknown>);
    const compute = async (): Promise<{ value: unknown }> => ({ value: await search(db, params, fusion) });
    // With the cache on, a computed page may serve identical requests too: computed even if this client leaves.
    const queued = queue ? () => whenTurn(queue, req, res, compute, { leaveWhenGone: !responses.enabled }) : compute;
    const result = await responses.json(searchCacheKey(params), queued);
    sendCachedJson(req, res, result, { 'Cache-Control': 'no-store' });
  });
  return router;
}
