import type { Response } from 'express';
import type { Answer, Citation } from '@kb/contracts';

/** Longest `delta` piece of answer text (characters); pieces end at a line or word boundary. */
export const DELTA_CHARS = 120;

/**
 * Splits answer text into `delta` pieces of at most {@link DELTA_CHARS} characters, breaking
 * after a newline or a space where it can; the pieces joined are the text.
 */
export function deltaPieces(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > DELTA_CHARS) {
    const window = rest.slice(0, DELTA_CHARS);
    const cut = Math.max(window.lastIndexOf('\n') + 1, window.lastIndexOf(' ') + 1);
    const at = cut > 0 ? cut : DELTA_CHARS;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}

/** The events of ARCHITECTURE.md's answer stream, as a writer over one response. */
export interface AnswerStream {
  meta(mode: Answer['mode']): void;
  citation(citation: Citation): void;
  delta(text: string): void;
  /** The whole answer object (authoritative); ends the stream. */
  done(answer: Answer): void;
  /** `{ error }`; ends the stream. */
  error(message: string): void;
  /** True once the client has gone (nothing more is written). */
  readonly closed: boolean;
}

/**
 * Opens a Server-Sent Events stream on `res`: status 200, `text/event-stream`,
 * `Cache-Control: no-store, no-transform` (so the compression middleware leaves it alone and
 * no event is held back) and headers sent at once. Each event is `event: <name>` plus one
 * `data:` line of JSON.
 */
export function openAnswerStream(res: Response): AnswerStream {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  const send = (event: string, data: unknown): void => {
    if (closed) return;
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const end = (): void => {
    if (closed) return;
    closed = true;
    res.end();
  };
  return {
    meta: (mode) => send('meta', { mode }),
    citation: (citation) => send('citation', citation),
    delta: (text) => send('delta', { text }),
    done(answer) {
      send('done', answer);
      end();
    },
    error(message) {
      send('error', { error: message });
      end();
    },
    get closed() {
      return closed;
    },
  };
}
