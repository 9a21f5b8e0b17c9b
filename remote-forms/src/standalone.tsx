import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { languageBus, LANGS } from '@kb/contracts';
import ContactPage from './contact/ContactPage';
import NewsletterForm from './newsletter/NewsletterForm';
import { colors } from './shared/theme';

/** The team's standalone page: the exposed screens in their own providers (router, toasts), with a language toggle. */
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
      <ContactPage />
      <footer style={{ background: colors.primaryDark, color: colors.onDark, padding: '2rem 1rem' }}>
        <NewsletterForm />
      </footer>
      <ToastContainer />
    </BrowserRouter>
  );
}

const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(<Standalone />);
