import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { App } from './App';
import { cspNonce } from './cspNonce';
import { startReleasePreview } from './federation/releasePreview';
import { registerRemotesFromManifest } from './federation/remotes';
import { startLanguage } from './language/shellLanguage';
import { SiteInfoProvider } from './site/siteInfo';
import { GlobalStyle } from './styles/theme';

/**
 * Start-up: decide the language, start the tab's release preview (`?release=`), register the
 * remotes named by /remotes.json, render. The
 * page renders even when /remotes.json cannot be read; each remote region then shows its
 * fallback.
 */
async function start(): Promise<void> {
  startLanguage();
  startReleasePreview();
  await registerRemotesFromManifest();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <GlobalStyle />
      <SiteInfoProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
        {/* The page's one toast container: react-toastify is a shared singleton, remotes call toast(); below the fixed navbar. It injects its own CSS in a <style> that needs the page's CSP nonce. */}
        <ToastContainer position="top-right" newestOnTop style={{ top: '4.75rem' }} nonce={cspNonce()} />
      </SiteInfoProvider>
    </StrictMode>,
  );
}

void start();
