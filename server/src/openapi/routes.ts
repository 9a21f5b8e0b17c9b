import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { COLORS, FONTS, defineMessages, isLang, type Lang } from '@kb/contracts';
import { pagePolicy } from '../http/security.js';
import { openApiDocument } from './document.js';

/** Swagger UI's files (swagger-ui-dist) and ReDoc's standalone bundle (redoc), served from the site. */
function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`));
}

const SWAGGER_INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout', validatorUrl: null });
});
`;

const REDOC_INIT = `window.addEventListener('load', function () {
  Redoc.init('/openapi.json', { hideDownloadButton: false, disableSearch: true }, document.getElementById('redoc'));
});
`;

/**
 * The bar above the API reference, in the language of the site the visitor came from
 * (`?lang=tr`); the reference itself (the OpenAPI document) is written in English only.
 */
const DOCS_MESSAGES = defineMessages(
  { home: 'Back to the site', englishOnly: 'The API reference is in English only.' },
  { home: 'Siteye dön', englishOnly: 'API başvuru belgesi yalnızca İngilizcedir.' },
);

/**
 * The pages' own style sheet (served as a file: an inline `style` attribute is refused by the
 * policy): the bar's styles, and one fix to ReDoc's info block: its contact/licence row hides the first
 * "|" separator with a -15 px margin inside an overflow:hidden box, which also cut off the
 * start of every wrapped line of a long licence on a phone (375 px).
 */
const PAGE_CSS = `body{margin:0}
.kb-bar{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center;padding:.5rem 1rem;font:1rem/1.5 ${FONTS.body};background:${COLORS.background};color:${COLORS.ink};border-bottom:1px solid ${COLORS.border}}
.kb-bar a{color:${COLORS.primary}}
#redoc .api-info div:has(>span){margin-left:0}
#redoc .api-info div:has(>span)>span:first-child::before{display:none}
`;

/** The bar with the way back to the site, in `lang`. */
function bar(lang: Lang): string {
  const t = DOCS_MESSAGES[lang];
  // Said only where it is news: on a page opened from the Turkish site.
  const note = lang === 'en' ? '' : `<span lang="${lang}">${t.englishOnly}</span>`;
  return `<header class="kb-bar"><a href="/?lang=${lang}" lang="${lang}">← ${t.home}</a>${note}</header>`;
}

/** Swagger UI's icon (shipped with swagger-ui-dist): without one the browser asks for a /favicon.ico the site does not have. */
const ICON = '<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">';

/**
 * One API reference page in both bar languages, built once.
 *
 * @returns the page's HTML for a bar language (the reference itself is English: `lang="en"`)
 */
