import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { describe, expect, it, jest } from '@jest/globals';
import type { Answer } from '@kb/contracts';
import { patienceAnswer } from '../testing/fixtures';
import { AskError, askQuestion, parseAnswer, type AnswerProgress } from './ask';

type Fetch = typeof fetch;

function headers(contentType: string): Headers {
  const partial: Pick<Headers, 'get'> = {
    get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null),
  };
  return partial as Headers;
}

/** The part of a fetch Response that askQuestion reads (jsdom has no Response class). */
function fakeResponse(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const partial: Pick<Response, 'ok' | 'status' | 'json' | 'headers' | 'body'> = {
    ok: status >= 200 && status < 300,
    status,
    headers: headers('application/json; charset=utf-8'),
    body: null,
    json: async () => JSON.parse(text) as unknown,
  };
  return partial as Response;
}

/** A `text/event-stream` response whose body arrives in exactly these pieces (text, or bytes as they are). */
function streamResponse(pieces: readonly (string | Uint8Array)[], { failAfter = false } = {}): Response {
  const encoder = new TextEncoder();
  const body = new NodeReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      if (failAfter) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  const partial: Pick<Response, 'ok' | 'status' | 'json' | 'headers' | 'body'> = {
    ok: true,
    status: 200,
    headers: headers('text/event-stream; charset=utf-8'),
    body: body as unknown as Response['body'],
    json: async () => {
      throw new SyntaxError('not JSON');
    },
  };
  return partial as Response;
}

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const [firstCitation, secondCitation] = patienceAnswer.citations;

function respond(status: number, body: unknown): jest.Mock<Fetch> {
  return jest.fn<Fetch>(async () => fakeResponse(status, body));
}

async function failure(promise: Promise<unknown>): Promise<AskError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AskError) return error;
    throw error;
  }
  throw new Error('expected an AskError');
}

