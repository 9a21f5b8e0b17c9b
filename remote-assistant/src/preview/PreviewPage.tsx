import { useId, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { format, useLanguage } from '@kb/contracts';
import { REMOTE_VERSION } from '../shared/remoteVersion';
import { BOTTOM_DOCK, colors, focusRing, fonts, narrowScreen } from '../shared/theme';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import { usePreviewAllowlist } from './allowlist';
import { classifyLink, needsAllowlist, type RefusalReason } from './links';
import { previewMessages, type PreviewText } from './messages';
import { PdfView } from './PdfView';
import { usePreviewLoader, type LoadFailure, type PreviewTarget } from './usePreviewLoader';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

/** The sandbox of the preview frame: exactly what SPEC §7 allows, never `allow-same-origin`. */
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups allow-downloads';

const Root = styled.div`
  box-sizing: border-box;
  display: grid;
  grid-template-rows: auto minmax(0, 1fr) auto;
  height: calc(100vh - ${BOTTOM_DOCK});
  height: calc(100dvh - ${BOTTOM_DOCK});
  background: ${colors.page};
  color: ${colors.ink};
  font-family: ${fonts.body};
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
`;

const CardRoot = styled.div`
  box-sizing: border-box;
  display: grid;
  place-items: center;
  min-height: 100vh;
  min-height: 100dvh;
  padding: ${SPACE.md};
  background: ${colors.page};
  color: ${colors.ink};
  font-family: ${fonts.body};
`;

const Card = styled.main`
  box-sizing: border-box;
  display: grid;
  gap: ${SPACE.sm};
  width: 100%;
  max-width: 36rem;
  padding: ${SPACE.lg};
  border: 1px solid ${colors.divider};
  border-radius: ${RADII.lg};
  background: ${colors.surface};
  h1 {
    margin: 0;
    font-size: ${FONT_SIZES.xl};
  }
  p {
    margin: 0;
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${SPACE.xs} ${SPACE.sm};
  padding: ${SPACE.xs} ${SPACE.sm};
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.divider};
  h1 {
    flex: 1 1 auto;
    margin: 0;
    font-size: ${FONT_SIZES.lg};
  }
  /* On a phone the three items do not fit one row; wrapping gave three rows (~145 px). The title
     takes the first row, the two buttons share the second. */
  @media ${narrowScreen} {
    justify-content: space-between;
    gap: ${SPACE.xs};
    > a,
    > button {
      padding: 0 ${SPACE.sm};
      font-size: 0.9375rem;
    }
    h1 {
      order: -1;
      flex-basis: 100%;
      font-size: ${FONT_SIZES.md};
    }
  }
`;

const Main = styled.main`
  position: relative;
  min-height: 0;
  overflow: hidden;
  &:focus {
    outline: none;
  }
`;

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.xxs} ${SPACE.xs};
  align-items: baseline;
  padding: ${SPACE.xs} ${SPACE.sm};
  background: ${colors.surface};
  border-top: 1px solid ${colors.divider};
  font-size: ${FONT_SIZES.sm};
  color: ${colors.muted};
`;

const Url = styled.code`
  min-width: 0;
  color: ${colors.ink};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  overflow-wrap: anywhere;
`;

const Frame = styled.iframe<{ $shown: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  border: 0;
  background: ${colors.surface};
  visibility: ${({ $shown }) => ($shown ? 'visible' : 'hidden')};
`;

const PdfArea = styled.div<{ $shown: boolean }>`
  position: absolute;
  inset: 0;
  overflow: auto;
  visibility: ${({ $shown }) => ($shown ? 'visible' : 'hidden')};
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;

const Center = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  padding: ${SPACE.md};
  overflow: auto;
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Status = styled.p`
  display: flex;
  align-items: center;
  gap: ${SPACE.sm};
  max-width: 32rem;
  margin: 0;
  color: ${colors.ink};
