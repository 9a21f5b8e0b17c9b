import { Router } from 'express';
import type { StatsResponse } from '@kb/contracts';
import { sendCachedJson, type ResponseCache } from '../cache/responses.js';
import type { Queryable } from '../db/database.js';
import { languageCounts } from '../passages/catalog.js';

/** `Cache-Control` of the statistics: they change only with a corpus import. */
export const STATS_CACHE_CONTROL = 'public, max-age=60';

/**
 * Counts what the search index holds, per source and language, with the translators credited
 * for each (`languageCounts`, one `GROUP BY` over the passages table).
 *
 * @throws on a database error
 */
export async function readStats(db: Queryable): Promise<StatsResponse> {
  const rows = await languageCounts(db);
  const sources = new Map<string, StatsResponse['sources'][number]>();
  for (const r of rows) {
    const entry = sources.get(r.source) ?? { source: r.source, passages: 0, languages: [] };
    entry.passages += r.passages;
    entry.languages.push({ lang: r.lang, passages: r.passages, translators: r.translators });
    sources.set(r.source, entry);
  }
  return {
    passages: rows.reduce((sum, r) => sum + r.passages, 0),
    languages: new Set(rows.map((r) => r.lang)).size,
    sources: [...sources.values()],
  };
}

/**
 * `GET /api/stats` → {@link StatsResponse}; mount at `/api/stats`. Counted once per corpus
 * version through `responses` (`X-Cache`), with a weak `ETag` (a matching `If-None-Match` gets
 * 304) and `Cache-Control: public, max-age=60`.
 */
export function statsRouter(db: Queryable, responses: ResponseCache): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const result = await responses.json(['stats'], async () => ({ value: await readStats(db) }));
    sendCachedJson(req, res, result, { 'Cache-Control': STATS_CACHE_CONTROL });
  });
  return router;
}
