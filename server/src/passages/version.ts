/**
 * The corpus version (`corpus_version`, migration 0008): a number raised with every change to
 * what search and answers read, so response caches keyed by it never serve an answer from
 * before the change.
 */
import type { Queryable } from '../db/database.js';

/**
 * Raises the corpus version by one. Call it inside the transaction that changes the passages,
 * the frequent-term table or the stored vectors, so the new number becomes visible with the
 * change and not before (a reader that sees it also sees the change).
 *
 * @returns the new version, as decimal text (a `bigint`)
 * @throws on a database error (then the caller's transaction rolls back with it)
 */
export async function bumpCorpusVersion(tx: Queryable): Promise<string> {
  const rows = await tx.query<{ version: string }>(
    'UPDATE corpus_version SET version = version + 1, changed_at = now() RETURNING version::text AS version',
  );
  const version = rows[0]?.version;
  if (version === undefined) throw new Error('corpus_version has no row (migration 0008 not applied?)');
  return version;
}

/**
 * Reads the corpus version.
 *
 * @returns the version, as decimal text
 * @throws on a database error, or when the table has no row
 */
export async function readCorpusVersion(db: Queryable): Promise<string> {
  const rows = await db.query<{ version: string }>('SELECT version::text AS version FROM corpus_version');
  const version = rows[0]?.version;
  if (version === undefined) throw new Error('corpus_version has no row (migration 0008 not applied?)');
  return version;
}
