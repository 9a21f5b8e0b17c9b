import { Router } from 'express';
import type { RemotesManifest } from '@kb/contracts';
import { assetNotFound, isHashedFile, staticFiles } from '../web/static.js';
import type { ReleaseRegistry } from './registry.js';
import { isRemoteName } from './service.js';

/**
 * `GET /remotes.json` → `{ remotes: [{ name, version, entry }] }`, the active release of each
 * remote (`Cache-Control: no-store`, so a rollback is seen on the next page load), and
 * `/remotes/<name>/<version>/…` → the files of any release published on this server (not only
 * the active one, so a page loaded before a switch still finds its chunks). Content-hashed
 * files are immutable for a year; `mf-manifest.json` and `remoteEntry.js` are revalidated.
 * An unknown name or version → plain 404.
 */
export function releasesRouter(registry: ReleaseRegistry): Router {
  const router = Router();
  const handlers = new Map<string, ReturnType<typeof staticFiles>>();

  router.get('/remotes.json', async (_req, res, next) => {
    try {
      const body: RemotesManifest = { remotes: await registry.activeEntries() };
      res.set('Cache-Control', 'no-store').json(body);
    } catch (error) {
      next(error);
    }
  });

  router.use('/remotes/:name/:version', async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const { name, version } = req.params as { name: string; version: string };
    try {
      if (!isRemoteName(name) || !(await registry.isServedHere(name, version))) return assetNotFound(req, res, next);
    } catch (error) {
      return next(error);
    }
    const dir = registry.releaseDir(name, version);
    let serve = handlers.get(dir);
    if (!serve) {
      serve = staticFiles(dir, isHashedFile);
      handlers.set(dir, serve);
    }
    serve(req, res, () => assetNotFound(req, res, next));
  });
  router.use('/remotes', assetNotFound);
  return router;
}
