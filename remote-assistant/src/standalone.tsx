import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import {
  LANGS,
  LANGUAGE_STORAGE_KEY,
  defineMessages,
  initialLanguage,
  languageBus,
  useLanguage,
} from '@kb/contracts';
import ChatPage from './chat/ChatPage';
import PreviewPage from './preview/PreviewPage';
import SearchPage from './search/SearchPage';
import { colors, focusRing } from './shared/theme';
import { RADII, SPACE } from '@kb/contracts/tokens';

const messages = defineMessages(
  { language: 'Language (standalone shell)' },
  { language: 'Dil (bağımsız kabuk)' },
);

/** What the shell's own global styles would do. */
const StandaloneGlobalStyle = createGlobalStyle`
  body {
    margin: 0;
  }
`;

const Bar = styled.div`
  position: fixed;
  inset-block-end: 8px;
  inset-inline-start: 8px;
  z-index: 10;
  display: flex;
  gap: ${SPACE.xxs};
`;

const ToggleButton = styled.button`
  min-width: 44px;
  min-height: 36px;
  border: 2px solid ${colors.primary};
  border-radius: ${RADII.md};
  background: ${colors.surface};
  color: ${colors.primary};
  font-weight: 700;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${colors.primary};
    color: ${colors.onPrimary};
  }
  ${focusRing}
`;

/**
 * Stands in for the shell (bottom corner, clear of the screens' own headers), which does not run in standalone mode: an EN/TR toggle that
 * publishes on the language bus, granting the remote's own requests (the /search toggle),
 * and keeping `<html lang>` in step.
 */
function LanguageToggle() {
  const lang = useLanguage();
  useEffect(() => languageBus.onRequest((requested) => languageBus.publish(requested)), []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <Bar role="group" aria-label={messages[lang].language}>
      {LANGS.map((code) => (
        <ToggleButton key={code} type="button" aria-pressed={lang === code} onClick={() => languageBus.publish(code)}>
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </Bar>
  );
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

languageBus.publish(initialLanguage(window.location.search, storedLanguage(), navigator.languages));

const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneGlobalStyle />
      <LanguageToggle />
      <Routes>
        <Route path="/search" element={<SearchPage />} />
        <Route path="/preview" element={<PreviewPage />} />
        <Route path="*" element={<ChatPage />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
