import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
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

function page(title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${head}
</head>
<body style="margin:0">
${body}
</body>
</html>
`;
}

const DOCS_HTML = page(
  'API — Swagger UI',
  '<link rel="stylesheet" href="/docs/assets/swagger-ui.css">',
  '<main id="swagger-ui"></main>\n<script src="/docs/assets/swagger-ui-bundle.js"></script>\n<script src="/docs/assets/kb-init.js"></script>',
);

const REDOC_HTML = page(
  'API — ReDoc',
  '',
  '<main id="redoc"></main>\n<script src="/redoc/assets/redoc.standalone.js"></script>\n<script src="/redoc/assets/kb-init.js"></script>',
);

/** A small script of our own (the pages' start-up), served as a file: the site's policy allows no inline script. */
function script(body: string): RequestHandler {
  return (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'public, max-age=300').send(body);
  };
}

/**
 * `GET /openapi.json` (the document, CORS open), `GET /docs` (Swagger UI) and `GET /redoc`
 * (ReDoc), with every asset served from the site under `/docs/assets/` and `/redoc/assets/`
 * (the `swagger-ui-dist` and `redoc` packages): nothing is loaded from another origin.
 *
 * @param publicOrigin the server URL listed in the document
 */
export function openApiRouter(publicOrigin: string): Router {
  const document = JSON.stringify(openApiDocument(publicOrigin));
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').set({ 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' }).send(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'public, max-age=300').send(DOCS_HTML);
  });
  router.get('/redoc', (_req, res) => {
    res.type('html').set('Cache-Control', 'public, max-age=300').send(REDOC_HTML);
  });
  const swagger = packageDir('swagger-ui-dist');
  router.use('/docs/assets/kb-init.js', script(SWAGGER_INIT));
  router.use('/docs/assets', express.static(swagger, { index: false, maxAge: '1d', fallthrough: false }));
  router.use('/redoc/assets/kb-init.js', script(REDOC_INIT));
  router.use(
    '/redoc/assets',
    express.static(path.join(packageDir('redoc'), 'bundles'), { index: false, maxAge: '1d', fallthrough: false }),
  );
  return router;
}
