import { fetchSources, parseSourcesResponse, SOURCES_TIMEOUT_MS, SourcesError } from './sourcesApi';
import { jsonResponse, sourcesBody } from '../testing/fixtures';

describe('parseSourcesResponse', () => {
  const good = sourcesBody('en');
  const first = good.sources[0];

  it('accepts the contract shape', () => {
    expect(parseSourcesResponse(good)).toEqual(good);
  });

  it.each([
    ['null', null],
    ['an HTML page', '<!doctype html>'],
    ['an unknown language', { ...good, lang: 'de' }],
    ['no sources', { lang: 'en' }],
    ['an unknown category', { ...good, sources: [{ ...first, category: 'poetry' }] }],
    ['an unknown status', { ...good, sources: [{ ...first, status: 'maybe' }] }],
    ['tags that are not strings', { ...good, sources: [{ ...first, tags: [1] }] }],
    ['a negative count', { ...good, sources: [{ ...first, indexedPassages: -1 }] }],
    ['a missing title', { ...good, sources: [{ ...first, title: undefined }] }],
  ])('rejects %s', (_name, body) => {
    expect(parseSourcesResponse(body)).toBeUndefined();
  });
});

describe('fetchSources', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for the language and returns the sources', async () => {
    const fetchMock = jest.fn(() => Promise.resolve(jsonResponse(sourcesBody('tr'))));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const sources = await fetchSources('tr');
    expect(fetchMock).toHaveBeenCalledWith('/api/sources?lang=tr', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(sources.map((s) => s.id)).toHaveLength(10);
  });

  it('gives up after the timeout', async () => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ) as typeof fetch;
    const pending = fetchSources('en');
    jest.advanceTimersByTime(SOURCES_TIMEOUT_MS);
    await expect(pending).rejects.toMatchObject({ name: 'SourcesError', message: 'The catalog request timed out' });
  });

  it("passes the caller's abort through as it is, not as a failure", async () => {
    globalThis.fetch = jest.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ) as typeof fetch;
    const controller = new AbortController();
    const pending = fetchSources('en', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 503', () => Promise.resolve(jsonResponse({ success: false, error: 'down' }, 503))],
    ['a body that is not JSON', () => Promise.resolve({ ok: true, status: 200, json: () => Promise.reject(new SyntaxError('x')) } as Response)],
  ])('throws SourcesError on %s', async (_name, answer) => {
    globalThis.fetch = jest.fn(answer) as typeof fetch;
    await expect(fetchSources('en')).rejects.toBeInstanceOf(SourcesError);
  });
});
