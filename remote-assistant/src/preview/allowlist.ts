import { useEffect, useState } from 'react';

/** Where the site's public facts come from; `previewAllowedOrigins` is read from it. */
export const SITE_INFO_ENDPOINT = '/api/site';

/** How long to wait for the allowlist before deciding with the site's own origin only (ms). */
export const ALLOWLIST_TIMEOUT_MS = 15_000;

/**
 * The origins besides the site's own that `/preview` may show: `previewAllowedOrigins` of
 * `GET /api/site` (the server's `PREVIEW_ALLOWED_ORIGINS`), each normalized to an origin
 * (`https://docs.example.org`); entries that are not `http(s)` origins are dropped. A server
 * that does not send the field, an error status, a network failure or no answer within
 * {@link ALLOWLIST_TIMEOUT_MS} all give `[]`: the site's own origin only. Never throws.
 *
 * @param signal aborts the request (the result is then `[]`)
 */
export async function fetchPreviewAllowlist(signal?: AbortSignal): Promise<string[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ALLOWLIST_TIMEOUT_MS);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(SITE_INFO_ENDPOINT, {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!response.ok) return [];
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return [];
    const list: unknown = (body as { previewAllowedOrigins?: unknown }).previewAllowedOrigins;
    if (!Array.isArray(list)) return [];
    const origins: string[] = [];
    for (const item of list) {
      if (typeof item !== 'string') continue;
      try {
        const url = new URL(item);
        if (url.protocol === 'http:' || url.protocol === 'https:') origins.push(url.origin);
      } catch {
        // Not an origin: never matches anything.
      }
    }
    return origins;
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The allowlist while it loads (`null`) and once known. */
export type Allowlist = readonly string[] | null;

/**
 * React hook: the preview allowlist (see {@link fetchPreviewAllowlist}), fetched only when
 * `needed` (a link on another origin); `[]` at once when not needed, `null` while loading.
 *
 * @param needed whether the current link needs the list to be decided
 */
export function usePreviewAllowlist(needed: boolean): Allowlist {
  const [fetched, setFetched] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (!needed) return undefined;
    const controller = new AbortController();
    void fetchPreviewAllowlist(controller.signal).then((origins) => {
      if (!controller.signal.aborted) setFetched(origins);
    });
    return () => controller.abort();
  }, [needed]);
  return needed ? fetched : [];
}
