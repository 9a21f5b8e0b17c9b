import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useMessages } from '../i18n/messages';
import { colors } from '../styles/theme';
import { useDocumentTitle } from './useDocumentTitle';

const Section = styled.section`
  max-width: 60rem;
  margin: 0 auto;
  padding: 3rem 1rem;
  h1 {
    color: ${colors.primaryDark};
  }
`;

/** Project (/project). Its full content (mission, feature cards, category chips) is issue 3's. */
export function ProjectPage(): ReactNode {
  const t = useMessages();
  useDocumentTitle('titleProject');
  return (
    <Section>
      <h1>{t.projectTitle}</h1>
      <p>{t.homeSubtitle}</p>
    </Section>
  );
}

/** About (/about). The owner and builder cards are issue 3's. */
export function AboutPage(): ReactNode {
  const t = useMessages();
  useDocumentTitle('titleAbout');
  return (
    <Section>
      <h1>{t.aboutTitle}</h1>
      <p>{t.homeSubtitle}</p>
    </Section>
  );
}

/** Open data (/open-data). The API cards come with the API documentation (issues 3 and 5). */
export function OpenDataPage(): ReactNode {
  const t = useMessages();
  useDocumentTitle('titleOpenData');
  return (
    <Section>
      <h1>{t.openDataTitle}</h1>
      <p>{t.homeSubtitle}</p>
    </Section>
  );
}
