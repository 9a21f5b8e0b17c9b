import { isLang, type Lang } from './lang.js';

/**
 * The assistant frame protocol (ARCHITECTURE.md "Assistant frame protocol").
 *
 * Pages embed the frame of their assistant release, `/assistant/<version>/index.html`, in an
 * iframe and talk with `postMessage`, accepting messages from their own origin only, in both
 * directions.
 */

/**
 * Path of the active assistant release's frame app, always on the site's own origin; a
 * production build embeds its own release's `/assistant/<version>/index.html` instead.
 */
export const ASSISTANT_FRAME_PATH = '/assistant/index.html';

/** Delay after the frame's `load` event before a pending question is sent to a frame that never said `ready` (ms). */
export const FRAME_LOAD_ASK_DELAY_MS = 50;

/** Longest question accepted by the frame and by `POST /api/ask` (characters). */
export const MAX_QUESTION_CHARS = 1000;

/** page → frame: the interface language. */
export interface LanguageMessage {
  type: 'language';
  lang: Lang;
}
/** page → frame: limit answers to one source (a catalog id), or `null` for all. */
export interface SourceMessage {
  type: 'source';
  source: string | null;
}
/** page → frame: ask a question. */
export interface AskMessage {
  type: 'ask';
  query: string;
}
/** frame → page: the frame's listener is registered. */
export interface ReadyMessage {
  type: 'ready';
}

/** Every message a page may send to the frame. */
export type PageToFrameMessage = LanguageMessage | SourceMessage | AskMessage;
/** Every message the frame may send to its page. */
export type FrameToPageMessage = ReadyMessage;

/** A source id as the catalog writes them: lower-case letters, digits and dashes, 1–40 chars. */
const SOURCE_ID = /^[a-z0-9-]{1,40}$/;

/**
 * Parses a message a page sent to the frame. Returns `undefined` for anything that is not
 * exactly one of the protocol's shapes (wrong type, extra junk in a field, an empty or too
 * long query). Never throws.
 */
export function parsePageToFrame(data: unknown): PageToFrameMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case 'language':
      return isLang(m.lang) ? { type: 'language', lang: m.lang } : undefined;
    case 'source':
      if (m.source === null) return { type: 'source', source: null };
      return typeof m.source === 'string' && SOURCE_ID.test(m.source)
        ? { type: 'source', source: m.source }
        : undefined;
    case 'ask': {
      if (typeof m.query !== 'string') return undefined;
      const query = m.query.trim();
      return query.length > 0 && query.length <= MAX_QUESTION_CHARS ? { type: 'ask', query } : undefined;
    }
    default:
      return undefined;
  }
}

/** True when `data` is the frame's `ready` message. */
export function isReadyMessage(data: unknown): data is ReadyMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'ready';
}

/**
 * True when a `message` event may be trusted: it comes from `expectedOrigin` (the page's own
 * origin) and, when `expectedSource` is given, from that window.
 */
export function isTrustedMessage(
  event: Pick<MessageEvent, 'origin' | 'source'>,
  expectedOrigin: string,
  expectedSource?: MessageEventSource | null,
): boolean {
  if (event.origin !== expectedOrigin) return false;
  return expectedSource === undefined || event.source === expectedSource;
}
