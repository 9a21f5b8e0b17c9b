import { Router } from 'express';
import { parseReleaseRef, REMOTES, type ApiError, type RemotesManifest } from '@kb/contracts';
import { assetNotFound, isHashedFile, staticFiles } from '../web/static.js';
import { createReleasePreview } from './preview.js';
import type { ReleaseRegistry } from './registry.js';
import { isRemoteName } from './service.js';

/** `bucket` of `/remotes.json?bucket=N`: a whole number 0–99 as the browser keeps it, else undefined. */
function parseBucket(raw: unknown): number | undefined | 'bad' {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d{1,2}$/.test(raw)) return 'bad';
  return Number(raw);
}

/**
 * `GET /remotes.json[?bucket=N]` → `{ remotes: [{ name, version, entry }] }`, the release of
 * each remote served to a visitor in bucket N (0–99, kept by the browser): a remote's canary
 * for the canary's buckets, else its active release; without a bucket, the active releases
 * (`Cache-Control: no-store`, so a rollback is seen on the next page load). A bucket that is not
 * a whole number 0–99 → 400 `{ success: false, error }`. The bucket is never logged (the request log drops
 * query strings). And
 * `/remotes/<name>/<version>/…` → the files of any release published on this server (not only
 * the active one, so a page loaded before a switch still finds its chunks). Content-hashed
 * files are immutable for a year; `mf-manifest.json` and `remoteEntry.js` are revalidated.
 * An unknown name or version → plain 404.
 *
 * `GET /remotes.json?release=<name>@<version>` previews one published, verified release in place
 * of that remote's active one, and says so in `preview` (`available: false` and the normal
 * answer when it is not published or fails verification; see `preview.ts`); a malformed or
 * repeated `release` → 400 `{ success: false, error }`.
 *
 * @param fetchImpl how a preview's release at a base URL is fetched for verification (tests pass a fake)
 */
export function releasesRouter(registry: ReleaseRegistry, fetchImpl: typeof fetch = fetch): Router {
  const router = Router();
  const preview = createReleasePreview(registry, fetchImpl);
  const handlers = new Map<string, ReturnType<typeof staticFiles>>();

  router.get('/remotes.json', async (req, res, next) => {
    const bucket = parseBucket(req.query.bucket);
    if (bucket === 'bad') {
      const body: ApiError = { success: false, error: 'bucket must be a whole number from 0 to 99' };
      res.status(400).set('Cache-Control', 'no-store').json(body);
      return;
    }
    const raw = req.query.release;
    const ref = raw === undefined ? undefined : parseReleaseRef(raw);
    if (raw !== undefined && !ref) {
      const body: ApiError = {
        success: false,
        error: `release must be one <name>@<version>, e.g. assistant@0.1.0-1a2b3c4d; name is one of ${Object.keys(REMOTES).join(', ')}`,
      };
      res.status(400).set('Cache-Control', 'no-store').json(body);
      return;
    }
    try {
      let body: RemotesManifest = { remotes: await registry.activeEntries(bucket) };
      if (ref) body = await preview.apply(body, ref);
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
