import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { format } from '@kb/contracts';
import { useMessages, type ShellMessages } from '../i18n/messages';
import { COLORS, FONT_SIZES, RADII, SPACE, focusRingCss } from '@kb/contracts/tokens';

/** Which part of the site a remote region holds, for the fallback's wording. */
export type RemotePart = 'partKnowledge' | 'partAssistant' | 'partForms' | 'partNewsletter';

interface BoundaryProps {
  part: RemotePart;
  /** Called when the visitor presses Retry, before the region renders again. */
  onRetry: () => void;
  /**
   * The region is the whole page (/search, /preview: no navbar), so its fallback also links
   * home; without it a visitor's only way out would be the browser's Back button.
   */
  home?: boolean;
  /**
   * The region is the page's content (a route's remote page: /contact, /knowledge, /chat), so
   * its fallback's first line is the page's heading (`h1`); without it the page has none.
   * Implied by `home`.
   */
  page?: boolean;
  children: ReactNode;
}

const Panel = styled.div`
  margin: ${SPACE.xl} auto;
  max-width: min(36rem, calc(100% - 2rem));
  padding: ${SPACE.lg};
  border: 1px solid ${COLORS.noticeBorder};
  border-radius: ${RADII.lg};
  background: ${COLORS.noticeSoft};
  color: ${COLORS.noticeInk};
  text-align: center;
  /* Even spacing from the tokens: the browser's own paragraph margins left more room above the
     title than below the buttons. */
  & > * {
    margin: ${SPACE.sm} 0 0;
  }
  & > :first-child {
    margin-top: 0;
  }
`;

const PageTitle = styled.h1`
  font-size: ${FONT_SIZES.lg};
`;

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${SPACE.sm} ${SPACE.lg};
`;

const HomeLink = styled(Link)`
  color: ${COLORS.primary};
  font-weight: 600;
  &:focus-visible {
    ${focusRingCss()}
  }
`;

const RetryButton = styled.button`
  padding: ${SPACE.xs} 1.25rem;
  border-radius: ${RADII.md};
  border: none;
  background: ${COLORS.primary};
  color: ${COLORS.onPrimary};
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    ${focusRingCss()}
  }
`;

/**
 * The loading line takes the colour of the text around it: a region sits on the light page or
 * on the dark footer (the newsletter form), and a fixed grey was 1.6:1 on the footer.
 */
const Status = styled.p<{ $page: boolean }>`
  margin: ${SPACE.xl} auto;
  text-align: center;
  color: inherit;
  /* A whole page on its way keeps what follows it (the footer) below the fold, so nothing
     visible moves when it arrives. */
  min-height: ${(p) => (p.$page ? '100vh' : 'auto')};
`;

function Fallback({ part, onRetry, home, page }: { part: RemotePart; onRetry: () => void; home: boolean; page: boolean }): ReactNode {
  const t = useMessages();
  return (
    <Panel role="alert">
      {home || page ? (
        // The page's only heading when the region is the page's content.
        <PageTitle>{format(t.remoteUnavailable, { part: t[part] })}</PageTitle>
      ) : (
        <p>
          <strong>{format(t.remoteUnavailable, { part: t[part] })}</strong>
        </p>
      )}
      <p>{t.remoteUnavailableHint}</p>
      <Actions>
        <RetryButton type="button" onClick={onRetry}>
          {t.remoteRetry}
        </RetryButton>
        {home ? <HomeLink to="/">{t.remoteHome}</HomeLink> : null}
      </Actions>
    </Panel>
  );
}

/** The localized line a remote region shows while its code arrives (a `role="status"`). */
export function Loading({ part }: { part: RemotePart }): ReactNode {
  const t: ShellMessages = useMessages();
  return (
    <Status role="status" aria-live="polite" $page={part !== 'partNewsletter'}>
      {format(t.remoteLoading, { part: t[part] })}
    </Status>
  );
}

interface BoundaryState {
  failed: boolean;
}

/**
 * Wraps one remote region: shows a localized loading line while the remote's code arrives and,
 * if it cannot be loaded or throws while rendering, a localized "temporarily unavailable"
 * message with a Retry button (and a link home when `home`). A failing remote never breaks the navbar, the footer or
 * another remote.
 */
export class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Remote region "${this.props.part}" failed`, error, info.componentStack);
  }

  private readonly retry = (): void => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed) {
      const fallback = (
        <Fallback part={this.props.part} onRetry={this.retry} home={this.props.home ?? false} page={this.props.page ?? false} />
      );
      // On a full-screen route nothing else is on the page: the panel is its main content.
      return this.props.home ? <main>{fallback}</main> : fallback;
    }
    return <Suspense fallback={<Loading part={this.props.part} />}>{this.props.children}</Suspense>;
  }
}
