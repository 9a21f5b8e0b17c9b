import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useLanguage } from '@kb/contracts';
import { REMOTE_VERSION } from '../shared/remoteVersion';
import { colors, focusRing, fonts } from '../shared/theme';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import { previewMessages } from './messages';

const Root = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  min-height: 100dvh;
  padding: 16px;
  box-sizing: border-box;
  background: ${colors.page};
  color: ${colors.ink};
  font-family: ${fonts.body};
`;

const Card = styled.main`
  box-sizing: border-box;
  display: grid;
  gap: 12px;
  width: 100%;
  max-width: 36rem;
  padding: 24px;
  border: 1px solid ${colors.divider};
  border-radius: 14px;
  background: ${colors.surface};
  h1 {
    margin: 0;
    font-size: 1.4rem;
  }
  p {
    margin: 0;
  }
`;

const Url = styled.p`
  padding: 8px 10px;
  border-radius: 8px;
  background: ${colors.page};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  color: ${colors.muted};
`;

const Problem = styled.p`
  color: ${colors.danger};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const action = `
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 16px;
  border-radius: 10px;
  border: 2px solid ${colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
`;

const Primary = styled.a`
  ${action}
  background: ${colors.primary};
  color: ${colors.onPrimary};
  &:hover {
    background: ${colors.primaryHover};
  }
  ${focusRing}
`;

const Secondary = styled.button`
  ${action}
  background: ${colors.surface};
  color: ${colors.primary};
  &:hover {
    background: ${colors.primarySoft};
  }
  ${focusRing}
`;

/** The link as an `href`, or `undefined` unless it is an absolute or site-relative `http(s)` URL. */
function safeHref(link: string): string | undefined {
  try {
    const url = new URL(link, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `/preview` screen (federated as `./PreviewPage`), reading `link` from the URL. Without
 * a link: the Document Preview card with 'No document link provided' and Go Home. With one:
 * the link and an Open in New Tab link (only for `http:`/`https:` links; anything else is
 * never made a link). No props.
 */
export default function PreviewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = previewMessages[useLanguage()];
  const link = params.get('link')?.trim() ?? '';
  const href = link.length > 0 ? safeHref(link) : undefined;

  return (
    <Root data-remote-version={REMOTE_VERSION}>
      <Card>
        <h1>{t.title}</h1>
        {link.length === 0 ? <Muted>{t.noLink}</Muted> : null}
        {link.length > 0 ? (
          <>
            <VisuallyHidden as="h2">{t.documentLink}</VisuallyHidden>
            <Url>{link}</Url>
            {href ? <Muted>{t.openHint}</Muted> : <Problem>{t.unsafeLink}</Problem>}
          </>
        ) : null}
        <Actions>
          {href ? (
            <Primary href={href} target="_blank" rel="noopener noreferrer">
              {t.openInNewTab}
              <VisuallyHidden> {t.opensNewTab}</VisuallyHidden>
            </Primary>
          ) : null}
          <Secondary type="button" onClick={() => navigate('/')}>
            {t.goHome}
          </Secondary>
        </Actions>
      </Card>
    </Root>
  );
}
