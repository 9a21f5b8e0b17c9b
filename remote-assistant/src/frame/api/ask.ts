import type { Answer, AskRequest, Citation, CitationVerse, Lang } from '@kb/contracts';
import { createSseParser, type ServerSentEvent } from './sse';

/** Where the frame asks its questions (same origin). */
export const ASK_ENDPOINT = '/api/ask';

/**
 * Why a question got no answer:
 * - `network`: the request never completed, or the stream broke off (offline, connection reset);
 * - `http`: the server answered with a non-ok status (`status` says which);
 * - `invalid-response`: an ok status whose body is not an answer object (or a stream that
 *   ended without its `done` event);
 * - `stream`: the stream's own `error` event (the server failed after it started answering).
 */
export type AskErrorKind = 'network' | 'http' | 'invalid-response' | 'stream';

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

/**
 * The citation in `value` (ARCHITECTURE.md "answer object"), or `undefined` when a field is
 * missing or of the wrong type. A `url: null` becomes an absent `url`. Never throws.
 */
export function parseCitation(value: unknown): Citation | undefined {
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
  const verses = parseVerses(value.verses, text);
  if (verses) citation.verses = verses;
  return citation;
}

/**
 * A citation's `verses` (each joined verse apart), or `undefined` when absent or not usable:
 * fewer than two, a field of the wrong type, or texts that, joined by a space, are not the
 * citation's `text`. The citation is then shown whole, as before `verses` existed.
 */
function parseVerses(value: unknown, text: string): CitationVerse[] | undefined {
  if (!Array.isArray(value) || value.length < 2) return undefined;
  const verses: CitationVerse[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.ref !== 'string' || typeof item.text !== 'string') return undefined;
    const verse: CitationVerse = { ref: item.ref, text: item.text };
    if (typeof item.original === 'string') verse.original = item.original;
    else if (item.original !== undefined) return undefined;
    verses.push(verse);
  }
  return verses.map((v) => v.text).join(' ') === text ? verses : undefined;
}

/**
 * Checks that `data` is an answer object (ARCHITECTURE.md "answer object") and returns a
 * clean copy, or `undefined` when any field is missing or of the wrong type. A citation's
 * `url: null` (no reading page yet) becomes an absent `url`; a server from before `related` and
 * `lang` existed is read as `related: false` in `fallbackLang`. Never throws.
 */
