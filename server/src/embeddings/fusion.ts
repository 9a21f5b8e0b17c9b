import type { Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { nearestPassages } from '../passages/embeddings.js';
import type { RankedPassage, Scope } from '../passages/types.js';
import { createEmbedder, EmbeddingError, type Embedder } from './client.js';
import type { EmbeddingsConfig } from './config.js';
import { distancesOf, hasEmbeddings } from './repository.js';

/**
 * Search with embeddings: the query is embedded (one request to `EMBEDDINGS_BASE_URL`, within
 * `EMBEDDINGS_TIMEOUT_MS`), the passages of the same scope nearest to it by cosine distance
 * are ranked, and that ranking is fused with the keyword ranking by reciprocal rank fusion.
 * When the query cannot be embedded (endpoint down, slow, refusing) or no passage has a
 * vector of the model yet, the keyword ranking is returned unchanged; the failure is logged
 * with its kind and status, never with the query.
 */

/**
 * The `k` of reciprocal rank fusion: a passage at rank r (1-based) of a ranking scores
 * 1 / (k + r) from it. 60 is the value of Cormack, Clarke & Büttcher (SIGIR 2009), who found it
 * robust across collections; it keeps a first place in one ranking from outweighing good
 * places in both.
 */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each item's score is the sum over the rankings that contain it of
 * 1 / (k + rank), rank 1-based. Higher scores first; ties keep the order in which the items
 * were first met, reading the rankings in the order given (the keyword ranking first).
 *
 * @param rankings best first; an item is identified by `key`
 * @returns every item of every ranking once, with its fused score
 */
export function reciprocalRankFusion<T>(rankings: readonly (readonly T[])[], key: (item: T) => string, k: number = RRF_K): { item: T; score: number }[] {
  const fused = new Map<string, { item: T; score: number; seen: number }>();
  for (const ranking of rankings) {
    ranking.forEach((item, i) => {
      const id = key(item);
      const entry = fused.get(id) ?? { item, score: 0, seen: fused.size };
      entry.score += 1 / (k + i + 1);
      fused.set(id, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.seen - b.seen).map(({ item, score }) => ({ item, score }));
}

/** A page of ranked passages and how many there are in all. */
export interface RankedPage {
  total: number;
  passages: RankedPassage[];
}

/** Keyword and vector rankings fused (see the module's description). */
export interface QueryFusion {
  /**
   * One page of `/api/search`: the keyword ranking's first `offset + limit` passages and as
   * many nearest by vector, fused, then the page cut out. Passages found only by their vector
   * carry `matchedCount` 0 and `rank` 0.
   *
   * @param keyword the keyword search, asked for one page
   * @returns the fused page; `total` = keyword matches + passages found by vector alone within
   *   the fused depth; the keyword page itself when the query could not be embedded
   */
  search(query: string, scope: Scope, page: { limit: number; offset: number }, keyword: (page: { limit: number; offset: number }) => Promise<RankedPage>): Promise<RankedPage>;
  /**
   * The candidates of `/api/ask` reordered by fusing their order with their cosine distance to
   * the question (candidates without a vector keep only their keyword rank). Adds no passage.
   */
  rerank(question: string, candidates: readonly RankedPassage[]): Promise<RankedPassage[]>;
}

/** Milliseconds before the fusion looks again for stored vectors after finding none. */
const RECHECK_MS = 30_000;

/**
 * The fusion over `db` with `config`'s endpoint and model.
 *
 * @param deps `embedder`: tests may pass their own; `logger`: where failures are logged
 */
export function createQueryFusion(deps: { db: Queryable; config: EmbeddingsConfig; logger: Logger; embedder?: Embedder }): QueryFusion {
  const { db, config, logger } = deps;
  const embedder = deps.embedder ?? createEmbedder(config);
  let ready = false;
  let checkedAt = -Infinity;

  async function queryVector(text: string): Promise<number[] | undefined> {
    if (!ready && Date.now() - checkedAt >= RECHECK_MS) {
      checkedAt = Date.now();
      ready = await hasEmbeddings(db, config.model).catch(() => false);
    }
    if (!ready) return undefined;
    try {
      return (await embedder.embed([text], { timeoutMs: config.timeoutMs }))[0];
    } catch (error) {
      const e = error instanceof EmbeddingError ? error : undefined;
      logger.warn({ embeddings: { failure: e?.failure ?? 'error', status: e?.status } }, 'query not embedded; keyword results only');
      return undefined;
    }
  }

  /** Runs a query on the stored vectors; on an error (the table dropped to change model) logs it and returns undefined. */
  async function vectorSearch<T>(run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      ready = false;
      logger.warn({ embeddings: { failure: 'database', code: (error as { code?: unknown }).code } }, 'stored vectors not searchable; keyword results only');
      return undefined;
    }
  }

  return {
    async search(query, scope, page, keyword) {
      const vector = await queryVector(query);
      if (!vector) return keyword(page);
      const depth = page.offset + page.limit;
      const words = await keyword({ limit: depth, offset: 0 });
      const near = await vectorSearch(() => nearestPassages(db, config.model, vector, scope, depth));
      if (!near) return { total: words.total, passages: words.passages.slice(page.offset) };
      const byVector: RankedPassage[] = near.map(({ distance: _distance, ...p }) => ({ ...p, termScores: [], matched: [], matchedCount: 0, weight: 0, rank: 0 }));
      const fused = reciprocalRankFusion([words.passages, byVector], (p) => p.id);
      const keywordIds = new Set(words.passages.map((p) => p.id));
      const vectorOnly = fused.filter((f) => !keywordIds.has(f.item.id)).length;
      return { total: words.total + vectorOnly, passages: fused.slice(page.offset, depth).map((f) => f.item) };
    },
    async rerank(question, candidates) {
      if (candidates.length < 2) return [...candidates];
      const vector = await queryVector(question);
      if (!vector) return [...candidates];
      const distances = await vectorSearch(() => distancesOf(db, config.model, vector, candidates.map((c) => c.id)));
      if (!distances) return [...candidates];
      const byId = new Map(candidates.map((c) => [c.id, c]));
      const byVector = distances.flatMap((d) => byId.get(d.id) ?? []);
      return reciprocalRankFusion([candidates, byVector], (p) => p.id).map((f) => f.item);
    },
  };
}
