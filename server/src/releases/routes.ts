import { Router } from 'express';
import type { RemotesManifest } from '@kb/contracts';
import { assetNotFound, isHashedFile, staticFiles } from '../web/static.js';
import { currentBuild, currentBuilds, isRemoteName, remoteEntries } from './service.js';

/**
 * `GET /remotes.json` → `{ remotes: [{ name, version, entry }] }` for each remote whose build
 * exists (`Cache-Control: no-store`), and `/remotes/<name>/<version>/…` → that build's files
 * (content-hashed ones immutable, the rest — `mf-manifest.json`, `remoteEntry.js` — no-cache).
 * A name or version that is not a current build → 404.
 *
 * @param webRoot folder holding the `remote-*` workspaces
 */
export function releasesRouter(webRoot: string): Router {
  const router = Router();
  const handlers = new Map<string, ReturnType<typeof staticFiles>>();

  router.get('/remotes.json', async (_req, res) => {
    const body: RemotesManifest = { remotes: remoteEntries(await currentBuilds(webRoot)) };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.use('/remotes/:name/:version', async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const { name, version } = req.params as { name: string; version: string };
    const build = isRemoteName(name) ? await currentBuild(webRoot, name) : undefined;
    if (!build || build.version !== version) return assetNotFound(req, res, next);
    let serve = handlers.get(build.dir);
    if (!serve) {
      serve = staticFiles(build.dir, isHashedFile);
      handlers.set(build.dir, serve);
    }
    serve(req, res, () => assetNotFound(req, res, next));
  });
  router.use('/remotes', assetNotFound);
  return router;
}
