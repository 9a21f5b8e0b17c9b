import OpenAI from 'openai';
import type { EmbeddingsConfig } from './config.js';

/**
 * Vectors from the configured OpenAI-compatible `/v1/embeddings` endpoint, through the official
 * `openai` client. The texts sent (passages by `embed`, search queries at search time) go to
 * that endpoint and nowhere else.
 */

/** Longest text sent for one passage (characters); longer passages are embedded by their start (models take ~8k tokens). */
export const MAX_INPUT_CHARS = 8000;

/** Why the endpoint gave no usable vectors. */
export type EmbeddingFailure = 'unreachable' | 'timeout' | 'unauthorized' | 'refused' | 'invalid';

/** The endpoint gave no usable vectors; the message says what to check and never contains the texts sent. */
export class EmbeddingError extends Error {
  override name = 'EmbeddingError';
  constructor(
    readonly failure: EmbeddingFailure,
    message: string,
    /** HTTP status when the endpoint answered with an error. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Turns texts into vectors. */
export interface Embedder {
  /** The model asked for (`EMBEDDINGS_MODEL`); stored vectors are kept per model. */
  readonly model: string;
  /**
   * One request for all `texts` (each cut to {@link MAX_INPUT_CHARS}).
   *
   * @param options `timeoutMs`: longest wait (default 60 000); `signal`: aborts the request
   * @returns one vector per text, in order, all of one length
   * @throws EmbeddingError (unreachable, timeout, 401/403, another HTTP error, or an answer
   *   without one finite vector per text of one length)
   */
  embed(texts: readonly string[], options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<number[][]>;
}

function describe(error: unknown, config: EmbeddingsConfig, timeoutMs: number): EmbeddingError {
  if (error instanceof EmbeddingError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new EmbeddingError('timeout', `no answer from the embeddings endpoint ${config.baseUrl} within ${timeoutMs} ms`);
  }
  if (error instanceof OpenAI.APIUserAbortError) return new EmbeddingError('timeout', 'the embeddings request was cancelled');
  if (error instanceof OpenAI.APIConnectionError) {
    return new EmbeddingError('unreachable', `cannot reach the embeddings endpoint ${config.baseUrl} (is EMBEDDINGS_BASE_URL right, and the server up?)`);
  }
  if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
    return new EmbeddingError(
      'unauthorized',
      `the embeddings endpoint ${config.baseUrl} refused the key (HTTP ${error.status}): check EMBEDDINGS_API_KEY`,
      error.status,
    );
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const hint =
      error.status === 429
        ? 'rate limited: try again later, or with a smaller --batch'
        : error.status >= 500
          ? 'an error on its side: try again later'
          : 'check EMBEDDINGS_MODEL and EMBEDDINGS_DIMENSIONS';
    return new EmbeddingError('refused', `the embeddings endpoint ${config.baseUrl} answered HTTP ${error.status} for model "${config.model}" (${hint})`, error.status);
  }
  return new EmbeddingError('invalid', `the embeddings endpoint ${config.baseUrl} gave an unusable answer`);
}

/**
 * An embedder over `config`'s endpoint: floats requested (`encoding_format: "float"`, which
 * local servers support), `dimensions` sent only when `EMBEDDINGS_DIMENSIONS` is set, no retries.
 */
export function createEmbedder(config: EmbeddingsConfig): Embedder {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey ?? 'not-needed', maxRetries: 0 });
  return {
    model: config.model,
    async embed(texts, options = {}) {
      if (texts.length === 0) return [];
      const timeoutMs = options.timeoutMs ?? 60_000;
      try {
        const response = await client.embeddings.create(
          {
            model: config.model,
            input: texts.map((t) => t.slice(0, MAX_INPUT_CHARS)),
            encoding_format: 'float',
            ...(config.dimensions === undefined ? {} : { dimensions: config.dimensions }),
          },
          { timeout: timeoutMs, signal: options.signal },
        );
        const data = Array.isArray(response.data) ? [...response.data] : [];
        data.sort((a, b) => a.index - b.index);
        const vectors = data.map((d) => d.embedding);
        const length = vectors[0]?.length ?? 0;
        const usable =
          vectors.length === texts.length &&
          length > 0 &&
          vectors.every((v) => Array.isArray(v) && v.length === length && v.every((x) => typeof x === 'number' && Number.isFinite(x)));
        if (!usable) {
          throw new EmbeddingError('invalid', `the embeddings endpoint ${config.baseUrl} did not answer one vector of one length per text (sent ${texts.length}, got ${vectors.length})`);
        }
        if (config.dimensions !== undefined && length !== config.dimensions) {
          throw new EmbeddingError('invalid', `the embeddings endpoint returned ${length}-dimension vectors, but EMBEDDINGS_DIMENSIONS is ${config.dimensions}`);
        }
        return vectors;
      } catch (error) {
        throw describe(error, config, timeoutMs);
      }
    },
  };
}
