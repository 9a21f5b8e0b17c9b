import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { cspNonce } from './cspNonce';
import { startReleasePreview } from './federation/releasePreview';
import { registerRemotesAtStartup } from './federation/remotes';
import { startLanguage } from './language/shellLanguage';
import { SiteInfoProvider } from './site/siteInfo';
import { GlobalStyle } from './styles/theme';

/**
 * The page's toast container, loaded after the first render: toasts follow a visitor's action,
 * and react-toastify keeps any toast asked for before a container mounts in its queue.
 */
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/**
 * Start-up: decide the language, start the tab's release preview (`?release=`), start
 * registering the remotes named by /remotes.json (its request was started by the entry
 * script) and render at once, without waiting for the list: the shell's own content never
 * waits for a remote. A remote region waits for the registration; when /remotes.json cannot
 * be read, it shows its fallback.
 */
function start(): void {
  startLanguage();
  startReleasePreview();
  void registerRemotesAtStartup();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition lets React yield to the browser while it builds the first page, instead of
  // holding the main thread for the whole tree in one task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <GlobalStyle />
        <SiteInfoProvider>
          <BrowserRouter>
            <App />
          </BrowserRouter>
          {/* The page's one toast container: react-toastify is a shared singleton, remotes call toast(); below the fixed navbar. It injects its own CSS in a <style> that needs the page's CSP nonce. */}
          <Suspense fallback={null}>
            <ToastContainer position="top-right" newestOnTop style={{ top: '4.75rem' }} nonce={cspNonce()} />
          </Suspense>
        </SiteInfoProvider>
      </StrictMode>,
    ),
  );
}

start();