export function parseAnswer(data: unknown, fallbackLang: Lang = 'en'): Answer | undefined {
  if (!isRecord(data)) return undefined;
  const { answer, citations, mode, refused, related = false, lang = fallbackLang } = data;
  if (typeof answer !== 'string' || typeof refused !== 'boolean' || typeof related !== 'boolean') return undefined;
  if (lang !== 'en' && lang !== 'tr') return undefined;
  if (mode !== 'extractive' && mode !== 'generative') return undefined;
  if (!Array.isArray(citations)) return undefined;
  const parsed: Citation[] = [];
  for (const item of citations) {
    const citation = parseCitation(item);
    if (!citation) return undefined;
    parsed.push(citation);
  }
  return { answer, citations: parsed, mode, refused, related, lang };
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

/** What has arrived of a streamed answer so far (ARCHITECTURE.md "answer stream"). */
export interface AnswerProgress {
  /** From the `meta` event; `null` until it came. */
  readonly mode: Answer['mode'] | null;
  /** The `citation` events so far, in order. */
  readonly citations: readonly Citation[];
  /** The `delta` texts so far, joined. */
  readonly text: string;
}

/** Options of {@link askQuestion}. */
export interface AskOptions {
  /** Aborts the request (and the stream). */
  signal?: AbortSignal;
  /** Replaces the global `fetch` (tests). */
  fetchImpl?: typeof fetch;
  /** Called after every `meta`, `citation` and `delta` event of a streamed answer. */
  onProgress?: (progress: AnswerProgress) => void;
}

const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads an answer stream: `meta {mode}`, `citation` (one per citation), `delta {text}`, then
 * `done` (the answer object, authoritative) or `error {error}`. Events it does not know, and
 * malformed `meta`/`citation`/`delta` data, are skipped; the `done` answer is what counts.
 */
async function readAnswerStream(
  body: ReadableStream<Uint8Array>,
  onProgress: ((progress: AnswerProgress) => void) | undefined,
): Promise<Answer> {
  let progress: AnswerProgress = { mode: null, citations: [], text: '' };
  // Set by the event handler; an object so the read loop sees what the handler wrote.
  const end: { outcome: { answer: Answer } | { error: AskError } | null } = { outcome: null };

  const onEvent = ({ event, data }: ServerSentEvent): void => {
    if (end.outcome) return;
    const value = parseJson(data);
    switch (event) {
      case 'meta': {
        const mode = isRecord(value) ? value.mode : undefined;
        if (mode === 'extractive' || mode === 'generative') progress = { ...progress, mode };
        else return;
        break;
      }
      case 'citation': {
        const citation = parseCitation(value);
        if (!citation) return;
        progress = { ...progress, citations: [...progress.citations, citation] };
        break;
      }
      case 'delta': {
        if (!isRecord(value) || typeof value.text !== 'string') return;
        progress = { ...progress, text: progress.text + value.text };
        break;
      }
      case 'done': {
        const answer = parseAnswer(value);
        end.outcome = answer
          ? { answer }
          : { error: new AskError('invalid-response', 'The done event does not carry an answer object') };
        return;
      }
      case 'error': {
        const message = isRecord(value) && typeof value.error === 'string' ? value.error : 'The answer stream failed';
        end.outcome = { error: new AskError('stream', message) };
        return;
      }
      default:
        return;
    }
    onProgress?.(progress);
  };

  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (!end.outcome) {
      const { done, value } = await reader.read();
      if (done) {
        parser.push(decoder.decode());
        parser.end();
        break;
      }
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new AskError('network', error instanceof Error ? error.message : String(error));
  }
  // Anything after the last event is of no use; let the connection go.
  const result = end.outcome;
  if (result) reader.cancel().catch(() => undefined);
  if (!result) throw new AskError('invalid-response', 'The answer stream ended without a done event');
  if ('error' in result) throw result.error;
  return result.answer;
}

/**
 * Asks the assistant: `POST /api/ask` with the JSON body `{ question, lang, source? }` and
 * `Accept: text/event-stream`. A server that streams (`Content-Type: text/event-stream`) is
 * read event by event, reporting each step to `onProgress`; a server that answers with JSON
 * is read as one answer object. Either way the result is the final answer object.
 *
 * @param request the question (1–1000 characters after trimming), the asker's language and
 *   an optional catalog source id
 * @param options `signal` to abort; `fetchImpl` to replace the global `fetch` (tests);
 *   `onProgress` for the partial answer while it streams
 * @returns the answer object (the stream's `done`); `refused: true` is an answer, not an error
 * @throws {AskError} `network` when the request or the stream fails, `http` (with `status`)
 *   on a non-ok status, `invalid-response` when the body is not an answer object or the stream
 *   ends without `done`, `stream` on the stream's `error` event
 * @throws the `AbortError` `DOMException` when `signal` aborts
 */
export async function askQuestion(request: AskRequest, options: AskOptions = {}): Promise<Answer> {
  const doFetch = options.fetchImpl ?? globalThis.fetch;
  const body: AskRequest = { question: request.question, lang: request.lang };
  if (request.source) body.source = request.source;

  let response: Response;
  try {
    response = await doFetch(ASK_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new AskError('network', error instanceof Error ? error.message : String(error));
  }

  if (!response.ok) throw new AskError('http', await serverError(response), response.status);

  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.toLowerCase().startsWith('text/event-stream')) {
    if (!response.body) throw new AskError('invalid-response', 'The answer stream has no body');
    return readAnswerStream(response.body, options.onProgress);
  }

  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new AskError('invalid-response', 'The answer is not JSON');
  }
  const answer = parseAnswer(data, request.lang);
  if (!answer) throw new AskError('invalid-response', 'The answer does not have the answer object shape');
  return answer;
}
