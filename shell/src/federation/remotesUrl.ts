/**
 * The one place that builds the `/remotes.json` URL the shell asks for its remotes (ARCHITECTURE.md
 * "Releases"). Each query parameter the server understands is added here and nowhere else.
 */

/** What the shell tells the server when it asks which release of each remote to load. */
export interface RemotesJsonQuery {
  /** The visitor's bucket, a whole number 0–99 ({@link visitorBucket}); picks a canary's share. */
  bucket?: number;
  /**
   * A release to preview (`assistant@<version>`), for the preview bar. Not sent yet: the preview
   * work (branch preview) adds it here.
   */
  release?: string;
}

/**
 * `/remotes.json` with the given query: `?bucket=N` when a bucket (0–99) is given; nothing else
 * about the visitor is sent.
 *
 * @example remotesJsonUrl({ bucket: 42 }) === '/remotes.json?bucket=42'
 */
export function remotesJsonUrl({ bucket }: RemotesJsonQuery = {}): string {
  const params = new URLSearchParams();
  if (bucket !== undefined && Number.isInteger(bucket) && bucket >= 0 && bucket <= 99) params.set('bucket', String(bucket));
  const query = params.toString();
  return query ? `/remotes.json?${query}` : '/remotes.json';
}
