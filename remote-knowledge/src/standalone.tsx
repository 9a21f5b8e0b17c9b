import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createGlobalStyle } from 'styled-components';
import { languageBus, LANGS } from '@kb/contracts';
import KnowledgePage from './knowledge/KnowledgePage';
import { colors } from './knowledge/theme';

/** The page basics the shell provides in production (font, colours, focus ring). */
const StandaloneStyle = createGlobalStyle`
  body {
    margin: 0;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif;
    color: ${colors.text};
    background: ${colors.background};
    line-height: 1.5;
  }
  :focus-visible { outline: 3px solid ${colors.accent}; outline-offset: 2px; }
`;

/** The team's standalone page: the exposed screen in its own providers, with a language toggle. */
function Standalone() {
  return (
    <BrowserRouter>
      <StandaloneStyle />
      <div role="group" aria-label="Language / Dil">
        {LANGS.map((l) => (
          <button key={l} type="button" onClick={() => languageBus.publish(l)}>
            {l.toUpperCase()}
          </button>
        ))}
      </div>
      <KnowledgePage />
    </BrowserRouter>
  );
}

// The shell keeps <html lang> in step with the language; the standalone page does the same.
document.documentElement.lang = languageBus.current();
languageBus.subscribe((lang) => {
  document.documentElement.lang = lang;
});

const root = document.createElement('main');
document.body.append(root);
createRoot(root).render(<Standalone />);
