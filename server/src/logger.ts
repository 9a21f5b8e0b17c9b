import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger };

/**
 * Log fields that could carry personal data (an e-mail address, a message, a question, a
 * request body or query string, a database error's bound parameters or key detail). No code
 * logs them; the redaction is defense in depth so a future `logger.info({ body })` or a
 * driver error with `params` prints `[redacted]` instead. Paths use pino's redact syntax
 * (`*` is one level of any key).
 */
export const REDACTED_LOG_PATHS: readonly string[] = [
  'email',
  '*.email',
  'question',
  '*.question',
  'description',
  '*.description',
  'body',
  '*.body',
  'req.query',
  'req.headers',
  'err.params',
  'err.parameters',
  'err.detail',
  'err.queryOptions',
];

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/** What an e-mail address inside a logged text is replaced with. */
export const REDACTED_ADDRESS = '[address]';

const ADDRESS = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;

/**
 * A text to be logged with every e-mail address in it replaced by {@link REDACTED_ADDRESS}:
 * for texts the server does not write itself (an SMTP server's error may quote a recipient or
 * a reply-to address).
 *
 * @param text any text, e.g. an error message
 * @returns the same text, addresses replaced
 */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, REDACTED_ADDRESS);
}

/**
 * The server's logger: JSON lines (pino) on stdout, or on `destination` (tests capture the
 * lines in memory). Request logs carry a request id, method, path (never the query string) and
 * status; bodies, questions and e-mail addresses are never logged, and the fields in
 * {@link REDACTED_LOG_PATHS} are censored should anything log them.
 *
 * @param level pino level; `silent` for tests
 * @param destination where the lines go (default: stdout)
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'kb-server' },
    redact: { paths: [...REDACTED_LOG_PATHS], censor: REDACTED },
  };
  return destination ? pino(options, destination) : pino(options);
}
