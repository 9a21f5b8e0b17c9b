import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { languageBus, LANGS } from '@kb/contracts';
import KnowledgePage from './knowledge/KnowledgePage';

/** The team's standalone page: the exposed screen in its own providers, with a language toggle. */
function Standalone() {
  return (
    <BrowserRouter>
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

const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(<Standalone />);
