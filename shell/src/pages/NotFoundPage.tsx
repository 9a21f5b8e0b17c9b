import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useMessages } from '../i18n/messages';
import { colors } from '../styles/theme';
import { useDocumentTitle } from './useDocumentTitle';
import { FONT_SIZES, SPACE } from '@kb/contracts/tokens';

const Box = styled.section`
  max-width: 40rem;
  margin: 0 auto;
  padding: 5rem ${SPACE.md};
  text-align: center;
  /* One line for the title in both languages, from 1280 px down to a 375 px phone. */
  h1 {
    font-size: clamp(1.5rem, ${FONT_SIZES.md} + 3vw, 2rem);
    text-wrap: balance;
  }
  p:first-child {
    font-size: 4rem;
    font-weight: 700;
    margin: 0;
    color: ${colors.primary};
  }
`;

/** The not-found page (SPEC.md §2): 404, 'Oops! Page not found', Return to Home. */
export function NotFoundPage(): ReactNode {
  const t = useMessages();
  useDocumentTitle('titleNotFound');
  return (
    <Box>
      <p aria-hidden="true">{t.notFoundCode}</p>
      <h1>{t.notFoundTitle}</h1>
      <Link to="/">{t.notFoundHome}</Link>
    </Box>
  );
}
