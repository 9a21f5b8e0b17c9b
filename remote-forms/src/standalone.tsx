import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { languageBus, LANGS } from '@kb/contracts';
import ContactPage from './contact/ContactPage';
import NewsletterForm from './newsletter/NewsletterForm';
import { SPACE } from '@kb/contracts/tokens';
import { colors } from './shared/theme';

/**
 * The team's standalone page: the exposed screens in a router (each form shows its own toasts),
 * with a language toggle.
 */
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
      <footer style={{ background: colors.primaryDark, color: colors.onDark, padding: `${SPACE.xl} ${SPACE.md}` }}>
        <NewsletterForm />
      </footer>
    </BrowserRouter>
  );
}

// The shell keeps <html lang> in step with the language; the standalone page does the same, so
// screen readers pronounce the Turkish page as Turkish.
document.documentElement.lang = languageBus.current();
languageBus.subscribe((lang) => {
  document.documentElement.lang = lang;
});

const root = document.createElement('div');
document.body.append(root);
createRoot(root).render(<Standalone />);
