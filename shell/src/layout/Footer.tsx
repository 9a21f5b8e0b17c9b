import type { ReactNode } from 'react';
import styled from 'styled-components';
import { defineMessages, useLanguage } from '@kb/contracts';
import { RemoteModule } from '../federation/RemoteModule';
import { useMessages } from '../i18n/messages';
import { useSiteInfo } from '../site/siteInfo';
import { colors, focusRingOnDark } from '../styles/theme';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const messages = defineMessages(
  {
    contact: 'Contact',
    follow: 'Follow us',
    placeholder: '(placeholder: no account yet)',
    soon: 'soon',
  },
  {
    contact: 'İletişim',
    follow: 'Bizi takip edin',
    placeholder: '(yer tutucu: henüz hesap yok)',
    soon: 'yakında',
  },
);

const SOCIAL = ['YouTube', 'X', 'Instagram', 'Facebook'] as const;

const Foot = styled.footer`
  margin-top: 4rem;
  padding: 2.5rem ${SPACE.md} ${SPACE.xl};
  background: ${colors.primaryDark};
  color: ${colors.onDark};
  a {
    color: ${colors.linkOnDark};
  }
  /* The page's ring is for light backgrounds; on this dark green the brighter gold shows. */
  & *:focus-visible {
    ${focusRingOnDark}
  }
`;

const Inner = styled.div`
  max-width: 80rem;
  margin: 0 auto;
  display: grid;
  gap: ${SPACE.lg};
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  h2 {
    font-size: ${FONT_SIZES.md};
    margin: 0 0 ${SPACE.xs};
    color: ${colors.onPrimary};
  }
`;

const Social = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.xs};
  li {
    padding: ${SPACE.xxs} 0.6rem;
    border: 1px solid ${colors.borderOnDark};
    border-radius: ${RADII.pill};
    font-size: ${FONT_SIZES.sm};
  }
  small {
    opacity: 0.85;
  }
`;

const Bottom = styled.div`
  max-width: 80rem;
  margin: ${SPACE.xl} auto 0;
  padding-top: ${SPACE.md};
  border-top: 1px solid ${colors.dividerOnDark};
  font-size: ${FONT_SIZES.sm};
  p {
    margin: ${SPACE.xxs} 0;
  }
`;

/**
 * The footer of content pages (SPEC.md §2): the forms remote's newsletter form (in its own
 * boundary), social links (placeholders, announced as such), the contact e-mail, the text
 * credits and the '© 2025' notice.
 */
export function Footer(): ReactNode {
  const shell = useMessages();
  const t = messages[useLanguage()];
  const site = useSiteInfo();
  return (
    <Foot>
      <Inner>
        <div>
          <RemoteModule id="forms/NewsletterForm" part="partNewsletter" />
        </div>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">{t.follow}</h2>
          <Social>
            {SOCIAL.map((name) => (
              <li key={name}>
                {name} <small aria-hidden="true">({t.soon})</small>
                <span className="visually-hidden"> {t.placeholder}</span>
              </li>
            ))}
          </Social>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t.contact}</h2>
          {site.status === 'ready' && (
            <a href={`mailto:${site.info.contactEmail}`}>{site.info.contactEmail}</a>
          )}
        </section>
      </Inner>
      <Bottom>
        <p>{shell.footerCredits}</p>
        <p>{shell.footerCopyright}</p>
      </Bottom>
    </Foot>
  );
}
