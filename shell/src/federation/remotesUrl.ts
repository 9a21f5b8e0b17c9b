/**
 * The one place that builds the `/remotes.json` URL the shell fetches (ARCHITECTURE.md
 * "Module Federation"), so every query parameter the server understands is added in one way.
 */

/** What the shell may ask `/remotes.json` for. */
export interface RemotesQuery {
  /** The browser's rollout bucket, a whole number 0–99 (`?bucket=N`); anything else is left out. */
  bucket?: number;
  /**
   * A release to preview, `<name>@<version>` (`?release=`), as the tab's preview keeps it;
   * the server checks it (a malformed value → 400, so the caller sends only well-formed ones).
   */
  release?: string;
}

/** Path of the remote list. */
export const REMOTES_JSON_PATH = '/remotes.json';

/**
 * Site-relative URL of the remote list with the given query.
 *
 * @example remotesJsonUrl({ release: 'assistant@0.1.0-1a2b3c4d' }) // '/remotes.json?release=assistant%400.1.0-1a2b3c4d'
 * @returns `/remotes.json`, with `bucket` and/or `release` when given
 */
export function remotesJsonUrl({ bucket, release }: RemotesQuery = {}): string {
  const params = new URLSearchParams();
  if (bucket !== undefined && Number.isInteger(bucket) && bucket >= 0 && bucket <= 99) params.set('bucket', String(bucket));
  if (release !== undefined && release !== '') params.set('release', release);
  const query = params.toString();
  return query ? `${REMOTES_JSON_PATH}?${query}` : REMOTES_JSON_PATH;
}
