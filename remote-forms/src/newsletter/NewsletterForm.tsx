import type { ReactNode } from 'react';
import { defineMessages, useLanguage } from '@kb/contracts';
import { REMOTE_VERSION } from '../version';

const messages = defineMessages(
  { title: 'Newsletter', text: 'News of the project and of new sources.' },
  { title: 'Bülten', text: 'Projeden ve yeni kaynaklardan haberler.' },
);

/**
 * The forms remote's newsletter block (`./NewsletterForm`, in the shell's footer). The
 * subscription form and its API are built in the forms issue.
 */
export default function NewsletterForm(): ReactNode {
  const t = messages[useLanguage()];
  return (
    <div data-remote="forms" data-remote-version={REMOTE_VERSION}>
      <h2>{t.title}</h2>
      <p>{t.text}</p>
    </div>
  );
}
