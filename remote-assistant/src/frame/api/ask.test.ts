import { describe, expect, it, jest } from '@jest/globals';
import { patienceAnswer } from '../testing/fixtures';
import { AskError, askQuestion, parseAnswer } from './ask';

type Fetch = typeof fetch;

/** The part of a fetch Response that askQuestion reads (jsdom has no Response class). */
function fakeResponse(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const partial: Pick<Response, 'ok' | 'status' | 'json'> = {
    ok: status >= 200 && status < 300,
    status,
    json: async () => JSON.parse(text) as unknown,
  };
  return partial as Response;
}

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

describe('parseAnswer', () => {
  it('drops a null url and rejects a citation without a translator', () => {
    const [first] = patienceAnswer.citations;
    const parsed = parseAnswer({ ...patienceAnswer, citations: [{ ...first, url: null }] });
    expect(parsed?.citations[0]).not.toHaveProperty('url');
    expect(parseAnswer({ ...patienceAnswer, citations: [{ ...first, translator: undefined }] })).toBeUndefined();
  });
});
