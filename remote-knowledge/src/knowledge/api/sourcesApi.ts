import { isLang, type KnowledgeSource, type Lang, type SourcesResponse } from '@kb/contracts';
import { isCategory } from '../categories';

/** How long the catalog request may take before the screen shows its error state (ms). */
export const SOURCES_TIMEOUT_MS = 10_000;

/** Thrown by {@link fetchSources} when the catalog cannot be had; the screen shows its error state. */
export class SourcesError extends Error {
  override name = 'SourcesError';
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isKnowledgeSource(value: unknown): value is KnowledgeSource {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.id === 'string' &&
    typeof s.title === 'string' &&
    typeof s.description === 'string' &&
    isCategory(s.category) &&
    typeof s.icon === 'string' &&
    (s.status === 'available' || s.status === 'coming-soon') &&
    typeof s.sourceCount === 'string' &&
    isStringArray(s.tags) &&
    isStringArray(s.detailedSources) &&
    typeof s.indexedPassages === 'number' &&
    Number.isInteger(s.indexedPassages) &&
    s.indexedPassages >= 0
  );
}

/**
 * Checks a `GET /api/sources` body. Returns it typed, or `undefined` when it is not exactly
 * a {@link SourcesResponse} (a proxy's HTML page, a changed contract). Never throws.
 */
export function parseSourcesResponse(data: unknown): SourcesResponse | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const body = data as Record<string, unknown>;
  if (!isLang(body.lang) || !Array.isArray(body.sources) || !body.sources.every(isKnowledgeSource)) return undefined;
  return { lang: body.lang, sources: body.sources };
}

/**
 * Loads the knowledge-source catalog from the site's own server: `GET /api/sources?lang=`.
 *
 * @param lang   interface language of the texts
 * @param signal aborts the request (the caller's unmount or language change)
 * @returns the ten sources, in catalog order, with their status and indexed-passage counts
 * @throws SourcesError on a network error, a non-2xx status, a body that is not the contract's
 *   shape, or no answer within {@link SOURCES_TIMEOUT_MS}
 * @throws the signal's `AbortError` when `signal` aborts first
 */
export async function fetchSources(lang: Lang, signal?: AbortSignal): Promise<KnowledgeSource[]> {
  // One controller for the caller's abort and the timeout, which covers reading the body too.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, SOURCES_TIMEOUT_MS);
  const forwardAbort = (): void => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  const fail = (error: unknown, message: string): never => {
    if (signal?.aborted) throw error;
    throw new SourcesError(timedOut ? 'The catalog request timed out' : message, { cause: error });
  };
  try {
    let data: unknown;
    try {
      const response = await fetch(`/api/sources?lang=${lang}`, {
        headers: { Accept: 'application/json' },
        signal: controller.signal,
      });
      if (!response.ok) throw new SourcesError(`GET /api/sources answered ${response.status}`);
      data = await response.json();
    } catch (error) {
      if (error instanceof SourcesError) throw error;
      return fail(error, 'The catalog request failed or did not answer JSON');
    }
    const body = parseSourcesResponse(data);
    if (!body) throw new SourcesError('GET /api/sources answered an unexpected shape');
    return body.sources;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