function page(title: string, assets: string, head: string, body: string): (lang: Lang) => string {
  const html = (lang: Lang): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${ICON}
<link rel="stylesheet" href="${assets}/kb.css">
${head}
</head>
<body>
${bar(lang)}
${body}
</body>
</html>
`;
  const pages = { en: html('en'), tr: html('tr') };
  return (lang) => pages[lang];
}

/** The language of `?lang=`; English for anything else (the page never fails on it). */
function queryLang(value: unknown): Lang {
  return isLang(value) ? value : 'en';
}

const DOCS_HTML = page(
  'API — Swagger UI',
  '/docs/assets',
  '<link rel="stylesheet" href="/docs/assets/swagger-ui.css">',
  '<main id="swagger-ui"></main>\n<script src="/docs/assets/swagger-ui-bundle.js"></script>\n<script src="/docs/assets/kb-init.js"></script>',
);

const REDOC_HTML = page(
  'API — ReDoc',
  '/redoc/assets',
  '',
  '<main id="redoc"></main>\n<script src="/redoc/assets/redoc.standalone.js"></script>\n<script src="/redoc/assets/kb-init.js"></script>',
);

/**
 * ReDoc's policy: the site's, except that `style-src` allows inline styles. ReDoc's standalone
 * bundle carries its own styled-components, which neither reads a nonce from the page nor can
 * be handed one (its `__webpack_nonce__` is private to the bundle), and puts every style in
 * `<style>` elements; a nonce in the list would switch `'unsafe-inline'` off, so none is sent.
 * Scripts stay `'self'` with no `eval`. No `blob:` worker: ReDoc starts its search worker
 * from a `blob:` URL, and the page turns search off (`disableSearch`) instead of allowing that.
 * Swagger UI needs nothing beyond the site's policy (React sets its styles through the CSSOM).
 */
const redocPolicy = pagePolicy((site) => ({ ...site, 'style-src': ["'self'", "'unsafe-inline'"] }));

/** The one address ReDoc's bundle loads from outside the site: Redocly's logo in its sidebar's "API docs by Redocly" link. */
const REDOCLY_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
/** An empty 15 px image in its place (`img-src` allows `data:`), so the page asks nothing of another origin. */
const BLANK_LOGO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='15' height='15'/%3E";

/**
 * `redoc.standalone.js` as served: the package's bundle with {@link REDOCLY_LOGO} replaced by
 * {@link BLANK_LOGO} (the bundle loads the logo unconditionally; the site's policy would refuse
 * it and report a violation on every visit). Read once, on the first request.
 */
function redocBundle(): RequestHandler {
  let bundle: string | undefined;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      bundle ??= fs
        .readFileSync(path.join(packageDir('redoc'), 'bundles', 'redoc.standalone.js'), 'utf8')
        .replaceAll(REDOCLY_LOGO, BLANK_LOGO);
    } catch (error) {
      return next(error);
    }
    res.type('application/javascript').set('Cache-Control', 'public, max-age=86400').send(bundle);
  };
}

/** A small file of our own (the pages' start-up script, their style sheet), served as a file: the site's policy allows no inline script. */
function ownFile(type: string, body: string): RequestHandler {
  return (_req, res) => {
    res.type(type).set('Cache-Control', 'public, max-age=300').send(body);
  };
}

/**
 * `GET /openapi.json` (the document, CORS open), `GET /docs` (Swagger UI) and `GET /redoc`
 * (ReDoc), with every asset served from the site under `/docs/assets/` and `/redoc/assets/`
 * (the `swagger-ui-dist` and `redoc` packages): nothing is loaded from another origin.
 * `/docs` has the site's Content-Security-Policy; `/redoc` its own, looser for styles only
 * (see `redocPolicy`). Both take `?lang=en|tr` for the bar with the way back to the site
 * (anything else is English).
 *
 * @param publicOrigin the server URL listed in the document
 */
export function openApiRouter(publicOrigin: string): Router {
  const document = JSON.stringify(openApiDocument(publicOrigin));
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').set({ 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' }).send(document);
  });
  router.get('/docs', (req, res) => {
    res.type('html').set('Cache-Control', 'public, max-age=300').send(DOCS_HTML(queryLang(req.query.lang)));
  });
  router.get('/redoc', redocPolicy, (req, res) => {
    res.type('html').set('Cache-Control', 'public, max-age=300').send(REDOC_HTML(queryLang(req.query.lang)));
  });
  const swagger = packageDir('swagger-ui-dist');
  router.use('/docs/assets/kb-init.js', ownFile('application/javascript', SWAGGER_INIT));
  router.use('/docs/assets/kb.css', ownFile('text/css', PAGE_CSS));
  router.use('/docs/assets', express.static(swagger, { index: false, maxAge: '1d', fallthrough: false }));
  router.use('/redoc/assets/kb-init.js', ownFile('application/javascript', REDOC_INIT));
  router.use('/redoc/assets/kb.css', ownFile('text/css', PAGE_CSS));
  router.use('/redoc/assets/redoc.standalone.js', redocBundle());
  router.use(
    '/redoc/assets',
    express.static(path.join(packageDir('redoc'), 'bundles'), { index: false, maxAge: '1d', fallthrough: false }),
  );
  return router;
}
