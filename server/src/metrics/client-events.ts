import { Router } from 'express';
import { CLIENT_EVENT_TYPES, REMOTES, type ClientEvent } from '@kb/contracts';
import { HttpError } from '../http/errors.js';
import type { ReleaseRegistry } from '../releases/registry.js';
import { isRemoteName } from '../releases/service.js';
import { remoteLoadFailures } from './metrics.js';

/** A release version as builds write it: `<package version>-<8 hex>` (releases/service.ts). */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,60}-[0-9a-f]{8}$/;

/** The `version` label of a failure whose version this server never published (bounds the series). */
export const UNPUBLISHED_VERSION = 'unpublished';

/**
 * Checks a `POST /api/client-events` body strictly: an object with exactly `type`, `remote`
 * and `version`, a known type and remote, a well-formed version.
 *
 * @returns the event
 * @throws HttpError 400 with an English sentence naming what is wrong
 */
export function parseClientEvent(body: unknown): ClientEvent {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The body must be a JSON object { type, remote, version }');
  }
  const fields = body as Record<string, unknown>;
  const extra = Object.keys(fields).find((key) => !['type', 'remote', 'version'].includes(key));
  if (extra !== undefined) throw new HttpError(400, `Unknown field "${extra.slice(0, 40)}"; expected type, remote and version`);
  const { type, remote, version } = fields;
  if (typeof type !== 'string' || !(CLIENT_EVENT_TYPES as readonly string[]).includes(type)) {
    throw new HttpError(400, `Unknown event type; expected one of ${CLIENT_EVENT_TYPES.join(', ')}`);
  }
  if (!isRemoteName(remote)) throw new HttpError(400, `Unknown remote; expected one of ${Object.keys(REMOTES).join(', ')}`);
  if (typeof version !== 'string' || !VERSION.test(version)) {
    throw new HttpError(400, 'The version must be a release version like 1.0.0-1a2b3c4d');
  }
  return { type: 'remote-load-failed', remote, version };
}

/**
 * `POST /api/client-events` (mounted under `/api`, behind its JSON body parser and a limiter
 * of the forms' rate group) → 204. A `remote-load-failed` event adds one to
 * `kb_remote_load_failures_total{remote,version}` — `version` as sent when this server
 * published that release, else {@link UNPUBLISHED_VERSION} — and writes one `warn` log line
 * with the remote and version. Nothing about the visitor is stored or logged.
 */
export function clientEventsRouter(registry: Pick<ReleaseRegistry, 'list'>): Router {
  const router = Router();
  router.post('/client-events', async (req, res, next) => {
    try {
      const event = parseClientEvent(req.body as unknown);
      const published = (await registry.list(event.remote)).some((r) => r.version === event.version);
      const version = published ? event.version : UNPUBLISHED_VERSION;
      remoteLoadFailures.inc({ remote: event.remote, version });
      req.log.warn({ remote: event.remote, version: event.version, published }, 'a browser could not load a remote');
      res.status(204).set('Cache-Control', 'no-store').end();
    } catch (error) {
      next(error);
    }
  });
  return router;
}
