import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger };

/**
 * The server's logger: JSON lines on stdout (pino). Request logs carry method, path (never
 * the query string) and status; bodies and questions are never logged.
 *
 * @param level pino level; `silent` for tests
 */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { service: 'kb-server' } });
}
