import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import {
  FRAME_LOAD_ASK_DELAY_MS,
  MAX_QUESTION_CHARS,
  isReadyMessage,
  isTrustedMessage,
  languageBus,
  parsePageToFrame,
  useLanguage,
  type Lang,
  type PageToFrameMessage,
} from '@kb/contracts';
import { FRAME_SRC_PATH } from './remoteVersion';

/** What a page wants the assistant frame to do. */
export interface AssistantFrameOptions {
  /** The page's pending question (its `q`): asked once the frame can receive it. Blank or absent: none. */
  query?: string | null;
  /** Catalog source id to limit answers to (the page's `source`). Absent, blank or malformed: none. */
  source?: string | null;
  /**
   * Called once the pending question has been sent to the frame, with that question: the
   * page may then drop it from its URL, so a reload does not ask it again.
   */
  onQueryDelivered?: (query: string) => void;
}

/** Props to spread onto the page's `<iframe>`. */
export interface AssistantFrameBinding {
  ref: RefObject<HTMLIFrameElement | null>;
  /** `FRAME_SRC_PATH?lang=<lang at mount>` (this release's frame); stable for the life of the page, so a language change never reloads the frame. */
  src: string;
  onLoad: () => void;
}

/** The question to send: trimmed, cut to {@link MAX_QUESTION_CHARS}; `null` when blank. */
function normalizeQuery(query: string | null | undefined): string | null {
  const trimmed = query?.trim().slice(0, MAX_QUESTION_CHARS).trim() ?? '';
  return trimmed.length > 0 ? trimmed : null;
}

/** The source to send, or `null` when absent or not a catalog id the frame would accept. */
function normalizeSource(source: string | null | undefined): string | null {
  if (source === null || source === undefined) return null;
  const parsed = parsePageToFrame({ type: 'source', source: source.trim() });
  return parsed?.type === 'source' ? parsed.source : null;
}

interface Latest {
  lang: Lang;
  query: string | null;
  source: string | null;
  onQueryDelivered: ((query: string) => void) | undefined;
}

/**
 * Connects a page to the assistant frame (ARCHITECTURE.md "Assistant frame protocol").
 *
 * - Sends `{ type: 'language' }` when the frame says `ready` or fires `load`, and again on
 *   every language change of the bus; sends `{ type: 'source' }` at the same moments when a
 *   source is set, and again (or `null`) when it changes.
 * - Sends the pending question as `{ type: 'ask' }` exactly once: on the frame's `ready`, or
 *   {@link FRAME_LOAD_ASK_DELAY_MS} ms after its `load` event for a frame that never says
 *   ready — whichever comes first. A later, different `query` is sent once as well, and so is
 *   the same one again after `query` was cleared in between. `onQueryDelivered` is called
 *   after each question sent.
 * - Posts with `targetOrigin = window.location.origin` and accepts `ready` only from that
 *   origin and from this iframe's window.
 *
 * @param options the pending question and source, usually from the page's URL
 * @returns the iframe's `ref`, `src` and `onLoad`
 */
export function useAssistantFrame({ query, source, onQueryDelivered }: AssistantFrameOptions): AssistantFrameBinding {
  const lang = useLanguage();
  const pendingQuery = normalizeQuery(query);
  const activeSource = normalizeSource(source);

  const ref = useRef<HTMLIFrameElement | null>(null);
  const [src] = useState(() => `${FRAME_SRC_PATH}?lang=${languageBus.current()}`);
  const latest = useRef<Latest>({ lang, query: pendingQuery, source: activeSource, onQueryDelivered });
  /** The frame said ready or fired load: it can receive messages. */
  const connected = useRef(false);
  /** The question last sent, so that each question goes out once. */
  const delivered = useRef<string | null>(null);
  const loadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useLayoutEffect(() => {
    latest.current = { lang, query: pendingQuery, source: activeSource, onQueryDelivered };
  });

  const post = useCallback((message: PageToFrameMessage) => {
    ref.current?.contentWindow?.postMessage(message, window.location.origin);
  }, []);

  const cancelLoadTimer = useCallback(() => {
    if (loadTimer.current !== null) {
      clearTimeout(loadTimer.current);
      loadTimer.current = null;
    }
  }, []);

  const sendSettings = useCallback(() => {
    post({ type: 'language', lang: latest.current.lang });
    const current = latest.current.source;
    if (current !== null) post({ type: 'source', source: current });
  }, [post]);

  const deliverQuery = useCallback(() => {
    const current = latest.current.query;
    if (current === null || delivered.current === current) return;
    delivered.current = current;
    post({ type: 'ask', query: current });
    latest.current.onQueryDelivered?.(current);
  }, [post]);

  const onLoad = useCallback(() => {
    connected.current = true;
    sendSettings();
    cancelLoadTimer();
    loadTimer.current = setTimeout(() => {
      loadTimer.current = null;
      deliverQuery();
    }, FRAME_LOAD_ASK_DELAY_MS);
  }, [sendSettings, cancelLoadTimer, deliverQuery]);

  useEffect(() => {
    const onMessage = (event: MessageEvent): void => {
      const frameWindow = ref.current?.contentWindow;
      if (!frameWindow) return;
      if (!isTrustedMessage(event, window.location.origin, frameWindow)) return;
      if (!isReadyMessage(event.data)) return;
      connected.current = true;
      cancelLoadTimer();
      sendSettings();
      deliverQuery();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      cancelLoadTimer();
    };
  }, [cancelLoadTimer, sendSettings, deliverQuery]);

  useEffect(() => {
    if (connected.current) post({ type: 'language', lang });
  }, [lang, post]);

  const previousSource = useRef(activeSource);
  useEffect(() => {
    if (previousSource.current === activeSource) return;
    previousSource.current = activeSource;
    if (connected.current) post({ type: 'source', source: activeSource });
  }, [activeSource, post]);

  useEffect(() => {
    // No question (the page dropped it from its URL): the same question asked later is new.
    if (pendingQuery === null) delivered.current = null;
    // A new question while the frame is already reachable (the URL changed in place). While
    // the load timer runs, it sends the latest question itself.
    if (connected.current && loadTimer.current === null) deliverQuery();
  }, [pendingQuery, deliverQuery]);

  return { ref, src, onLoad };
}
