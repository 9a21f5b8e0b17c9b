import { Router } from 'express';
import type { Database } from '../db/database.js';
import { isCorpusLoaded } from '../corpus/service.js';

/**
 * `GET /healthz` — liveness: 200 `{ status: 'ok' }` while the process serves requests.
 * `GET /readyz` — readiness: 200 `{ status: 'ready' }` when the database answers and the corpus
 * is loaded, else 503 `{ status: 'not-ready', reason }`.
 */
export function healthRouter(db: Database): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    let reason: string | undefined;
    try {
      await db.query('SELECT 1');
      try {
        if (!(await isCorpusLoaded(db))) reason = 'corpus not loaded';
      } catch {
        reason = 'corpus not loaded'; // e.g. migrations not applied yet
      }
    } catch {
      reason = 'database unavailable';
    }
    if (reason) res.status(503).json({ status: 'not-ready', reason });
    else res.json({ status: 'ready' });
  });
  return router;
}
