import type { Answer, AskRequest, Citation } from '@kb/contracts';

/** Where the frame asks its questions (same origin). */
export const ASK_ENDPOINT = '/api/ask';

/**
 * Why a question got no answer:
 * - `network`: the request never completed (offline, DNS, connection reset);
 * - `http`: the server answered with a non-ok status (`status` says which);
 * - `invalid-response`: an ok status whose body is not an answer object.
 */
export type AskErrorKind = 'network' | 'http' | 'invalid-response';

/** The one error {@link askQuestion} throws (besides an `AbortError` when the caller aborts). */
export class AskError extends Error {
  override readonly name = 'AskError';

  /**
   * @param kind what went wrong
   * @param message for developers (the server's `error` text when it sent one)
   * @param status the HTTP status, for `http`
   */
  constructor(
    readonly kind: AskErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The citation in `value`, or `undefined` when a field is missing or of the wrong type. */
function parseCitation(value: unknown): Citation | undefined {
  if (!isRecord(value)) return undefined;
  const { n, source, ref, lang, text, translator, original, url } = value;
  if (typeof n !== 'number' || !Number.isInteger(n)) return undefined;
  if (typeof source !== 'string' || typeof ref !== 'string' || typeof lang !== 'string') return undefined;
  if (typeof text !== 'string' || typeof translator !== 'string') return undefined;
  const citation: Citation = { n, source, ref, lang, text, translator };
  if (original !== undefined && original !== null) {
    if (!isRecord(original) || original.lang !== 'ar' || typeof original.text !== 'string') return undefined;
    citation.original = { lang: 'ar', text: original.text };
  }
  if (typeof url === 'string' && url.length > 0) citation.url = url;
  else if (url !== undefined && url !== null) return undefined;
  return citation;
}

/**
 * Checks that `data` is an answer object (ARCHITECTURE.md "answer object") and returns a
 * clean copy, or `undefined` when any field is missing or of the wrong type. A citation's
 * `url: null` (no reading page yet) becomes an absent `url`. Never throws.
 */
export function parseAnswer(data: unknown): Answer | undefined {
  if (!isRecord(data)) return undefined;
  const { answer, citations, mode, refused } = data;
  if (typeof answer !== 'string' || typeof refused !== 'boolean') return undefined;
  if (mode !== 'extractive' && mode !== 'generative') return undefined;
  if (!Array.isArray(citations)) return undefined;
  const parsed: Citation[] = [];
  for (const item of citations) {
    const citation = parseCitation(item);
    if (!citation) return undefined;
    parsed.push(citation);
  }
  return { answer, citations: parsed, mode, refused };
}

async function serverError(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (isRecord(body) && typeof body.error === 'string') return body.error;
  } catch {
    // A body that is not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

/**
 * Asks the assistant: `POST /api/ask` with the JSON body `{ question, lang, source? }`.
 *
 * @param request the question (1–1000 characters after trimming), the asker's language and
 *   an optional catalog source id
 * @param options `signal` to abort; `fetchImpl` to replace the global `fetch` (tests)
 * @returns the answer object; `refused: true` is an answer, not an error
 * @throws {AskError} `network` when the request fails, `http` (with `status`) on a non-ok
 *   status, `invalid-response` when the body is not an answer object
 * @throws the `AbortError` `DOMException` when `signal` aborts
 */
export async function askQuestion(
  request: AskRequest,
  options: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<Answer> {
  const doFetch = options.fetchImpl ?? globalThis.fetch;
  const body: AskRequest = { question: request.question, lang: request.lang };
  if (request.source) body.source = request.source;

  let response: Response;
  try {
    response = await doFetch(ASK_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new AskError('network', error instanceof Error ? error.message : String(error));
  }

  if (!response.ok) throw new AskError('http', await serverError(response), response.status);

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new AskError('invalid-response', 'The answer is not JSON');
  }
  const answer = parseAnswer(data);
  if (!answer) throw new AskError('invalid-response', 'The answer does not have the answer object shape');
  return answer;
}
