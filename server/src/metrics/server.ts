import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.js';
import { collectProcessMetrics, metricsRegistry } from './metrics.js';

/** Address the metrics listener binds to: this machine only (a scraper runs beside the server). */
export const METRICS_HOST = '127.0.0.1';

/** A running metrics listener. */
export interface MetricsServer {
  /** The port it listens on (the one asked for, or the free port picked for 0). */
  readonly port: number;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Starts the Prometheus listener on `127.0.0.1:port` (`METRICS_PORT`): `GET`/`HEAD /metrics`
 * answers the text exposition format of {@link metricsRegistry} (with prom-client's process
 * metrics, collected from now on); every other path or method gets a plain 404/405. It is a
 * separate plain `http` server, not a route of the site, so the site's ports never serve it.
 *
 * @param port 1–65535, or 0 for any free port
 * @throws the listen error (port in use, no permission)
 */
export async function startMetricsServer({ port, logger }: { port: number; logger: Logger }): Promise<MetricsServer> {
  collectProcessMetrics();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'collecting metrics failed');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Collecting the metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, METRICS_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
