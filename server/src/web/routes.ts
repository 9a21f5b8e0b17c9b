import fs from 'node:fs/promises';
import path from 'node:path';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { isShellRoute } from '@kb/contracts';
import { cspNonce } from '../http/security.js';
import { isReleaseVersion } from '../releases/service.js';
import { withNonceMeta } from './document.js';
import { assetNotFound, isHashedFile, NO_CACHE, staticFiles } from './static.js';

/** Paths that only ever name files: a miss there is a plain 404, not the shell's page. */
const ASSET_PREFIXES = ['/static/', '/assistant/', '/remotes/', '/api/'];

function looksLikeAsset(pathname: string): boolean {
  if (ASSET_PREFIXES.some((p) => pathname.startsWith(p))) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.');
}

/**
 * Sends an HTML document of a build (`Cache-Control: no-cache`) with this response's CSP
 * nonce written into it ({@link withNonceMeta}); so it is read and sent anew each time, never
 * as the build's precompressed copy (the response compression compresses it on the fly).
 *
 * @returns false when the file cannot be read (nothing sent)
 */
async function sendDocument(res: Response, file: string, status: number): Promise<boolean> {
  let html: string;
  try {
    html = await fs.readFile(file, 'utf8');
  } catch {
    return false;
  }
  res.status(status).type('html').set('Cache-Control', NO_CACHE).send(withNonceMeta(html, cspNonce(res)));
  return true;
}

async function sendShell(res: Response, indexFile: string, status: number): Promise<void> {
  if (await sendDocument(res, indexFile, status)) return;
  res
    .status(503)
    .type('text/plain')
    .set('Cache-Control', 'no-store')
    .send('The site has not been built yet: run `npm run build`.');
}

function isPageRequest(req: Request, paths: readonly string[]): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && paths.includes(req.path);
}

/**
 * The front-end builds under `webRoot`:
 * - `/assistant/<version>/…` → the `assistant/` folder of that published assistant release,
 *   from `assistantReleaseDir(version)` (a canary's page is its own frame; the frame's files
 *   name this versioned path), page no-cache with the nonce written in; an unknown version → 404;
 * - `/assistant/…` → the `assistant/` folder of the active assistant release (the frame app,
 *   always served from the site's own origin), from `assistantDir()`; its page (`/assistant/`,
 *   `/assistant/index.html`) no-cache, with the response's CSP nonce written in — for pages
 *   opened before the frame followed its release;
 * - `/static/…` → `shell/dist/static/` (content-hashed: immutable), other `shell/dist/*` files no-cache;
 * - every shell route (`isShellRoute`) and `/index.html` → `shell/dist/index.html` with the
 *   response's CSP nonce written in, 200, no-cache; any other GET
 *   path that is not a file → the same page with status 404 (the shell renders its 404 screen);
 *   a missing file → plain 404. Without a shell build, pages get 503 with a hint.
 */
export function webRouter(
  webRoot: string,
  assistantDir: () => Promise<string | undefined>,
  assistantReleaseDir: (version: string) => Promise<string | undefined> = () => Promise.resolve(undefined),
): Router {
  const shellDir = path.join(webRoot, 'shell', 'dist');
  const indexFile = path.join(shellDir, 'index.html');
  const router = Router();

  router.use((req, res, next) => {
    // Relative URLs in the frame's page resolve against /assistant/, so the folder needs its slash.
    if (req.path !== '/assistant' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const query = req.originalUrl.indexOf('?');
    res.redirect(301, `/assistant/${query >= 0 ? req.originalUrl.slice(query) : ''}`);
  });
  const assistantHandlers = new Map<string, ReturnType<typeof staticFiles>>();
  /** Serves one release's frame folder: its page with this response's nonce, its files as they are. */
  const serveFrame = async (dir: string, req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (isPageRequest(req, ['/', '/index.html'])) {
      try {
        if (await sendDocument(res, path.join(dir, 'index.html'), 200)) return;
      } catch (error) {
        next(error);
        return;
      }
      assetNotFound(req, res, next);
      return;
    }
    let serve = assistantHandlers.get(dir);
    if (!serve) {
      serve = staticFiles(dir, isHashedFile);
      assistantHandlers.set(dir, serve);
    }
    serve(req, res, () => assetNotFound(req, res, next));
  };
  router.use('/assistant/:version', async (req, res, next) => {
    const { version } = req.params as { version: string };
    if (!isReleaseVersion(version)) return next(); // `/assistant/static/…` and the like: the active release's files
    let dir: string | undefined;
    try {
      dir = await assistantReleaseDir(version);
    } catch (error) {
      return next(error);
    }
    if (!dir) return assetNotFound(req, res, next);
    await serveFrame(dir, req, res, next);
  });
  router.use('/assistant', async (req, res, next) => {
    let dir: string | undefined;
    try {
      dir = await assistantDir();
    } catch (error) {
      return next(error);
    }
    if (!dir) return assetNotFound(req, res, next);
    await serveFrame(dir, req, res, next);
  });
  router.use('/static', staticFiles(path.join(shellDir, 'static'), () => true), assetNotFound);
  router.use(async (req, res, next) => {
    // The shell's page asked for by its file name is the page all the same.
    if (!isPageRequest(req, ['/index.html'])) return next();
    try {
      await sendShell(res, indexFile, 200);
    } catch (error) {
      next(error);
    }
  });
  router.use(staticFiles(shellDir, isHashedFile));
  router.use(async (req: Request, res: Response, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (looksLikeAsset(req.path)) return assetNotFound(req, res, next);
    try {
      await sendShell(res, indexFile, isShellRoute(req.path) ? 200 : 404);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
