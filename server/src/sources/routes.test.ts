import express from 'express';
import request from 'supertest';
import type { KnowledgeSource, SourcesResponse } from '@kb/contracts';
import { sourcesRouter, SOURCES_CACHE_CONTROL, type SourcesRouterDeps } from './routes';

function app(deps: SourcesRouterDeps): express.Express {
  const a = express();
  a.use('/api/sources', sourcesRouter(deps));
  // Stand-in for the app's error middleware, which answers every /api error this way.
  a.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ success: false, error: 'Internal error' });
  });
  return a;
}

const counts = (entries: [string, number][] = [['quran', 12472], ['quran-arabic', 6236]]) => () =>
  Promise.resolve(new Map(entries));

describe('GET /api/sources', () => {
  it('serves the catalog in English by default, with statuses from the index', async () => {
    const res = await request(app({ countPassages: counts() })).get('/api/sources');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe(SOURCES_CACHE_CONTROL);
    expect(res.headers['content-language']).toBe('en');
    const body = res.body as SourcesResponse;
    expect(body.lang).toBe('en');
    expect(body.sources).toHaveLength(10);
    const quran = body.sources[0] as KnowledgeSource;
    expect(quran).toEqual({
      id: 'quran',
      title: 'Quran',
      description: expect.stringContaining('6,236 verses'),
      category: 'religious',
      icon: 'book-open',
      status: 'available',
      sourceCount: '6,236 verses',
      tags: ['Arabic', 'Turkish', 'English', 'German', 'Kurdish', 'Azerbaijani'],
      detailedSources: expect.arrayContaining(['English translation: Saheeh International']),
      indexedPassages: 12472,
    });
    expect(body.sources.find((s) => s.id === 'bible')).toMatchObject({ status: 'coming-soon', indexedPassages: 0 });
  });

  it('speaks Turkish with ?lang=tr', async () => {
    const res = await request(app({ countPassages: counts() })).get('/api/sources?lang=tr');
    expect(res.status).toBe(200);
    expect(res.headers['content-language']).toBe('tr');
    const body = res.body as SourcesResponse;
    expect(body.lang).toBe('tr');
    expect(body.sources.map((s) => s.title)).toContain('Sızıntı');
    expect(body.sources[0]).toMatchObject({ title: "Kur'an-ı Kerim", sourceCount: '6.236 ayet' });
  });

  it.each(['de', 'EN', '', 'en&lang=tr', '<script>'])('refuses lang=%s with a 400', async (lang) => {
    const res = await request(app({ countPassages: counts() })).get(`/api/sources?lang=${lang}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('passes a failing count to the error middleware and counts again next time', async () => {
    let calls = 0;
    const countPassages = (): Promise<Map<string, number>> => {
      calls++;
      return calls === 1 ? Promise.reject(new Error('relation "passages" does not exist')) : counts()();
    };
    const a = app({ countPassages });
    const failed = await request(a).get('/api/sources');
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ success: false, error: 'Internal error' });
    const ok = await request(a).get('/api/sources');
    expect(ok.status).toBe(200);
    expect(calls).toBe(2);
  });

  it('reuses a count for the configured time', async () => {
    let clock = 0;
    let calls = 0;
    const a = app({
      countsTtlMs: 1000,
      now: () => clock,
      countPassages: () => {
        calls++;
        return counts([['bible', calls]])();
      },
    });
    await request(a).get('/api/sources');
    clock = 999;
    const reused = await request(a).get('/api/sources?lang=tr');
    expect(calls).toBe(1);
    expect((reused.body as SourcesResponse).sources[1]?.indexedPassages).toBe(1);
    clock = 1000;
    const fresh = await request(a).get('/api/sources');
    expect(calls).toBe(2);
    expect((fresh.body as SourcesResponse).sources[1]?.indexedPassages).toBe(2);
  });
});
