import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { LANGS, useLanguage, type Lang } from '@kb/contracts';
import { useMessages } from '../i18n/messages';
import { setLanguage } from '../language/shellLanguage';
import { colors, MOBILE_BREAKPOINT_PX, NAVBAR_COMPACT_MAX_PX, NAVBAR_HEIGHT_PX } from '../styles/theme';
import { useSiteInfo } from '../site/siteInfo';
import { visitorBucket } from '../federation/bucket';
import { chatHref } from './knowledgeOrigin';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const mobile = `@media (max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
/** Tablets and small laptops: every item still in one row, so spacing and type tighten. */
const compact = `@media (min-width: ${MOBILE_BREAKPOINT_PX}px) and (max-width: ${NAVBAR_COMPACT_MAX_PX}px)`;

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 100;
  height: ${NAVBAR_HEIGHT_PX}px;
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.border};
`;

const Inner = styled.div`
  max-width: 80rem;
  height: 100%;
  margin: 0 auto;
  padding: 0 ${SPACE.md};
  display: flex;
  align-items: center;
  gap: ${SPACE.md};
  ${compact} {
    padding: 0 ${SPACE.sm};
    gap: ${SPACE.xs};
  }
  ${mobile} {
    gap: ${SPACE.sm};
  }
`;

const Logo = styled(Link)`
  font-weight: 700;
  font-size: ${FONT_SIZES.lg};
  color: ${colors.primary};
  text-decoration: none;
  margin-inline-end: auto;
  white-space: nowrap;
  ${compact} {
    font-size: ${FONT_SIZES.md};
  }
  ${mobile} {
    /* "Knowledge Base" beside "Close menu" on a 320 px phone. */
    font-size: ${FONT_SIZES.md};
  }
`;

const MenuButton = styled.button`
  display: none;
  ${mobile} {
    display: inline-flex;
  }
  flex: none;
  white-space: nowrap;
  padding: 0.4rem 0.7rem;
  border: 1px solid ${colors.border};
  border-radius: ${RADII.md};
  background: ${colors.surface};
  color: ${colors.text};
  font: inherit;
  cursor: pointer;
`;

const Nav = styled.nav<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: ${SPACE.xxs};
  ${compact} {
    gap: 0.125rem;
    font-size: ${FONT_SIZES.sm};
  }
  ${mobile} {
    display: ${(p) => (p.$open ? 'flex' : 'none')};
    position: absolute;
    top: ${NAVBAR_HEIGHT_PX}px;
    inset-inline: 0;
    flex-direction: column;
    align-items: stretch;
    padding: ${SPACE.xs} ${SPACE.md} ${SPACE.md};
    background: ${colors.surface};
    border-bottom: 1px solid ${colors.border};
  }
`;

const Item = styled(NavLink)`
  padding: ${SPACE.xs} ${SPACE.sm};
  border-radius: ${RADII.md};
  color: ${colors.text};
  text-decoration: none;
  white-space: nowrap;
  ${compact} {
    padding: ${SPACE.xs} 0.4rem;
  }
  &.active {
    color: ${colors.primary};
    font-weight: 600;
  }
  &:hover {
    background: ${colors.background};
  }
`;

const chatButton = css`
  padding: ${SPACE.xs} ${SPACE.md};
  border-radius: ${RADII.pill};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  ${compact} {
    padding: 0.45rem ${SPACE.sm};
    margin-inline-start: 0.25rem;
  }
  ${mobile} {
    text-align: center;
  }
  &:hover {
    background: ${colors.primaryDark};
  }
`;
const ChatAnchor = styled.a`
  ${chatButton}
`;
/** A NavLink, so on /chat it carries `aria-current="page"` and, like the other items, shows it. */
const ChatLink = styled(NavLink)`
  ${chatButton}
  &.active {
    background: ${colors.primaryDark};
    text-decoration: underline;
    text-underline-offset: 0.2em;
  }
`;

const LangGroup = styled.div`
  display: inline-flex;
  flex: none;
  border: 1px solid ${colors.border};
  border-radius: ${RADII.md};
  overflow: hidden;
  ${compact} {
    margin-inline-start: 0.25rem;
  }
  ${mobile} {
    /* In the open menu's column: as wide as its two buttons, not stretched across. */
    align-self: flex-start;
    margin-top: ${SPACE.xs};
  }
`;

const LangButton = styled.button`
  padding: 0.35rem 0.6rem;
  ${compact} {
    padding: 0.3rem 0.45rem;
  }
  border: none;
  background: ${colors.surface};
  color: ${colors.text};
  font: inherit;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${colors.primary};
    color: ${colors.onPrimary};
  }
`;

const LANG_LABEL: Record<Lang, { short: string; name: string }> = {
  en: { short: 'EN', name: 'English' },
  tr: { short: 'TR', name: 'Türkçe' },
};

/** The English/Turkish switch. The shell publishes the choice on the language bus. */
export function LanguageSwitch(): ReactNode {
  const lang = useLanguage();
  const t = useMessages();
  return (
    <LangGroup role="group" aria-label={t.languageSwitch}>
      {LANGS.map((l) => (
        <LangButton
          key={l}
          type="button"
          lang={l}
          aria-pressed={lang === l}
          aria-label={LANG_LABEL[l].name}
          onClick={() => setLanguage(l)}
        >
          {LANG_LABEL[l].short}
        </LangButton>
      ))}
    </LangGroup>
  );
}

/**
 * The fixed top navigation bar (SPEC.md §2): logo, page links, the highlighted AI Chat button
 * (to /chat on the knowledge application's origin) and the language switch, on one line at
 * every width from 768 px (tighter up to {@link NAVBAR_COMPACT_MAX_PX}). Under 768 px the
 * links collapse behind a menu button that closes on navigation, on Escape and on a tap
 * outside the bar.
 */
export function Navbar(): ReactNode {
  const t = useMessages();
  const lang = useLanguage();
  const location = useLocation();
  // The menu is open for the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean | ((was: boolean) => boolean)): void => {
    const value = typeof next === 'function' ? next(open) : next;
    setOpenAt(value ? location.key : null);
  };
  const navId = useId();
  const site = useSiteInfo();
  // Read once: the bucket never changes for a page, and reading it may store a new one.
  const [bucket] = useState(() => visitorBucket());
  const chat = chatHref(window.location, lang, site.status === 'ready' ? site.info.knowledgeAppOrigin : null, bucket);

  const barRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setOpenAt(null);
    };
    // A tap or click anywhere outside the bar (the page under the open menu) closes it.
    const onPointer = (e: PointerEvent): void => {
      if (e.target instanceof Node && !barRef.current?.contains(e.target)) setOpenAt(null);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <Bar ref={barRef}>
      <Inner>
        <Logo to="/" aria-label={t.homeLink}>
          {t.brand}
        </Logo>
        <MenuButton
          type="button"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t.menuClose : t.menuOpen}
        </MenuButton>
        <Nav id={navId} aria-label={t.navLabel} $open={open}>
          <Item to="/project">{t.navProject}</Item>
          <Item to="/about">{t.navAbout}</Item>
          <Item to="/knowledge">{t.navKnowledge}</Item>
          <Item to="/open-data">{t.navOpenData}</Item>
          <Item to="/contact">{t.navContact}</Item>
          {chat.startsWith('/') ? (
            <ChatLink to={chat}>{t.navChat}</ChatLink>
          ) : (
            <ChatAnchor href={chat}>{t.navChat}</ChatAnchor>
          )}
          <LanguageSwitch />
        </Nav>
      </Inner>
    </Bar>
  );
}
