import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useMessages } from '../i18n/messages';
import { colors, NAVBAR_HEIGHT_PX } from '../styles/theme';
import { Footer } from './Footer';
import { Navbar } from './Navbar';
import { SPACE } from '@kb/contracts/tokens';

const Skip = styled.a`
  position: absolute;
  left: -999px;
  top: 0;
  z-index: 200;
  padding: ${SPACE.xs} ${SPACE.md};
  background: ${colors.surface};
  &:focus {
    left: 0.5rem;
    top: 0.5rem;
  }
`;

const Main = styled.main`
  padding-top: ${NAVBAR_HEIGHT_PX}px;
  min-height: 60vh;
`;

/**
 * Page chrome (ARCHITECTURE.md "Pages and chrome"): content pages get the navbar and the
 * footer; `withFooter={false}` is for /chat, which gives the rest of the viewport to the
 * assistant.
 */
export function Layout({ withFooter = true }: { withFooter?: boolean }): ReactNode {
  const t = useMessages();
  return (
    <>
      <Skip href="#main">{t.skipToContent}</Skip>
      <Navbar />
      <Main id="main" tabIndex={-1}>
        <Outlet />
      </Main>
      {withFooter && <Footer />}
    </>
  );
}
