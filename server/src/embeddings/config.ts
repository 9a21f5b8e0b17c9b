/**
 * Settings of the optional embeddings (`EMBEDDINGS_*`): any OpenAI-compatible `/v1/embeddings`
 * endpoint. Off unless `EMBEDDINGS_BASE_URL` is set; then `npm run corpus -- embed` stores a
 * vector per passage and search fuses vector and keyword ranks.
 */
export interface EmbeddingsConfig {
  /** `EMBEDDINGS_BASE_URL`, e.g. `http://localhost:11434/v1` or `https://api.openai.com/v1` (no trailing slash). */
  baseUrl: string;
  /** `EMBEDDINGS_API_KEY` (some local servers need none). */
  apiKey: string | undefined;
  /** `EMBEDDINGS_MODEL` (default `text-embedding-3-small`); stored vectors are kept per model. */
  model: string;
  /** `EMBEDDINGS_DIMENSIONS`: asked of the endpoint (`dimensions`) when set; otherwise the model's own length. */
  dimensions: number | undefined;
  /** `EMBEDDINGS_BATCH`: passages per `/v1/embeddings` request of `embed` (default 64, at most 2048). */
  batchSize: number;
  /** `EMBEDDINGS_TIMEOUT_MS`: longest wait (ms) for a search query's vector before searching by keywords only (default 2000). */
  timeoutMs: number;
}

/**
 * Reads the embeddings' settings: on only when `EMBEDDINGS_BASE_URL` is set.
 *
 * @returns the settings, or undefined (keyword search only, no vector extension used)
 * @throws the error `fail` makes, naming the variable, for a URL that is not http(s) or a
 *   number out of range
 */
export function loadEmbeddingsConfig(
  env: Readonly<Record<string, string | undefined>>,
  fail: (message: string) => Error,
): EmbeddingsConfig | undefined {
  const get = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const whole = (name: string, fallback: number | undefined, min: number, max: number): number | undefined => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw fail(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
    }
    return Number(raw);
  };
  const baseUrl = get('EMBEDDINGS_BASE_URL');
  if (baseUrl === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw fail(`EMBEDDINGS_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(`EMBEDDINGS_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    apiKey: get('EMBEDDINGS_API_KEY'),
    model: get('EMBEDDINGS_MODEL') ?? 'text-embedding-3-small',
    // pgvector stores up to 16,000 dimensions.
    dimensions: whole('EMBEDDINGS_DIMENSIONS', undefined, 1, 16_000),
    batchSize: whole('EMBEDDINGS_BATCH', 64, 1, 2048) ?? 64,
    timeoutMs: whole('EMBEDDINGS_TIMEOUT_MS', 2000, 100, 60_000) ?? 2000,
  };
}
