import type { ReactNode } from 'react';
import styled from 'styled-components';
import { defineMessages, useLanguage } from '@kb/contracts';
import { REMOTE_VERSION } from '../version';

const messages = defineMessages(
  {
    title: 'Knowledge Sources',
    subtitle: 'Browse the verified sources the assistant answers from.',
  },
  {
    title: 'Bilgi Kaynakları',
    subtitle: 'Asistanın yanıtlarını dayandırdığı doğrulanmış kaynaklara göz atın.',
  },
);

const Section = styled.section`
  max-width: 80rem;
  margin: 0 auto;
  padding: 3rem 1rem;
`;

/**
 * The knowledge remote's exposed page (`./KnowledgePage`, route /knowledge). The catalog,
 * filters and details dialog are built in the knowledge-remote issue.
 */
export default function KnowledgePage(): ReactNode {
  const t = messages[useLanguage()];
  return (
    <Section data-remote="knowledge" data-remote-version={REMOTE_VERSION}>
      <h1>{t.title}</h1>
      <p>{t.subtitle}</p>
    </Section>
  );
}
