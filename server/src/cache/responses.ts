/**
 * The in-memory cache of answers that repeat: search pages, answers to questions, the
 * statistics and the catalog's counts. Entries are the JSON bodies, keyed by the normalized
 * request (the parsed parameters, never an address, a client id or a header) and the corpus
 * version (`cache/corpus-version.ts`), so a corpus change through any server empties every
 * server's cache within a second. Bounded by size (`lru-cache`: least recently used first out)
 * and by age, so a degraded answer (the embeddings endpoint timing out, say) is not kept for
 * long. `SEARCH_CACHE=off` turns it off for measurement (docs/performance.md).
 */
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { recordCacheRequest } from '../metrics/metrics.js';
import { computeUnder, corpusVersionReader, onCorpusChange, type CorpusVersionReader } from './corpus-version.js';

/** Bounds of the cache: bytes kept (UTF-8 bodies and keys), entries, and the age of the oldest entry served (ms). */
export interface ResponseCacheLimits {
  maxBytes: number;
  maxEntries: number;
  ttlMs: number;
}

/** The cache's bounds: 64 MB, 20,000 entries, 10 minutes. */
export const RESPONSE_CACHE_LIMITS: Readonly<ResponseCacheLimits> = { maxBytes: 64 * 1024 * 1024, maxEntries: 20_000, ttlMs: 10 * 60_000 };

/** The parts of a request that decide its response: the route's name first, then its parsed parameters. */
export type CacheKey = readonly [string, ...(string | number | boolean | null)[]];

/** A body as kept by the cache, with its `ETag`. */
export interface CachedBody {
  /** The response body: JSON text. */
  body: string;
  /** A weak validator: `W/"<corpus version>-<hash of the body>"` (`W/"<hash>"` when the version is unknown). */
  etag: string;
}

/**
 * Where a response came from, as the `X-Cache` header tells callers: `hit` (kept, or being
 * computed for an identical request already), `miss` (computed for this request) or `off`
 * (the cache is off; no header is sent then).
 */
export type CacheStatus = 'hit' | 'miss' | 'off';

/** A body and where it came from. */
export interface CachedResult extends CachedBody {
  cache: CacheStatus;
}

/** What a computation gives the cache: the value to send and whether it may be kept. */
export interface Computed {
  value: unknown;
  /** False for an answer that should not be repeated (a model's answer replaced after a failure). Default true. */
  keep?: boolean;
}

/** The cache as the routes use it. */
export interface ResponseCache {
  /** False when `SEARCH_CACHE=off`: every call computes, nothing is kept, no `X-Cache` header. */
  readonly enabled: boolean;
  /**
   * The response for `key` at the current corpus version: the kept body, or `compute`'s value
   * as JSON (computed once for concurrent identical requests, and kept unless it says not to).
   * When the corpus version cannot be read the value is computed and not kept.
   *
   * @throws what `compute` throws (nothing is kept then)
   */
  json(key: CacheKey, compute: () => Promise<Computed>): Promise<CachedResult>;
  /**
   * Looks `key` up without computing (for a response that is streamed while it is computed).
   *
   * @returns the corpus version the lookup was made at (undefined when the cache is off or the
   *   version could not be read: do not {@link store} then) and the kept body, if any
   */
  lookup(key: CacheKey): Promise<{ version: string | undefined; entry: CachedBody | undefined }>;
  /**
   * Keeps `value` (as JSON) for `key`, unless the corpus changed since `version` was read
   * (a value computed before the change must not outlive it).
   */
  store(key: CacheKey, version: string, value: unknown): void;
}

/** Options of {@link createResponseCache}. */
export interface ResponseCacheOptions {
  /** The database whose corpus version keys the cache. */
  db: Queryable;
  /** `config.responseCache` (`SEARCH_CACHE`); false = off. */
  enabled: boolean;
  /** Where a failed version read is logged (warn). */
  logger: Logger;
  /** Tests: the version reader (default: one over `db`, read at most once a second). */
  versions?: CorpusVersionReader;
  /** Tests: smaller bounds. */
  limits?: Partial<ResponseCacheLimits>;
}

/** The weak `ETag` of a body: the corpus version it was computed at (if known) and a hash of its bytes. */
export function weakEtag(version: string | undefined, body: string): string {
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return version === undefined ? `W/"${hash}"` : `W/"${version}-${hash}"`;
}

type Entry = CachedBody & { keep: boolean };

