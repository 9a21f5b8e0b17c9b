import type { Database, Queryable } from '../db/database.js';

/**
 * Storage of the passages' vectors: the table `passage_embeddings` (pgvector), created by the
 * first `npm run corpus -- embed` once the vectors' length is known, never by a migration, so
 * a database without embeddings needs no extension.
 *
 *   passage_embeddings(passage_id → passages.id ON DELETE CASCADE, model, text_md5, embedding vector(n))
 *
 * One row per passage and model; `text_md5` is the `md5` of the passage text embedded, so a
 * passage whose text changed counts as not embedded. The statements that join the passages
 * (a scope's counts, the passages to embed, storing, the nearest passages) are in
 * `passages/embeddings.ts`.
 */

/** The database has no pgvector extension to create; the message says how to install it. */
export class VectorExtensionMissingError extends Error {
  override name = 'VectorExtensionMissingError';
}

/** The vectors do not fit the stored ones (another length); the message says what to do. */
export class DimensionMismatchError extends Error {
  override name = 'DimensionMismatchError';
}

/** How to get pgvector onto a PostgreSQL server (shown when the extension is missing). */
export const PGVECTOR_INSTALL_HINT =
  'Install pgvector on the database server (Debian/Ubuntu with the PostgreSQL apt repository: ' +
  '`apt-get install postgresql-<major version>-pgvector`; Docker: the `pgvector/pgvector` image; ' +
  'otherwise build it from https://github.com/pgvector/pgvector), then run `npm run corpus -- embed` again. ' +
  'Without it, unset EMBEDDINGS_BASE_URL: search then uses keywords only.';

/**
 * Makes sure the `vector` extension exists: creates it when the server offers it
 * (`pg_available_extensions`).
 *
 * @param kind the database's kind, for the message (`pglite` ships pgvector)
 * @throws VectorExtensionMissingError when the server has no pgvector, or the role may not create it
 */
export async function ensureVectorExtension(db: Queryable, kind: Database['kind']): Promise<void> {
  const installed = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'vector'");
  if ((installed[0]?.n ?? 0) > 0) return;
  const available = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'");
  if ((available[0]?.n ?? 0) === 0) {
    throw new VectorExtensionMissingError(
      `The ${kind === 'postgres' ? 'PostgreSQL server' : 'database'} has no "vector" extension (pgvector), which embeddings need. ${PGVECTOR_INSTALL_HINT}`,
    );
  }
  try {
    await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
  } catch (error) {
    throw new VectorExtensionMissingError(
      `pgvector is installed but "CREATE EXTENSION vector" failed (${(error as Error).message}); run it once as a superuser or the database owner, then try again.`,
    );
  }
}

/** Length of the stored vectors, or undefined when `passage_embeddings` does not exist yet. */
export async function storedDimensions(db: Queryable): Promise<number | undefined> {
  const rows = await db.query<{ dims: number | null }>(
    `SELECT (SELECT a.atttypmod FROM pg_attribute a WHERE a.attrelid = to_regclass('passage_embeddings') AND a.attname = 'embedding')::int AS dims`,
  );
  const dims = rows[0]?.dims;
  return dims === null || dims === undefined ? undefined : dims;
}

/** Longest vectors kept in the table's rows (4 bytes a dimension, within an 8 kB page); longer ones are stored out of line. */
export const INLINE_DIMENSIONS = 1750;

/**
 * Creates `passage_embeddings` for vectors of `dimensions` when missing.
 * @throws DimensionMismatchError when it exists with another length
 */
export async function ensureEmbeddingTable(db: Queryable, dimensions: number, model: string): Promise<void> {
  const stored = await storedDimensions(db);
  if (stored === undefined) {
    await db.exec(`CREATE TABLE IF NOT EXISTS passage_embeddings (
      passage_id text NOT NULL REFERENCES passages (id) ON DELETE CASCADE,
      model text NOT NULL,
      text_md5 text NOT NULL,
      embedding vector(${Math.trunc(dimensions)}) NOT NULL,
      PRIMARY KEY (passage_id, model)
    )`);
    // pgvector stores vectors out of line (TOAST) by default; kept in the row, the scan of
    // the nearest passages ran 4.5× faster (12,000 × 1536 dimensions on PGlite: 113 ms
    // against 510 ms). A row must fit in an 8 kB page, so only vectors up to INLINE_DIMENSIONS.
    if (dimensions <= INLINE_DIMENSIONS) await db.exec('ALTER TABLE passage_embeddings ALTER COLUMN embedding SET STORAGE PLAIN');
    return;
  }
  if (stored !== dimensions) {
    throw new DimensionMismatchError(
      `Dimension mismatch: model "${model}" returns ${dimensions}-dimension vectors, but passage_embeddings holds ${stored}-dimension ones. ` +
        `Use the model they came from (or set EMBEDDINGS_DIMENSIONS=${stored} if the model can shorten its vectors), ` +
        'or drop the stored vectors (`DROP TABLE passage_embeddings;`) and embed again.',
    );
  }
}

/** pgvector's text form of a vector: `[0.1,0.2,…]`. */
export function vectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}

/** True when some passage has a vector of `model` (search fuses only then). */
export async function hasEmbeddings(db: Queryable, model: string): Promise<boolean> {
  if ((await storedDimensions(db)) === undefined) return false;
  const rows = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM passage_embeddings WHERE model = $1) AS found', [model]);
  return rows[0]?.found === true;
}

/** Cosine distances of the given passages' vectors to `vector`, nearest first (passages without one are left out). */
export async function distancesOf(db: Queryable, model: string, vector: readonly number[], ids: readonly string[]): Promise<{ id: string; distance: number }[]> {
  if (ids.length === 0) return [];
  return db.query<{ id: string; distance: number }>(
    `SELECT passage_id AS id, (embedding <=> $1::vector)::float8 AS distance
     FROM passage_embeddings WHERE model = $2 AND passage_id = ANY($3::text[])
     ORDER BY distance, passage_id`,
    [vectorLiteral(vector), model, [...ids]],
  );
}
