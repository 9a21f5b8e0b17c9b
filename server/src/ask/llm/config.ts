/** The generative mode's endpoint: any OpenAI-compatible chat-completions API. */
export interface LlmConfig {
  /** `LLM_BASE_URL`, e.g. `http://localhost:11434/v1` or `https://api.openai.com/v1`. */
  baseUrl: string;
  /** `LLM_API_KEY` (some local servers need none). */
  apiKey: string | undefined;
  /** `LLM_MODEL` (default `gpt-4o-mini`). */
  model: string;
  /** Longest wait for the model (ms): `LLM_TIMEOUT_MS`, default 30 000. */
  timeoutMs: number;
}

/**
 * Reads the generative mode's settings: on only when `LLM_BASE_URL` is set.
 *
 * @returns the settings, or undefined (extractive answers only)
 * @throws the error `fail` makes, naming the variable, for a URL that is not http(s) or a bad timeout
 */
export function loadLlmConfig(env: Readonly<Record<string, string | undefined>>, fail: (message: string) => Error): LlmConfig | undefined {
  const get = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const baseUrl = get('LLM_BASE_URL');
  if (baseUrl === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw fail(`LLM_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(`LLM_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  const timeoutRaw = get('LLM_TIMEOUT_MS') ?? '30000';
  if (!/^\d+$/.test(timeoutRaw) || Number(timeoutRaw) < 1000 || Number(timeoutRaw) > 600_000) {
    throw fail(`LLM_TIMEOUT_MS must be a whole number of ms between 1000 and 600000, got "${timeoutRaw}"`);
  }
  return { baseUrl: baseUrl.replace(/\/$/, ''), apiKey: get('LLM_API_KEY'), model: get('LLM_MODEL') ?? 'gpt-4o-mini', timeoutMs: Number(timeoutRaw) };
}
