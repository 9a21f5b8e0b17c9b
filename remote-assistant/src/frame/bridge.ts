import { parsePageToFrame, type FrameToPageMessage, type Lang } from '@kb/contracts';

/**
 * The window the frame app runs in, as far as the bridge needs it. The real `window`
 * satisfies it; tests pass a stand-in.
 */
export interface FrameHost {
  readonly location: { readonly origin: string };
  /** The embedding page's window (the host window itself when not framed). */
  readonly parent: { postMessage(message: FrameToPageMessage, targetOrigin: string): void };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** What the embedding page has set: the interface language and the source filter. */
export interface FrameSettings {
  readonly lang: Lang;
  /** Catalog source id answers are limited to, or `null` for all sources. */
  readonly source: string | null;
}

/** A question the page asked, with the settings in force when it arrived. */
export interface QueuedAsk extends FrameSettings {
  readonly query: string;
}

/**
 * The frame's end of the assistant frame protocol: validated page messages turned into
 * settings (a small store) and asks (queued until the UI takes them).
 */
export interface FrameBridge {
  /** Current settings; the same object until something changes (for `useSyncExternalStore`). */
  getSettings(): FrameSettings;
  /** Calls `listener` after every settings change. Returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The visitor removed the source filter in the frame itself. */
  setSource(source: string | null): void;
  /**
   * Hands asks to the UI: first every ask queued so far (each exactly once, in order), then
   * each new one as it arrives. One handler at a time; after unsubscribing, asks queue again.
   */
  onAsk(handler: (ask: QueuedAsk) => void): () => void;
  /** Stops listening for messages. */
  dispose(): void;
}

/**
 * Starts the frame's side of the protocol on `host`. Call it in the frame app's first script,
 * before anything renders: it registers the `message` listener at once and then, when the
 * app is framed, posts `{ type: 'ready' }` to the parent with `targetOrigin` = the app's own
 * origin.
 *
 * A message is used only when `event.origin === host.location.origin`, `event.source ===
 * host.parent` and `parsePageToFrame` accepts its data; everything else is ignored silently.
 *
 * @param host the frame's window (`window`)
 * @param initialLang the language to start in (from the frame's own `?lang=`)
 */
export function createFrameBridge(host: FrameHost, initialLang: Lang): FrameBridge {
  let settings: FrameSettings = { lang: initialLang, source: null };
  const listeners = new Set<() => void>();
  const queue: QueuedAsk[] = [];
  let askHandler: ((ask: QueuedAsk) => void) | null = null;

  const update = (next: Partial<FrameSettings>): void => {
    const merged = { ...settings, ...next };
    if (merged.lang === settings.lang && merged.source === settings.source) return;
    settings = merged;
    for (const listener of [...listeners]) listener();
  };

  const onMessage = (event: MessageEvent): void => {
    if (event.origin !== host.location.origin) return;
    const parent: unknown = host.parent;
    if (event.source !== parent) return;
    const message = parsePageToFrame(event.data);
    if (!message) return;
    switch (message.type) {
      case 'language':
        update({ lang: message.lang });
        break;
      case 'source':
        update({ source: message.source });
        break;
      case 'ask': {
        const ask: QueuedAsk = { query: message.query, ...settings };
        if (askHandler) askHandler(ask);
        else queue.push(ask);
        break;
      }
    }
  };

  host.addEventListener('message', onMessage);
  const framed = (host.parent as unknown) !== host;
  if (framed) host.parent.postMessage({ type: 'ready' }, host.location.origin);

  return {
    getSettings: () => settings,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setSource: (source) => update({ source }),
    onAsk(handler) {
      askHandler = handler;
      while (queue.length > 0 && askHandler === handler) {
        const next = queue.shift();
        if (next) handler(next);
      }
      return () => {
        if (askHandler === handler) askHandler = null;
      };
    },
    dispose: () => host.removeEventListener('message', onMessage),
  };
}
