import path from 'node:path';
import express, { Router, type Express } from 'express';
import { siteOrigins, type Config } from './config.js';
import { createResponseCache, type ResponseCache } from './cache/responses.js';
import type { Database } from './db/database.js';
import type { Logger } from './logger.js';
import { askRouter } from './ask/routes.js';
import { createAlertNotifier, type AlertNotifier } from './forms/alerts.js';
import { formsApiRouter, unsubscribePage, unsubscribeRouter } from './forms/routes.js';
import { healthRouter } from './health/routes.js';
import { FairQueue } from './http/fair-queue.js';
import { apiErrorHandler, apiNotFound, siteErrorHandler } from './http/errors.js';
import { jsonBodyOnly, onReads, singleHost, perMinuteLimit, safeJsonBody, sameOriginOnly, singleQueryValues } from './http/guards.js';
import { rateLimitCountsFor, type SharedRateLimitCounts } from './http/rate-limit-counts.js';
import { requestLogging } from './http/logging.js';
import { allowInlineStyles, inlineStylesOf, securityHeaders } from './http/security.js';
import { clientEventsRouter } from './metrics/client-events.js';
import { requestMetrics } from './metrics/http.js';
import { createRemoteHealth, remoteHealthRouter, type RemoteHealthChecker } from './releases/health.js';
import { createReleaseRegistry, type ReleaseRegistry } from './releases/registry.js';
import { releasesRouter } from './releases/routes.js';
import { createGenerator } from './ask/llm/generate.js';
import { createQueryFusion } from './embeddings/fusion.js';
import { corsForReads } from './openapi/cors.js';
import { openApiRouter } from './openapi/routes.js';
import { READING_PAGE_STYLE } from './read/page.js';
import { readRouter } from './read/routes.js';
import { searchRouter } from './search/routes.js';
import { statsRouter } from './stats/routes.js';
import { versesRouter } from './verses/routes.js';
import { countIndexedPassages } from './passages/catalog.js';
import { sourcesRouter } from './sources/routes.js';
import { compressResponses } from './web/compression.js';
import { fontsRouter } from './web/fonts.js';
import { webRouter } from './web/routes.js';
import { hideSourceMaps } from './web/static.js';
import { crawlerRouter, siteRouter } from './site/routes.js';

/** What the app is built from. */
export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** Staff alerts for contact messages (default: one over `config.forms`, without its retry timer). */
  alerts?: AlertNotifier;
  /**
   * The live releases' health checker behind `GET /healthz/remotes` (default: one that is never
   * started, so the route answers 503 `unchecked`; `main.ts` passes a started one).
   */
  remoteHealth?: RemoteHealthChecker;
  /** The cache of repeated answers (default: one over `db`, on unless `config.responseCache` is false). */
  responses?: ResponseCache;
  /**
   * The batched counts of the read and question limits (default: one over `db` writing every
   * `config.rateLimits.flushMs`; none when that is 0). `main.ts` passes its own, to write what
   * is pending on shutdown.
   */
  rateLimitCounts?: SharedRateLimitCounts;
}

/** Largest JSON body accepted by `/api` (bytes). */
export const JSON_BODY_LIMIT = '16kb';

function apiRouter({
  config,
  db,
  logger,
  alerts,
  registry,
  responses,
  rateLimitCounts: batched,
}: AppDeps & { alerts: AlertNotifier; registry: ReleaseRegistry; responses: ResponseCache }): Router {
  const api = Router();
  const limits = config.rateLimits;
  api.use(corsForReads);
  api.use(['/newsletter', '/contact'], perMinuteLimit('form', limits.formsPerMinute, { db, logger }));
  // The forms' group and limit, counted apart: a broken remote must not use up a visitor's form posts.
  api.use('/client-events', perMinuteLimit('form', limits.formsPerMinute, { db, logger, limiter: 'client-events' }));
  // Reads and questions (cache hits included) are counted in memory and written in batches, so
  // that a kept answer puts no statement on the database; form posts write a row anyway.
  api.use('/ask', perMinuteLimit('ask', limits.askPerMinute, { db, logger, batched }));
  api.use(onReads(perMinuteLimit('read', limits.readPerMinute, { db, logger, batched })));
  api.use(sameOriginOnly(siteOrigins(config)));
  api.use(jsonBodyOnly);
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(safeJsonBody, singleQueryValues);
  api.use(formsApiRouter({ db, alerts, logger }));
  api.use(clientEventsRouter(registry));
  const fusion = config.embeddings ? createQueryFusion({ db, config: config.embeddings, logger }) : undefined;
  // One queue in front of the database for searches and questions alike: one client's costly
  // searches or questions wait their turn instead of starving the others' (fair-queue.ts).
  const databaseQueue = new FairQueue({ concurrency: db.kind === 'pglite' ? 2 : 10, maxWaitMs: config.searchQueueMaxWaitMs });
  // Only what is not in the response cache waits there: a kept answer needs no database.
  api.use('/search', searchRouter(db, responses, fusion, databaseQueue));
  api.use('/ask', askRouter(db, responses, config.llm ? createGenerator(config.llm) : undefined, fusion, databaseQueue));
  api.use('/sources', sourcesRouter({ countPassages: () => countIndexedPassages(db), responses }));
  api.use('/site', siteRouter(config.site));
  api.use('/verses', versesRouter(db));
  api.use('/stats', statsRouter(db, responses));
  api.use(apiNotFound);
  api.use(apiErrorHandler(logger));
  return api;
}

