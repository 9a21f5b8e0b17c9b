/**
 * The passages' side of the embeddings (`passage_embeddings`, see `embeddings/repository.ts`):
 * a scope's passages and their vectors, the passages still to embed, storing vectors with the
 * md5 of the passage text, and the passages nearest to a vector.
 */
import type { Queryable } from '../db/database.js';
import { storedDimensions, vectorLiteral } from '../embeddings/repository.js';
import type { Scope, StoredPassage } from './types.js';

/** Counts of a scope: its passages and those with a current vector of `model`. */
export async function embeddingCounts(db: Queryable, model: string, scope: Scope): Promise<{ passages: number; embedded: number }> {
  const params: unknown[] = [];
  const where = scopeSql(scope, params);
  const exists = (await storedDimensions(db)) !== undefined;
  if (!exists) {
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM passages p WHERE true${where}`, params);
    return { passages: rows[0]?.n ?? 0, embedded: 0 };
  }
  params.push(model);
  const rows = await db.query<{ passages: number; embedded: number }>(
    `SELECT count(*)::int AS passages, count(e.passage_id)::int AS embedded
     FROM passages p
     LEFT JOIN passage_embeddings e ON e.passage_id = p.id AND e.model = $${params.length} AND e.text_md5 = md5(p.text)
     WHERE true${where}`,
    params,
  );
  return { passages: rows[0]?.passages ?? 0, embedded: rows[0]?.embedded ?? 0 };
}

function scopeSql(scope: Scope, params: unknown[]): string {
  let sql = '';
  if (scope.lang !== undefined) {
    params.push(scope.lang);
    sql += ` AND p.lang = $${params.length}`;
  }
  if (scope.source !== undefined) {
    params.push(scope.source);
    sql += ` AND p.source = $${params.length}`;
  }
  return sql;
}

/**
 * The next passages of the scope (in `id` order, after `after`) without a current vector of
 * `model`: none stored, or stored for another text.
 *
 * @param after the last id of the previous batch ('' to start)
 * @returns at most `limit` `{ id, text }`
 */
export async function pendingPassages(
  db: Queryable,
  model: string,
  scope: Scope,
  after: string,
  limit: number,
): Promise<{ id: string; text: string }[]> {
  const params: unknown[] = [after];
  const where = scopeSql(scope, params);
  const exists = (await storedDimensions(db)) !== undefined;
  let join = '';
  if (exists) {
    params.push(model);
    join = `LEFT JOIN passage_embeddings e ON e.passage_id = p.id AND e.model = $${params.length}`;
  }
  params.push(limit);
  return db.query<{ id: string; text: string }>(
    `SELECT p.id, p.text FROM passages p ${join}
     WHERE p.id > $1${where}${exists ? ' AND (e.passage_id IS NULL OR e.text_md5 <> md5(p.text))' : ''}
     ORDER BY p.id
     LIMIT $${params.length}`,
    params,
  );
}

/**
 * Stores (or replaces) the vectors of passages for `model`, in one statement, with the md5 of
 * each passage's current text.
 */
export async function storeEmbeddings(db: Queryable, model: string, rows: readonly { id: string; vector: readonly number[] }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO passage_embeddings (passage_id, model, text_md5, embedding)
     SELECT p.id, $1, md5(p.text), u.vec::vector
     FROM unnest($2::text[], $3::text[]) AS u(id, vec)
     JOIN passages p ON p.id = u.id
     ON CONFLICT (passage_id, model) DO UPDATE SET text_md5 = EXCLUDED.text_md5, embedding = EXCLUDED.embedding`,
    [model, rows.map((r) => r.id), rows.map((r) => vectorLiteral(r.vector))],
  );
}

/** A passage found by its vector: its stored columns and the cosine distance (0 = same direction, 2 = opposite). */
export interface NearPassage extends StoredPassage {
  distance: number;
}

/**
 * The passages of the scope nearest to `vector` by cosine distance (`<=>`), nearest first
 * (ties in id order). An exact scan of the scope's vectors: see docs/performance.md for its cost.
 */
export async function nearestPassages(db: Queryable, model: string, vector: readonly number[], scope: Scope, limit: number): Promise<NearPassage[]> {
  const params: unknown[] = [vectorLiteral(vector), model];
  const where = scopeSql(scope, params);
  params.push(limit);
  return db.query<NearPassage>(
    `SELECT p.id, p.source, p.lang, p.ref, p.section, p.position, p.text, p.translator,
            (e.embedding <=> $1::vector)::float8 AS distance
     FROM passage_embeddings e JOIN passages p ON p.id = e.passage_id
     WHERE e.model = $2${where}
     ORDER BY distance, p.id
     LIMIT $${params.length}`,
    params,
  );
}
