import type { ReactNode } from 'react';
import styled from 'styled-components';
import { RemoteModule } from '../federation/RemoteModule';
import { useMessages } from '../i18n/messages';
import { colors } from '../styles/theme';

const Foot = styled.footer`
  margin-top: 4rem;
  padding: 2rem 1rem;
  background: ${colors.primaryDark};
  color: #f1efe6;
  a {
    color: #ffe9a8;
  }
`;

const Inner = styled.div`
  max-width: 80rem;
  margin: 0 auto;
  display: grid;
  gap: 1rem;
`;

const Small = styled.p`
  margin: 0;
  font-size: 0.875rem;
`;

/**
 * The footer of content pages: the forms remote's newsletter form (in its own boundary), the
 * text credits and the copyright notice.
 */
export function Footer(): ReactNode {
  const t = useMessages();
  return (
    <Foot>
      <Inner>
        <RemoteModule id="forms/NewsletterForm" part="partNewsletter" />
        <Small>{t.footerCredits}</Small>
        <Small>{t.footerCopyright}</Small>
      </Inner>
    </Foot>
  );
}
