import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestListener } from 'node:http';
import type { ApiError } from '@kb/contracts';
import type { HttpTimeouts } from '../config.js';

/** The statuses Node's HTTP parser errors map to (`err.code` of a `clientError`). */
const PARSER_STATUS: Readonly<Record<string, { status: number; reason: string; error: string }>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    error: 'The request line or headers are too large (16 KB at most)',
  },
  // headersTimeout or requestTimeout passed before the request was received whole.
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    error: 'The request was not received in time',
  },
};
const MALFORMED = { status: 400, reason: 'Bad Request', error: 'The request could not be parsed' };

/**
 * Answers a request Node's HTTP parser refused before Express saw it (a 100k-character URL,
 * malformed request line) with the API's error shape instead of an empty response:
 * `431 { success: false, error }` for oversized headers/URL, `408` for a request not received
 * within the server's `headersTimeout`/`requestTimeout`, `400` for other parse errors; a
 * socket that can no longer be written to, or whose response has already started, is
 * destroyed. Never throws.
 *
 * @param error the parser error (`code` such as `HPE_HEADER_OVERFLOW`)
 * @param socket the client's connection
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const pending = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, reason, error: message } = PARSER_STATUS[error.code ?? ''] ?? MALFORMED;
  const body: ApiError = { success: false, error: message };
  const payload = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(payload)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      payload,
  );
}

/**
 * The site's HTTP server for an Express app (or any request listener): `http.createServer`
 * plus {@link answerClientError} for requests the parser refuses or that time out. Not
 * listening yet.
 *
 * @param timeouts limits on receiving a request (`config.httpTimeouts`; Node's own defaults,
 *   81 s for headers and 300 s for a body, when absent)
 * @throws RangeError when `headersMs` exceeds `requestMs`
 */
export function createHttpServer(app: RequestListener, timeouts?: HttpTimeouts): http.Server {
  const server = timeouts
    ? http.createServer(
        {
          headersTimeout: timeouts.headersMs,
          requestTimeout: timeouts.requestMs,
          connectionsCheckingInterval: timeouts.connectionsCheckMs,
        },
        app,
      )
    : http.createServer(app);
  server.on('clientError', answerClientError);
  return server;
}
