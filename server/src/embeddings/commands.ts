import { AdminCommandError, type AdminArgs, type AdminCommands } from '../admin/registry.js';
import type { Database } from '../db/database.js';
import { embeddingCounts, pendingPassages, storeEmbeddings } from '../passages/embeddings.js';
import type { Scope } from '../passages/types.js';
import { bumpCorpusVersion } from '../passages/version.js';
import { announceCorpusChange } from '../cache/corpus-version.js';
import { createEmbedder, EmbeddingError, type Embedder } from './client.js';
import type { EmbeddingsConfig } from './config.js';
import {
  DimensionMismatchError,
  ensureEmbeddingTable,
  ensureVectorExtension,
  storedDimensions,
  VectorExtensionMissingError,
} from './repository.js';

/**
 * The operator commands behind `npm run corpus -- embed`, served on the admin socket (so the
 * running server, which owns the embedded database, does the work with its own
 * `EMBEDDINGS_*` settings) or run by the CLI on the database directly:
 *
 * - `embeddings.status {source?, lang?}` → `{ model, dimensions, passages, embedded, pending }`;
 *   creates the `vector` extension when missing (refused with install advice when the server has none).
 * - `embeddings.batch {source?, lang?, after?, limit?}` → `{ embedded, last }`: embeds the next
 *   `limit` (default `EMBEDDINGS_BATCH`) passages after id `after` that have no current
 *   vector of the model, in one request, and stores them in one statement; `last` is the
 *   cursor for the next batch (null when nothing was left). A failed batch stores nothing
 *   and leaves earlier batches stored. A stored batch raises the corpus version.
 */

/** Most passages in one batch (the OpenAI API takes up to 2048 inputs per request). */
export const MAX_BATCH = 2048;

const SOURCE_ID = /^[a-z0-9-]{1,40}$/;
const LANG = /^[a-z]{2,3}$/;

function scopeOf(args: AdminArgs): Scope {
  const scope: Scope = {};
  if (args.source !== undefined) {
    if (typeof args.source !== 'string' || !SOURCE_ID.test(args.source)) throw new AdminCommandError('source must be a source id like "quran"');
    scope.source = args.source;
  }
  if (args.lang !== undefined) {
    if (typeof args.lang !== 'string' || !LANG.test(args.lang)) throw new AdminCommandError('lang must be a language code like "en"');
    scope.lang = args.lang;
  }
  return scope;
}

/** Runs `fn`, turning the errors an operator must read into refusals with their message. */
async function refusing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof EmbeddingError || error instanceof VectorExtensionMissingError || error instanceof DimensionMismatchError) {
      throw new AdminCommandError(error.message);
    }
    throw error;
  }
}

/**
 * Registers `embeddings.status` and `embeddings.batch` over `db`. Without `config` both refuse,
 * saying where to set `EMBEDDINGS_BASE_URL`.
 *
 * @param deps `embedder`: tests may pass their own; default: the configured endpoint's
 */
export function registerEmbeddingCommands(
  commands: AdminCommands,
  deps: { db: Database; config: EmbeddingsConfig | undefined; embedder?: Embedder },
): void {
  const { db, config } = deps;
  const embedder = deps.embedder ?? (config ? createEmbedder(config) : undefined);
  const configured = (): { config: EmbeddingsConfig; embedder: Embedder } => {
    if (!config || !embedder) {
      throw new AdminCommandError(
        'Embeddings are not configured here: set EMBEDDINGS_BASE_URL (and EMBEDDINGS_API_KEY, EMBEDDINGS_MODEL) ' +
          'in the environment of the process that runs the command — the server, when it is running — and try again.',
      );
    }
    return { config, embedder };
  };

  commands.register('embeddings.status', {
    description: 'Passages with and without a vector of the configured model: {source?, lang?}',
    run: (args) =>
      refusing(async () => {
        const { config: c } = configured();
        const scope = scopeOf(args);
        await ensureVectorExtension(db, db.kind);
        const counts = await embeddingCounts(db, c.model, scope);
        return { model: c.model, dimensions: (await storedDimensions(db)) ?? null, ...counts, pending: counts.passages - counts.embedded };
      }),
  });

  commands.register('embeddings.batch', {
    description: 'Embeds and stores the next batch of passages without a vector: {source?, lang?, after?, limit?}',
    run: (args) =>
      refusing(async () => {
        const { config: c, embedder: e } = configured();
        const scope = scopeOf(args);
        const after = args.after ?? '';
        if (typeof after !== 'string') throw new AdminCommandError('after must be a passage id');
        const limit = args.limit ?? c.batchSize;
        if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_BATCH) {
          throw new AdminCommandError(`limit must be a whole number between 1 and ${MAX_BATCH}`);
        }
        await ensureVectorExtension(db, db.kind);
        // A length fixed by EMBEDDINGS_DIMENSIONS is checked before anything is sent.
        if (c.dimensions !== undefined) await ensureEmbeddingTable(db, c.dimensions, c.model);
        const passages = await pendingPassages(db, c.model, scope, after, limit);
        if (passages.length === 0) return { embedded: 0, last: null };
        const vectors = await e.embed(passages.map((p) => p.text));
        await ensureEmbeddingTable(db, vectors[0]?.length ?? 0, c.model);
        // Fused rankings read the vectors: cached search pages and answers must go with them.
        await db.transaction(async (tx) => {
          await storeEmbeddings(tx, c.model, passages.map((p, i) => ({ id: p.id, vector: vectors[i] ?? [] })));
          await bumpCorpusVersion(tx);
        });
        announceCorpusChange(db);
        return { embedded: passages.length, last: passages.at(-1)?.id ?? null };
      }),
  });
}
