import request from 'supertest';
import type { Express } from 'express';
import type { SourcesResponse } from '@kb/contracts';
import type { Database } from '../db/database';
import { openTestDatabase, testBackends } from '../testing/databases';
import { testApp } from '../testing/app';

describe.each(testBackends)('GET /api/sources in the app ($name)', (backend) => {
  let db: Database;
  let app: Express;
  beforeAll(async () => {
    // Al-Fatiha only (7 verses in the Arabic and each of the ten translations) and John 3 of the KJV (36 verses).
    db = await openTestDatabase(backend, { surahs: [1], chapters: ['John 3'] });
    app = testApp(db);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('reports what the corpus loader indexed: available with passages, coming soon without', async () => {
    const res = await request(app).get('/api/sources?lang=en');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const byId = new Map((res.body as SourcesResponse).sources.map((s) => [s.id, s]));
    expect(byId.size).toBe(10);
    expect(byId.get('quran')).toMatchObject({ status: 'available', indexedPassages: 70 });
    expect(byId.get('quran-arabic')).toMatchObject({ status: 'available', indexedPassages: 7 });
    expect(byId.get('bible')).toMatchObject({ status: 'available', indexedPassages: 36 });
    expect(byId.get('sizinti')).toMatchObject({ status: 'coming-soon', indexedPassages: 0 });
  });

  it("answers a bad lang with the API's error shape", async () => {
    const res = await request(app).get('/api/sources?lang=fr');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ success: false, error: expect.any(String) });
  });
});