/**
 * A response cache over `db`'s corpus version (see the module comment). It also listens for
 * corpus changes announced on `db` by this process (`announceCorpusChange`), so the change's
 * own server reads the new version at once.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { db, enabled, logger } = options;
  const limits = { ...RESPONSE_CACHE_LIMITS, ...options.limits };
  const versions = options.versions ?? corpusVersionReader(db);
  if (enabled) onCorpusChange(db, () => versions.expire());
  const storeKey = (version: string, key: CacheKey): string => `${version}\n${JSON.stringify(key)}`;
  const versionOf = (storedKey: string): string => storedKey.slice(0, storedKey.indexOf('\n'));

  const entries = new LRUCache<string, Entry, () => Promise<Computed>>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    sizeCalculation: (entry, key) => Buffer.byteLength(entry.body) + Buffer.byteLength(key),
    ttl: limits.ttlMs,
    fetchMethod: async (key, _stale, { context }) => {
      const computed = await context();
      const body = JSON.stringify(computed.value);
      return { body, etag: weakEtag(versionOf(key), body), keep: computed.keep !== false };
    },
  });
  /** The version the kept entries belong to; entries of an older one are dropped when a newer one is read. */
  let seen: string | undefined;

  /** The current version, or undefined when it cannot be read (logged) or is older than one already seen. */
  async function currentVersion(): Promise<string | undefined> {
    let version: string;
    try {
      version = await versions.current();
    } catch (error) {
      logger.warn({ err: error }, 'corpus version not readable; answering without the response cache');
      return undefined;
    }
    if (seen !== undefined && BigInt(version) < BigInt(seen)) {
      // A read that started before a newer one ended after it: answer, but keep nothing under it.
      // (A database recreated under a running server would land here too: restart the server.)
      return undefined;
    }
    if (version !== seen) {
      // Versions only grow: an entry of an older version will never be asked for again.
      entries.clear();
      seen = version;
    }
    return version;
  }

  /** Counts a lookup in `kb_cache_requests_total` (metrics/metrics.ts) and passes its result on. */
  function counted(key: CacheKey, result: CachedResult): CachedResult {
    if (result.cache !== 'off') recordCacheRequest(key[0], result.cache);
    return result;
  }

  async function uncached(compute: () => Promise<Computed>, cache: CacheStatus): Promise<CachedResult> {
    const body = JSON.stringify((await compute()).value);
    return { body, etag: weakEtag(undefined, body), cache };
  }

  return {
    enabled,
    async json(key, compute) {
      if (!enabled) return uncached(compute, 'off');
      const version = await currentVersion();
      // The key's first part names the cache (search, ask, stats, sources): the metric's label.
      if (version === undefined) return counted(key, await uncached(compute, 'miss'));
      const k = storeKey(version, key);
      const status: LRUCache.Status<string, Entry, () => Promise<Computed>> = {};
      // Computed under the version it is kept under, so term statistics are kept under it too.
      const entry = await entries.fetch(k, { context: () => computeUnder(version, compute), status });
      if (entry === undefined) return counted(key, await uncached(compute, 'miss'));
      if (!entry.keep && entries.peek(k) === entry) entries.delete(k);
      const hit = status.fetch === 'hit' || status.fetch === 'inflight';
      return counted(key, { body: entry.body, etag: entry.etag, cache: hit ? 'hit' : 'miss' });
    },
    async lookup(key) {
      if (!enabled) return { version: undefined, entry: undefined };
      const version = await currentVersion();
      if (version === undefined) return { version, entry: undefined };
      const entry = entries.get(storeKey(version, key));
      recordCacheRequest(key[0], entry ? 'hit' : 'miss');
      return { version, entry: entry && { body: entry.body, etag: entry.etag } };
    },
    store(key, version, value) {
      if (!enabled || version !== seen) return;
      const body = JSON.stringify(value);
      entries.set(storeKey(version, key), { body, etag: weakEtag(version, body), keep: true });
    },
  };
}

/**
 * Sends a cached JSON result: `Content-Type: application/json`, the given headers, `X-Cache`
 * (`hit`/`miss`, absent when the cache is off) and, for a GET, the `ETag`, answering 304
 * without a body when the request's `If-None-Match` holds it.
 *
 * @param headers e.g. `Cache-Control`, `Content-Language`
 */
export function sendCachedJson(req: Request, res: Response, result: CachedResult, headers: Record<string, string>): void {
  res.set(headers);
  if (result.cache !== 'off') res.set('X-Cache', result.cache);
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.set('ETag', result.etag);
    // Express's own check: GET/HEAD, a 2xx status, If-None-Match against the ETag (weak comparison).
    if (req.fresh) {
      res.status(304).end();
      return;
    }
  }
  res.type('application/json').send(result.body);
}