/**
 * Builds the site's Express app (without listening): request logs, security headers,
 * compression, `/healthz`, `/readyz` and `/healthz/remotes`, the JSON API under `/api` (rate limits per route
 * group, counted in the database so every process shares them — reads and questions in batches
 * every `RATE_LIMIT_FLUSH_MS`, form posts at once — same-origin POSTs, JSON bodies up to 16 KB, one error middleware answering
 * `{ success: false, error }`), the reading pages and their font (`/fonts/`), `/remotes.json`
 * and the remotes' builds, and the front-end builds under `config.webRoot`.
 *
 * Every request is counted and timed per route group for the Prometheus metrics
 * (`metrics/http.ts`; served only on `METRICS_PORT`, never here).
 *
 * Request logs (`http/logging.ts`) carry a request id, method, path (no query string), status
 * and time; never bodies, questions or headers.
 *
 * Search pages, answers, `/api/stats` and the catalog's counts are kept in memory per corpus
 * version (`cache/responses.ts`; `SEARCH_CACHE=off` turns that off); GET answers carry ETags.
 */
export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestMetrics);
  app.use(requestLogging(logger));
  // Refused before anything else runs: under /api in the API's error shape, elsewhere as text.
  app.use(singleHost);
  app.use('/api', apiErrorHandler(logger));
  const registry = createReleaseRegistry({ db, webRoot: config.webRoot, releasesDir: config.releasesDir });
  app.use(
    securityHeaders({
      publicOrigin: config.publicOrigin,
      previewAllowedOrigins: config.previewAllowedOrigins,
      releaseBaseUrls: async () => (await registry.list()).map((release) => release.baseUrl),
      logger,
    }),
  );
  app.use(compressResponses());

  app.use(healthRouter(db));
  app.use(remoteHealthRouter(deps.remoteHealth ?? createRemoteHealth({ registry, logger })));
  const alerts = deps.alerts ?? createAlertNotifier({ db, config: config.forms, logger });
  const responses = deps.responses ?? createResponseCache({ db, enabled: config.responseCache, logger });
  const rateLimitCounts =
    deps.rateLimitCounts ??
    rateLimitCountsFor({ db, flushMs: config.rateLimits.flushMs, logger });
  app.use('/api', apiRouter({ ...deps, alerts, registry, responses, rateLimitCounts }));
  app.use('/unsubscribe', allowInlineStyles(...inlineStylesOf(unsubscribePage('invalid'))));
  app.use(
    unsubscribeRouter({
      db,
      origins: siteOrigins(config),
      limit: perMinuteLimit('form', config.rateLimits.formsPerMinute, { db, logger, limiter: 'unsubscribe' }),
    }),
  );
  app.use(
    '/read',
    perMinuteLimit('read', config.rateLimits.readPerMinute, { db, logger, limiter: 'read-pages', batched: rateLimitCounts }),
    allowInlineStyles(READING_PAGE_STYLE),
  );
  app.use(readRouter(db));
  app.use(fontsRouter());
  app.use(openApiRouter(config.publicOrigin));
  app.use(crawlerRouter(config.publicOrigin));
  if (!config.publicSourceMaps) app.use(hideSourceMaps);
  app.use(releasesRouter(registry));
  app.use(
    webRouter(config.webRoot, async () => {
      const version = await registry.activeVersion('assistant');
      return version && path.join(registry.releaseDir('assistant', version), 'assistant');
    }, async (version) =>
      (await registry.isServedHere('assistant', version)) ? path.join(registry.releaseDir('assistant', version), 'assistant') : undefined,
    ),
  );
  app.use(siteErrorHandler(logger));
  return app;
}