describe('askQuestion', () => {
  it('POSTs { question, lang, source } as JSON to /api/ask and returns the answer', async () => {
    const fetchImpl = respond(200, patienceAnswer);
    const answer = await askQuestion({ question: 'patience', lang: 'tr', source: 'quran' }, { fetchImpl });
    expect(answer).toEqual(patienceAnswer);
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/ask');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ question: 'patience', lang: 'tr', source: 'quran' });
  });

  it('asks for the event stream and still reads a plain JSON answer', async () => {
    const fetchImpl = respond(200, patienceAnswer);
    const onProgress = jest.fn<(progress: AnswerProgress) => void>();
    expect(await askQuestion({ question: 'patience', lang: 'en' }, { fetchImpl, onProgress })).toEqual(patienceAnswer);
    expect(fetchImpl.mock.calls[0]?.[1]?.headers).toMatchObject({ Accept: 'text/event-stream' });
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('leaves source out when there is none', async () => {
    const fetchImpl = respond(200, patienceAnswer);
    await askQuestion({ question: 'patience', lang: 'en' }, { fetchImpl });
    expect(JSON.parse(String(fetchImpl.mock.calls[0]?.[1]?.body))).toEqual({ question: 'patience', lang: 'en' });
  });

  it('throws a network AskError when the request fails', async () => {
    const fetchImpl = jest.fn<Fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(askQuestion({ question: 'q', lang: 'en' }, { fetchImpl }));
    expect(error.kind).toBe('network');
  });

  it('throws an http AskError with the status and the server error text', async () => {
    const error = await failure(
      askQuestion({ question: 'q', lang: 'en' }, { fetchImpl: respond(429, { success: false, error: 'Too many' }) }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 429, message: 'Too many' });
  });

  it('throws an http AskError for a non-JSON error body', async () => {
    const error = await failure(askQuestion({ question: 'q', lang: 'en' }, { fetchImpl: respond(502, '<html>') }));
    expect(error).toMatchObject({ kind: 'http', status: 502 });
  });

  it('throws invalid-response for an ok body that is not an answer', async () => {
    const error = await failure(askQuestion({ question: 'q', lang: 'en' }, { fetchImpl: respond(200, { answer: 1 }) }));
    expect(error.kind).toBe('invalid-response');
  });
});

describe('askQuestion with a streamed answer', () => {
  it('reports meta, each citation and each delta as they arrive, then returns done', async () => {
    const stream = [
      sse('meta', { mode: 'extractive' }),
      sse('citation', firstCitation),
      sse('citation', secondCitation),
      sse('delta', { text: 'Seek help through patience and prayer [1]. ' }),
      sse('delta', { text: 'Allah is with the patient [2].' }),
      sse('done', patienceAnswer),
    ];
    const seen: AnswerProgress[] = [];
    const answer = await askQuestion(
      { question: 'patience', lang: 'en' },
      { fetchImpl: jest.fn<Fetch>(async () => streamResponse(stream)), onProgress: (p) => seen.push(p) },
    );
    expect(answer).toEqual(patienceAnswer);
    expect(seen.map((p) => [p.mode, p.citations.length, p.text])).toEqual([
      ['extractive', 0, ''],
      ['extractive', 1, ''],
      ['extractive', 2, ''],
      ['extractive', 2, 'Seek help through patience and prayer [1]. '],
      ['extractive', 2, 'Seek help through patience and prayer [1]. Allah is with the patient [2].'],
    ]);
  });

  it('parses events split anywhere, CRLF line ends, comments and multi-line data', async () => {
    const whole =
      ': keep-alive\r\n\r\n' +
      'event: meta\r\ndata: {"mode":"generative"}\r\n\r\n' +
      'event: delta\r\ndata: {"text":\r\ndata: "Şükür ve sabır"}\r\n\r\n' +
      `event: done\r\ndata: ${JSON.stringify({ ...patienceAnswer, mode: 'generative' })}\r\n\r\n`;
    // Cut into 3-byte pieces, so CR and LF of one line end arrive apart, as do the bytes of Ş and ü.
    const bytes = new TextEncoder().encode(whole);
    const pieces: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 3) pieces.push(bytes.slice(i, i + 3));
    const seen: AnswerProgress[] = [];
    const answer = await askQuestion(
      { question: 'sabır', lang: 'tr' },
      { fetchImpl: jest.fn<Fetch>(async () => streamResponse(pieces)), onProgress: (p) => seen.push(p) },
    );
    expect(answer.mode).toBe('generative');
    expect(seen.at(-1)).toEqual({ mode: 'generative', citations: [], text: 'Şükür ve sabır' });
    expect(seen).toHaveLength(2);
  });

  it('returns the done answer even when it differs from what streamed', async () => {
    const fallback: Answer = { ...patienceAnswer, answer: 'The extractive answer [1].' };
    const answer = await askQuestion(
      { question: 'patience', lang: 'en' },
      {
        fetchImpl: jest.fn<Fetch>(async () =>
          streamResponse([sse('meta', { mode: 'generative' }), sse('delta', { text: 'A model wrote [7].' }), sse('done', fallback)]),
        ),
      },
    );
    expect(answer).toEqual(fallback);
  });

  it('throws a stream AskError on the error event', async () => {
    const error = await failure(
      askQuestion(
        { question: 'q', lang: 'en' },
        { fetchImpl: jest.fn<Fetch>(async () => streamResponse([sse('meta', { mode: 'extractive' }), sse('error', { error: 'Database down' })])) },
      ),
    );
    expect(error).toMatchObject({ kind: 'stream', message: 'Database down' });
  });

  it('throws invalid-response when the stream ends without done, or done is not an answer', async () => {
    const cut = await failure(
      askQuestion({ question: 'q', lang: 'en' }, { fetchImpl: jest.fn<Fetch>(async () => streamResponse([sse('delta', { text: 'Half' })])) }),
    );
    expect(cut.kind).toBe('invalid-response');
    const bad = await failure(
      askQuestion({ question: 'q', lang: 'en' }, { fetchImpl: jest.fn<Fetch>(async () => streamResponse([sse('done', { answer: 1 })])) }),
    );
    expect(bad.kind).toBe('invalid-response');
  });

  it('throws a network AskError when the stream breaks off', async () => {
    const error = await failure(
      askQuestion(
        { question: 'q', lang: 'en' },
        { fetchImpl: jest.fn<Fetch>(async () => streamResponse([sse('delta', { text: 'Half' })], { failAfter: true })) },
      ),
    );
    expect(error.kind).toBe('network');
  });

  it('skips malformed progress events and unknown events', async () => {
    const seen: AnswerProgress[] = [];
    const answer = await askQuestion(
      { question: 'q', lang: 'en' },
      {
        fetchImpl: jest.fn<Fetch>(async () =>
          streamResponse([
            sse('citation', { n: 'one' }),
            sse('delta', { text: 5 }),
            'data: not json\n\n',
            sse('ping', {}),
            sse('done', patienceAnswer),
          ]),
        ),
        onProgress: (p) => seen.push(p),
      },
    );
    expect(answer).toEqual(patienceAnswer);
    expect(seen).toEqual([]);
  });
});

describe('parseAnswer', () => {
  it('drops a null url and rejects a citation without a translator', () => {
    const [first] = patienceAnswer.citations;
    const parsed = parseAnswer({ ...patienceAnswer, citations: [{ ...first, url: null }] });
    expect(parsed?.citations[0]).not.toHaveProperty('url');
    expect(parseAnswer({ ...patienceAnswer, citations: [{ ...first, translator: undefined }] })).toBeUndefined();
  });

  it('keeps the verses of joined verses only when their texts join to the citation’s text', () => {
    const [first] = patienceAnswer.citations;
    const verses = [
      { ref: '2:153', text: 'Seek help.', original: 'ٱسْتَعِينُوا۟' },
      { ref: '2:154', text: 'Do not say they are dead.' },
    ];
    const citation = { ...first, ref: '2:153-154', text: 'Seek help. Do not say they are dead.', verses };
    expect(parseAnswer({ ...patienceAnswer, citations: [citation] })?.citations[0]?.verses).toEqual(verses);
    // Unusable verses are dropped, never the answer: the card then shows the text whole.
    for (const bad of [[verses[0]], [verses[0], { ref: '2:154', text: 'Something else.' }], [verses[0], { ref: 2 }], 'x']) {
      const parsed = parseAnswer({ ...patienceAnswer, citations: [{ ...citation, verses: bad }] });
      expect(parsed?.citations[0]?.text).toBe(citation.text);
      expect(parsed?.citations[0]?.verses).toBeUndefined();
    }
  });
});
