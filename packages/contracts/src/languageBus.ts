import { useSyncExternalStore } from 'react';
import { isLang, type Lang } from './lang.js';

/**
 * The language bus: how the shell and independently deployed remotes agree on the language.
 *
 * The state lives on `window` under {@link LANGUAGE_BUS_KEY} (the key carries the contract's
 * major version, bumped only when the stored shape changes incompatibly) and every change is
 * announced as a `CustomEvent('kb:language', { detail: { lang } })` on `window`. A remote built
 * with another copy of this package therefore still sees the same value, and a remote that
 * mounts late reads the current value at once (replay).
 *
 * Only the shell calls {@link LanguageBus.publish}. A remote that offers its own toggle calls
 * {@link LanguageBus.request}; the shell listens with {@link LanguageBus.onRequest}, decides and
 * publishes.
 */
export interface LanguageBus {
  /** The current language; `'en'` before the shell has published anything. */
  current(): Lang;
  /** Calls `listener` with every later change. Returns the unsubscribe function. */
  subscribe(listener: (lang: Lang) => void): () => void;
  /** Shell only: sets the language and notifies every subscriber (no event when unchanged). */
  publish(lang: Lang): void;
  /** Asks the shell to switch to `lang` (a `kb:language-request` event). */
  request(lang: Lang): void;
  /** Shell only: calls `handler` with every request. Returns the unsubscribe function. */
  onRequest(handler: (lang: Lang) => void): () => void;
}

/** Window property holding the bus state; `V1` is the contract's major version. */
export const LANGUAGE_BUS_KEY = '__KB_LANGUAGE_BUS_V1__';
/** Event announcing a published language. `detail: { lang }`. */
export const LANGUAGE_EVENT = 'kb:language';
/** Event carrying a remote's request to change the language. `detail: { lang }`. */
export const LANGUAGE_REQUEST_EVENT = 'kb:language-request';

interface BusState {
  lang: Lang;
}

type BusWindow = Window & { [LANGUAGE_BUS_KEY]?: BusState };

function state(): BusState | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as BusWindow;
  const existing = w[LANGUAGE_BUS_KEY];
  if (existing && isLang(existing.lang)) return existing;
  const fresh: BusState = { lang: 'en' };
  w[LANGUAGE_BUS_KEY] = fresh;
  return fresh;
}

function langOf(event: Event): Lang | undefined {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  if (typeof detail !== 'object' || detail === null) return undefined;
  const lang: unknown = (detail as { lang?: unknown }).lang;
  return isLang(lang) ? lang : undefined;
}

function listen(type: string, fn: (lang: Lang) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const handler = (event: Event): void => {
    const lang = langOf(event);
    if (lang) fn(lang);
  };
  window.addEventListener(type, handler);
  return () => window.removeEventListener(type, handler);
}

/** The one bus of the page. Safe to import where there is no `window` (reads `'en'`). */
export const languageBus: LanguageBus = {
  current: () => state()?.lang ?? 'en',
  subscribe: (listener) => listen(LANGUAGE_EVENT, listener),
  publish(lang) {
    const s = state();
    if (!s || !isLang(lang) || s.lang === lang) return;
    s.lang = lang;
    window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: { lang } }));
  },
  request(lang) {
    if (typeof window === 'undefined' || !isLang(lang)) return;
    window.dispatchEvent(new CustomEvent(LANGUAGE_REQUEST_EVENT, { detail: { lang } }));
  },
  onRequest: (handler) => listen(LANGUAGE_REQUEST_EVENT, handler),
};

/**
 * React hook: the current language, re-rendering the component when the shell publishes a
 * new one.
 */
export function useLanguage(): Lang {
  return useSyncExternalStore(languageBus.subscribe, languageBus.current, () => 'en' as Lang);
}
