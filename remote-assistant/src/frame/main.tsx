import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LANGUAGE_STORAGE_KEY, initialLanguage } from '@kb/contracts';
import { createFrameBridge } from './bridge';
import { ArabicFontFace } from '../shared/arabicFont';
import { tabStorage } from './conversationStore';
import { cspNonce } from './cspNonce';
import { FrameApp } from './FrameApp';

// Before anything renders, so every element webpack creates carries the page's nonce.
// Only with a nonce: outside webpack (jest, whose pages have none) the global does not exist.
const nonce = cspNonce();
if (nonce) __webpack_nonce__ = nonce;

// First, before anything renders: listen for the page's messages and say `ready`. Asks that
// arrive before the UI mounts wait in the bridge's queue.
const bridge = createFrameBridge(
  window,
  initialLanguage(window.location.search, storedLanguage(), navigator.languages),
);

/** The language last chosen on this site (shared origin), or null when unreadable. */
function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('The assistant frame page has no #root element');
const root = createRoot(container);
// The frame shares the page's main thread. Preact's compat layer (the build's renderer,
// webpack.config.js) runs a transition at once; were React rendering the frame, the
// transition would let it yield while it builds the first screen.
startTransition(() =>
  root.render(
    <StrictMode>
      <ArabicFontFace />
      <FrameApp bridge={bridge} storage={tabStorage()} />
    </StrictMode>,
  ),
);
