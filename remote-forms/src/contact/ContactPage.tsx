import type { ReactNode } from 'react';
import styled from 'styled-components';
import { defineMessages, useLanguage } from '@kb/contracts';
import { REMOTE_VERSION } from '../version';

const messages = defineMessages(
  {
    title: 'Contact Us',
    subtitle: 'Questions, feedback or data to share: write to the institute.',
  },
  {
    title: 'Bize Ulaşın',
    subtitle: 'Sorularınız, geri bildiriminiz ya da paylaşmak istediğiniz veriler için enstitüye yazın.',
  },
);

const Section = styled.section`
  max-width: 48rem;
  margin: 0 auto;
  padding: 3rem 1rem;
`;

/**
 * The forms remote's contact page (`./ContactPage`, route /contact). The form itself, with
 * its validation and API, is built in the forms issue.
 */
export default function ContactPage(): ReactNode {
  const t = messages[useLanguage()];
  return (
    <Section data-remote="forms" data-remote-version={REMOTE_VERSION}>
      <h1>{t.title}</h1>
      <p>{t.subtitle}</p>
    </Section>
  );
}