`;

const Spinner = styled.span`
  flex: none;
  width: 24px;
  height: 24px;
  border: 3px solid ${colors.divider};
  border-top-color: ${colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.9s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Problem = styled.section`
  display: grid;
  gap: 10px;
  max-width: 36rem;
  padding: 20px ${SPACE.lg};
  border: 1px solid ${colors.divider};
  border-inline-start: 4px solid ${colors.danger};
  border-radius: ${RADII.lg};
  background: ${colors.surface};
  h2 {
    margin: 0;
    font-size: ${FONT_SIZES.lg};
    color: ${colors.danger};
  }
  p {
    margin: 0;
  }
`;

const Muted = styled.p`
  color: ${colors.muted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.xs};
  margin-top: ${SPACE.xxs};
`;

const action = `
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${SPACE.md};
  border-radius: ${RADII.md};
  border: 2px solid ${colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
`;

const PrimaryLink = styled.a`
  ${action}
  background: ${colors.primary};
  color: ${colors.onPrimary};
  &:hover {
    background: ${colors.primaryHover};
  }
  ${focusRing}
`;

const Button = styled.button`
  ${action}
  background: ${colors.surface};
  color: ${colors.primary};
  &:hover {
    background: ${colors.primarySoft};
  }
  ${focusRing}
`;

/** "Open in New Tab" for an `http(s)` URL: a new browsing context that cannot reach back. */
function OpenInNewTab({ href, t }: { href: string; t: PreviewText }) {
  return (
    <PrimaryLink href={href} target="_blank" rel="noopener noreferrer">
      {t.openInNewTab}
      <VisuallyHidden> {t.opensNewTab}</VisuallyHidden>
    </PrimaryLink>
  );
}

function GoHome({ t }: { t: PreviewText }) {
  const navigate = useNavigate();
  return (
    <Button type="button" onClick={() => navigate('/')}>
      {t.goHome}
    </Button>
  );
}

/** The full-screen layout: header (Go Home, title, Open in New Tab), the body, the address at the bottom. */
function Layout({ t, openHref, address, children }: { t: PreviewText; openHref?: string; address: string; children: ReactNode }) {
  return (
    <Root data-remote-version={REMOTE_VERSION}>
      <Header>
        <GoHome t={t} />
        <h1>{t.title}</h1>
        {openHref ? <OpenInNewTab href={openHref} t={t} /> : null}
      </Header>
      {children}
      <Footer>
        <span>{t.documentAddress}:</span>
        <Url>{address}</Url>
      </Footer>
    </Root>
  );
}

function refusalText(reason: RefusalReason, origin: string | undefined, t: PreviewText): string {
  switch (reason) {
    case 'script':
      return t.refusedScript;
    case 'data':
      return t.refusedData;
    case 'file':
      return t.refusedFile;
    case 'scheme':
      return t.refusedScheme;
    case 'malformed':
      return t.refusedMalformed;
    case 'foreign':
      return format(t.refusedForeign, { origin: origin ?? '' });
  }
}

function failureText(failure: LoadFailure, t: PreviewText): string {
  switch (failure.cause) {
    case 'timeout':
      return t.causeTimeout;
    case 'check':
      return failure.status === undefined ? t.causeCheckNetwork : format(t.causeCheckStatus, { status: failure.status });
    case 'render':
      return t.causeRender;
  }
}

/** An allowed link: checking, loading, the document, or the error state with Retry. */
function DocumentPreview({ target, t }: { target: PreviewTarget; t: PreviewText }) {
  const { state, retry, frameLoaded, pdfRendered, pdfFailed } = usePreviewLoader(target);
  const mainRef = useRef<HTMLElement>(null);
  const errorTitleId = useId();
  const { attempt } = state;
  const kind = state.phase === 'checking' || state.phase === 'error' ? null : state.kind;
  const shown = state.phase === 'loaded';
  const busy = state.phase === 'checking' || state.phase === 'loading' || state.phase === 'settling';
  const pdfExpected = kind === 'pdf' || (kind === null && target.pdf);

  const onRetry = (): void => {
    retry();
    // The Retry button is about to go; keep keyboard focus in the document area.
    mainRef.current?.focus();
  };

  return (
    <Layout t={t} openHref={target.href} address={target.href}>
      <Main ref={mainRef} tabIndex={-1} aria-busy={busy}>
        {kind === 'page' ? (
          <Frame
            key={attempt}
            src={target.href}
            sandbox={PREVIEW_SANDBOX}
            title={format(t.documentFrame, { url: target.href })}
            $shown={shown}
            onLoad={() => frameLoaded(attempt)}
          />
        ) : null}
        {kind === 'pdf' ? (
          // Focusable so that keyboard users can scroll through the pages.
          <PdfArea $shown={shown} role="region" aria-label={t.pdfDocument} tabIndex={0}>
            <PdfView
              key={attempt}
              url={target.href}
              pageLabel={(n, total) => format(t.pageLabel, { n, total })}
              pageFailed={t.pageFailed}
              onFirstPageRendered={() => pdfRendered(attempt)}
              onError={() => pdfFailed(attempt)}
            />
          </PdfArea>
        ) : null}
        {busy ? (
          <Center>
            <Status role="status">
              <Spinner aria-hidden="true" />
              {pdfExpected ? t.loadingPdf : t.loadingPage}
            </Status>
          </Center>
        ) : null}
        {state.phase === 'error' ? (
          <Center>
            <Problem role="alert" aria-labelledby={errorTitleId}>
              <h2 id={errorTitleId}>{t.loadError}</h2>
              <p>{failureText(state.failure, t)}</p>
              <Muted>{t.unsupportedHint}</Muted>
              <Actions>
                <OpenInNewTab href={target.href} t={t} />
                <Button type="button" onClick={onRetry}>
                  {t.retry}
                </Button>
                <GoHome t={t} />
              </Actions>
            </Problem>
          </Center>
        ) : null}
      </Main>
    </Layout>
  );
}

/**
 * The `/preview` screen (federated as `./PreviewPage`), reading `link` from the URL
 * (ARCHITECTURE.md "Preview", SPEC §2 and §4). No props.
 *
 * - No link: the Document Preview card, 'No document link provided', Go Home.
 * - A link that is not allowed (`javascript:`, `data:`, `file:`, another scheme, malformed,
 *   or an origin that is neither the site's nor in `previewAllowedOrigins` of `GET /api/site`):
 *   straight to the error state saying why; never framed, and made a link (Open in New Tab)
 *   only when it is an `http(s)` URL.
 * - An allowed link: header with Go Home and Open in New Tab, the loading state, then the PDF
 *   drawn with PDF.js or the page in a sandboxed frame ({@link PREVIEW_SANDBOX}), the address
 *   at the bottom; the error state with Open in New Tab, Retry and Go Home when it fails
 *   (see `usePreviewLoader` for the checks and the 2000 ms / 15000 ms rules).
 */
export default function PreviewPage() {
  const [params] = useSearchParams();
  const t = previewMessages[useLanguage()];
  const link = params.get('link')?.trim() ?? '';
  const ownOrigin = window.location.origin;
  const allowlist = usePreviewAllowlist(link.length > 0 && needsAllowlist(link, ownOrigin));
  const refusedTitleId = useId();

  if (link.length === 0) {
    return (
      <CardRoot data-remote-version={REMOTE_VERSION}>
        <Card>
          <h1>{t.title}</h1>
          <Muted>{t.noLink}</Muted>
          <Actions>
            <GoHome t={t} />
          </Actions>
        </Card>
      </CardRoot>
    );
  }

  if (allowlist === null) {
    return (
      <Layout t={t} address={link}>
        <Main aria-busy="true">
          <Center>
            <Status role="status">
              <Spinner aria-hidden="true" />
              {t.loadingPage}
            </Status>
          </Center>
        </Main>
      </Layout>
    );
  }

  const verdict = classifyLink(link, ownOrigin, allowlist);
  if (verdict.kind === 'refused') {
    return (
      <Layout t={t} openHref={verdict.href} address={link}>
        <Main>
          <Center>
            <Problem role="alert" aria-labelledby={refusedTitleId}>
              <h2 id={refusedTitleId}>{t.refusedTitle}</h2>
              <p>{refusalText(verdict.reason, verdict.origin, t)}</p>
              <Actions>
                {verdict.href ? <OpenInNewTab href={verdict.href} t={t} /> : null}
                <GoHome t={t} />
              </Actions>
            </Problem>
          </Center>
        </Main>
      </Layout>
    );
  }

  const target: PreviewTarget = { href: verdict.href, sameOrigin: verdict.sameOrigin, pdf: verdict.pdf };
  return <DocumentPreview key={target.href} target={target} t={t} />;
}
