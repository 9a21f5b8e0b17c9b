import request from 'supertest';
import type { SiteInfo } from '@kb/contracts';
import { noDatabase } from '../testing/databases';
import { testApp } from '../testing/app';

describe('site facts, robots.txt and sitemap.xml', () => {
  it('serves plainly example facts by default, and no made-up postal address', async () => {
    const res = await request(testApp(noDatabase())).get('/api/site');
    expect(res.status).toBe(200);
    const info = res.body as SiteInfo;
    expect(info.owner.email).toMatch(/@example\.org$/);
    expect(info.builder.email).toMatch(/@example\.org$/);
    expect(info.builder.phone).toMatch(/^\+\d/);
    expect(info.owner.name).toMatch(/^Example /);
    expect(info.owner.address).toEqual([]);
    expect(info.builder.address).toEqual([]);
    expect(info.knowledgeAppOrigin).toBeNull();
    expect(info.previewAllowedOrigins).toEqual([]);
  });

  it('takes the real facts from the environment', async () => {
    const app = testApp(noDatabase(), {
      SITE_OWNER_NAME: 'Vakıf Enstitüsü',
      SITE_OWNER_ADDRESS: 'Çiçek Sokak 5 | 34000 İstanbul',
      SITE_BUILDER_PHONE: '+90 555 111 22 33',
      SITE_CONTACT_EMAIL: 'iletisim@vakif.example',
      KNOWLEDGE_APP_ORIGIN: 'https://ask.vakif.example',
      PREVIEW_ALLOWED_ORIGINS: 'https://docs.vakif.example, https://archive.example.org/',
    });
    const info = (await request(app).get('/api/site')).body as SiteInfo;
    expect(info.owner.name).toBe('Vakıf Enstitüsü');
    expect(info.owner.address).toEqual(['Çiçek Sokak 5', '34000 İstanbul']);
    expect(info.builder.phone).toBe('+90 555 111 22 33');
    expect(info.contactEmail).toBe('iletisim@vakif.example');
    expect(info.knowledgeAppOrigin).toBe('https://ask.vakif.example');
    expect(info.previewAllowedOrigins).toEqual(['https://docs.vakif.example', 'https://archive.example.org']);
  });

  it('lets /preview frame exactly the allowlisted origins', async () => {
    const app = testApp(noDatabase(), { PREVIEW_ALLOWED_ORIGINS: 'https://docs.vakif.example' });
    const csp = (await request(app).get('/api/site')).headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/frame-src 'self' https:\/\/docs\.vakif\.example(;|$)/);
  });

  it('builds robots.txt and sitemap.xml from PUBLIC_ORIGIN, with hreflang alternates', async () => {
    const app = testApp(noDatabase(), { PUBLIC_ORIGIN: 'https://kb.example.org' });
    const robots = await request(app).get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain('Sitemap: https://kb.example.org/sitemap.xml');
    expect(robots.text).toContain('Disallow: /api/');
    const sitemap = await request(app).get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.text).toContain('<loc>https://kb.example.org/project</loc>');
    expect(sitemap.text).toContain('hreflang="tr" href="https://kb.example.org/project?lang=tr"');
    expect(sitemap.text).toContain('hreflang="x-default" href="https://kb.example.org/"');
  });
});
