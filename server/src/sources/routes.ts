import { Router, type Request, type Response } from 'express';
import { isLang, type ApiError, type SourcesResponse } from '@kb/contracts';
import { sendCachedJson, type ResponseCache } from '../cache/responses.js';
import { localizeCatalog } from './catalog.js';

/** What the sources router needs from the rest of the server. */
export interface SourcesRouterDeps {
  /**
   * Indexed passages per source id (see `countIndexedPassages` in `repository.ts`).
   * A rejection becomes the app's 500 answer.
   */
  countPassages: () => Promise<ReadonlyMap<string, number>>;
  /** How long one count is reused, in ms (default 30 000; 0 counts on every request). */
  countsTtlMs?: number;
  /** Clock in ms, for tests (default `Date.now`). */
  now?: () => number;
  /**
   * The app's response cache: when given and on, each language's answer is kept per corpus
   * version (`X-Cache`) and passages are counted once per version instead of every
   * {@link countsTtlMs}.
   */
  responses?: ResponseCache;
}

/**
 * `Cache-Control` of a catalog answer: the texts change only with a deploy and the counts only
 * with a corpus import, so browsers and shared caches may keep it for five minutes.
 */
export const SOURCES_CACHE_CONTROL = 'public, max-age=300';

/** Default reuse time of a passage count (ms). */
export const DEFAULT_COUNTS_TTL_MS = 30_000;

/**
 * The router of `GET /api/sources?lang=en|tr` (ARCHITECTURE.md "Server"); mount it at
 * `/api/sources`.
 *
 * Answers 200 with {@link SourcesResponse}: the ten catalog sources in `lang` (default `en`),
 * each with its status and indexed-passage count. A `lang` other than `en` or `tr` (or given
 * twice) gets 400 `{ success: false, error }`. The count of indexed passages is one
 * `GROUP BY` over the passages table, so it is reused for {@link SourcesRouterDeps.countsTtlMs}
 * and shared by concurrent requests; a failed count is not kept. With the app's response
 * cache on, whole answers are kept per corpus version instead (see
 * {@link SourcesRouterDeps.responses}), with a weak `ETag`; a matching `If-None-Match` gets 304.
 */
export function sourcesRouter(deps: SourcesRouterDeps): Router {
  const ttlMs = deps.countsTtlMs ?? DEFAULT_COUNTS_TTL_MS;
  const now = deps.now ?? Date.now;
  let cached: { at: number; counts: Promise<ReadonlyMap<string, number>> } | undefined;

  const counts = (): Promise<ReadonlyMap<string, number>> => {
    const at = now();
    if (cached && at - cached.at < ttlMs) return cached.counts;
    const entry = { at, counts: deps.countPassages() };
    cached = entry;
    entry.counts.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.counts;
  };

  const router = Router();
  router.get('/', async (req: Request, res: Response) => {
    const raw: unknown = req.query.lang ?? 'en';
    if (!isLang(raw)) {
      const body: ApiError = { success: false, error: 'lang must be "en" or "tr"' };
      res.status(400).set('Cache-Control', 'no-store').json(body);
      return;
    }
    const lang = raw;
    const headers = { 'Cache-Control': SOURCES_CACHE_CONTROL, 'Content-Language': lang };
    const { responses } = deps;
    if (!responses) {
      const body: SourcesResponse = { lang, sources: localizeCatalog(lang, await counts()) };
      res.set(headers).json(body);
      return;
    }
    // A kept answer is forgotten with its corpus version, so it may count afresh.
    const count = responses.enabled ? deps.countPassages : counts;
    const result = await responses.json(['sources', lang], async () => {
      const body: SourcesResponse = { lang, sources: localizeCatalog(lang, await count()) };
      return { value: body };
    });
    sendCachedJson(req, res, result, headers);
  });
  return router;
}
