import { Router } from 'express';
import { LANGS, type SiteInfo } from '@kb/contracts';

/** Pages listed in the sitemap: the content pages and the chat (tools like /preview are not). */
export const SITEMAP_PATHS = ['/', '/project', '/about', '/knowledge', '/open-data', '/contact', '/chat'] as const;

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/**
 * `sitemap.xml` for `publicOrigin`: each page once, with `hreflang` alternates for English,
 * Turkish (`?lang=`) and `x-default`.
 */
export function sitemapXml(publicOrigin: string): string {
  const urls = SITEMAP_PATHS.map((p) => {
    const loc = `${publicOrigin}${p}`;
    const alternates = [
      ...LANGS.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(`${loc}?lang=${l}`)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(loc)}"/>`,
    ];
    return `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${alternates.join('\n')}\n  </url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/** `robots.txt`: everything public may be crawled except the API and tool pages; points at the sitemap. */
export function robotsTxt(publicOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /preview',
    'Disallow: /assistant/',
    `Sitemap: ${publicOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** `GET /robots.txt` and `GET /sitemap.xml`, built from `PUBLIC_ORIGIN`; cached for an hour. */
export function crawlerRouter(publicOrigin: string): Router {
  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(publicOrigin));
  });
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemapXml(publicOrigin));
  });
  return router;
}

/** `GET /api/site` → {@link SiteInfo}; cached for five minutes. */
export function siteRouter(info: SiteInfo): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(info);
  });
  return router;
}
