/**
 * The visitor's bucket for gradual rollouts (ARCHITECTURE.md "Releases"): a random whole number
 * 0–99 kept in localStorage, sent only as `/remotes.json?bucket=N`. A remote's canary at N %
 * goes to the top N buckets, so a visitor stays on the same release across reloads. It is not
 * personal data: it identifies no one and is never logged.
 */

/** localStorage key of the bucket. */
export const BUCKET_STORAGE_KEY = 'kb.bucket';

/** The URL parameter that carries the bucket to the knowledge origin (localStorage is per origin). */
export const BUCKET_PARAM = 'bucket';

/** A bucket as text (`"0"` … `"99"`), or undefined when it is not one. */
export function parseBucket(raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined || !/^\d{1,2}$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * The visitor's bucket: the one carried in the page's URL (`?bucket=N`, from a link on the other
 * origin), else the stored one, else a new random one; stored when storage is available (when it
 * is not, a new bucket each page load).
 *
 * @param search the page's query string (`window.location.search`)
 * @param storage where the bucket is kept (`window.localStorage`); an unusable one is ignored
 * @param random a number in [0, 1) (tests pass their own)
 * @returns a whole number 0–99
 */
export function visitorBucket(
  search: string = window.location.search,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeLocalStorage(),
  random: () => number = Math.random,
): number {
  const carried = parseBucket(new URLSearchParams(search).get(BUCKET_PARAM));
  let stored: number | undefined;
  try {
    stored = parseBucket(storage?.getItem(BUCKET_STORAGE_KEY));
  } catch {
    stored = undefined; // storage disabled (private mode, sandbox)
  }
  const bucket = carried ?? stored ?? Math.min(99, Math.floor(random() * 100));
  if (bucket !== stored) {
    try {
      storage?.setItem(BUCKET_STORAGE_KEY, String(bucket));
    } catch {
      // Not kept: the next page load draws again.
    }
  }
  return bucket;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
