import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { LANGS, languageBus, useLanguage, type Lang } from '@kb/contracts';
import { colors, focusRing, narrowScreen } from '../shared/theme';
import { useMediaQuery } from '../shared/useMediaQuery';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import { searchMessages } from './messages';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${SPACE.sm} ${SPACE.md};
  padding: ${SPACE.sm} ${SPACE.md};
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.divider};
`;

const SlimBar = styled(Bar)`
  flex: none;
  flex-wrap: nowrap;
  justify-content: space-between;
  padding-block: ${SPACE.xs};
`;

const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${SPACE.xs};
  color: ${colors.primary};
  font-weight: 700;
  font-size: ${FONT_SIZES.lg};
  text-decoration: none;
  border-radius: ${RADII.md};
  ${focusRing}
`;

const Form = styled.form`
  display: flex;
  flex: 1 1 18rem;
  gap: ${SPACE.xs};
  min-width: 0;
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  min-height: 44px;
  padding: 0 ${SPACE.sm};
  border: 2px solid ${colors.control};
  border-radius: ${RADII.md};
  background: ${colors.surface};
  color: ${colors.ink};
  font: inherit;
  &::placeholder {
    color: ${colors.muted};
    opacity: 1;
  }
  ${focusRing}
`;

const Button = styled.button`
  min-height: 44px;
  padding: 0 ${SPACE.md};
  border: 2px solid ${colors.primary};
  border-radius: ${RADII.md};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover:enabled {
    background: ${colors.primaryHover};
  }
  &:disabled {
    border-color: ${colors.disabledSoft};
    background: ${colors.disabledSoft};
    color: ${colors.disabledInk};
    cursor: not-allowed;
  }
  ${focusRing}
`;

const Toggle = styled.div`
  display: inline-flex;
  border: 2px solid ${colors.primary};
  border-radius: ${RADII.md};
  overflow: hidden;
`;

const ToggleButton = styled.button`
  min-width: 44px;
  min-height: 40px;
  border: 0;
  background: ${colors.surface};
  color: ${colors.primary};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${colors.primary};
    color: ${colors.onPrimary};
  }
  ${focusRing}
  &:focus-visible {
    outline-offset: -4px;
  }
`;

const LOGO_MARK = (
  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M4 4.5A2.5 2.5 0 0 1 6.5 2H20v16H6.5a.5.5 0 0 0 0 1H20v3H6.5A2.5 2.5 0 0 1 4 19.5v-15Z"
    />
  </svg>
);

/** The site's logo and name, a link home (in both states of /search). */
export function HomeLogo() {
  const t = searchMessages[useLanguage()];
  return (
    <Logo to="/">
      {LOGO_MARK}
      <span>{t.siteName}</span>
      <VisuallyHidden> – {t.home}</VisuallyHidden>
    </Logo>
  );
}

/** The TR/EN toggle: asks the shell to switch with `languageBus.request`; shows the bus's language. */
export function LanguageToggle() {
  const lang = useLanguage();
  const t = searchMessages[lang];
  const names: Record<Lang, string> = { en: t.english, tr: t.turkish };
  return (
    <Toggle role="group" aria-label={t.language}>
      {LANGS.map((code) => (
        <ToggleButton
          key={code}
          type="button"
          lang={code}
          title={names[code]}
          aria-pressed={lang === code}
          onClick={() => languageBus.request(code)}
        >
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </Toggle>
  );
}

/**
 * The bar over the answers of `/search?q=`: the logo (a link home) and the TR/EN toggle, so
 * the full-screen results are never a dead end. One line at every width (no search box: the
 * assistant below has its own question box).
 */
export function ResultsBar() {
  return (
    <SlimBar>
      <HomeLogo />
      <LanguageToggle />
    </SlimBar>
  );
}

/**
 * The header of /search without a query: the logo (a link home), the search box (a shorter
 * placeholder under 768 px), a Detailed Search button that is visibly disabled (not built),
 * and the EN/TR toggle, which asks the shell to switch with `languageBus.request`.
 * Submitting a query that is non-blank after trimming goes to `/search?q=<trimmed>`.
 */
export function SearchHeader() {
  const lang = useLanguage();
  const t = searchMessages[lang];
  const narrow = useMediaQuery(narrowScreen);
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const query = value.trim();
    if (query.length === 0) return;
    navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  return (
    <Bar>
      <HomeLogo />
      <Form role="search" onSubmit={onSubmit}>
        <VisuallyHidden as="label" htmlFor={inputId}>
          {t.searchLabel}
        </VisuallyHidden>
        <Input
          id={inputId}
          type="search"
          value={value}
          placeholder={narrow ? t.placeholderShort : t.placeholder}
          enterKeyHint="search"
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit">{t.submit}</Button>
      </Form>
      <Button type="button" disabled>
        {t.detailedSearch}
      </Button>
      <LanguageToggle />
    </Bar>
  );
}
