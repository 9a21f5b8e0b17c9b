import type { Express } from 'express';
import { createApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createLogger } from '../logger.js';

/**
 * A configuration for tests: ports 0, silent logs, and the given environment on top
 * (e.g. `WEB_ROOT` of a temporary folder, tight rate limits).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '0',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-kb-test-data',
    ...env,
  });
}

/** The site's app over `db` with {@link testConfig}. */
export function testApp(db: Database, env: Record<string, string> = {}): Express {
  const config = testConfig(env);
  return createApp({ config, db, logger: createLogger('silent') });
}
