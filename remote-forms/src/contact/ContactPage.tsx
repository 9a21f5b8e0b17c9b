import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useLanguage } from '@kb/contracts';
import { PrivacyNotice, PRIVACY_ANCHOR } from '../privacy/PrivacyNotice';
import { colors } from '../shared/theme';
import { REMOTE_VERSION } from '../version';
import { ContactForm } from './ContactForm';
import { contactMessages } from './messages';
import { SPACE } from '@kb/contracts/tokens';

const Section = styled.section`
  max-width: 52rem;
  margin: 0 auto;
  padding: ${SPACE.xxl} ${SPACE.md};
  color: ${colors.text};
  header {
    margin-bottom: ${SPACE.lg};
  }
  h1 {
    margin: 0 0 ${SPACE.xs};
    font-size: clamp(1.8rem, 4vw, 2.4rem);
    color: ${colors.primary};
  }
  header p {
    margin: 0;
    color: ${colors.muted};
  }
`;

/**
 * The forms remote's contact page (`./ContactPage`, route /contact; SPEC.md §2): the header,
 * the contact form and the privacy notice. A `#privacy` in the URL (the newsletter form's
 * link) scrolls to the notice.
 */
export default function ContactPage(): ReactNode {
  const t = contactMessages[useLanguage()];
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${PRIVACY_ANCHOR}`) return;
    const notice = document.getElementById(PRIVACY_ANCHOR);
    notice?.scrollIntoView?.();
    notice?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <Section data-remote="forms" data-remote-version={REMOTE_VERSION} aria-labelledby="contact-title">
      <header>
        <h1 id="contact-title">{t.title}</h1>
        <p>{t.intro}</p>
      </header>
      <ContactForm />
      <PrivacyNotice />
    </Section>
  );
}
