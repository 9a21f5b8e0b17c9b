import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useMessages } from '../i18n/messages';
import { colors, MOBILE_BREAKPOINT_PX } from '../styles/theme';
import { useMediaQuery } from './useMediaQuery';
import { useDocumentTitle } from './useDocumentTitle';
import { FONT_SIZES, RADII, SHADOWS, SPACE } from '@kb/contracts/tokens';

const Hero = styled.section`
  max-width: 48rem;
  margin: 0 auto;
  padding: 4rem ${SPACE.md} ${SPACE.xl};
  text-align: center;
`;

/** Sized so "Güvenebileceğiniz", one long word, fits a 320 px phone without scrolling sideways. */
const Title = styled.h1`
  font-size: clamp(1.5rem, 6vw + 0.5rem, 3.25rem);
  overflow-wrap: break-word;
  line-height: 1.15;
  margin: 0 0 ${SPACE.md};
  color: ${colors.primaryDark};
`;

const Subtitle = styled.p`
  font-size: ${FONT_SIZES.lg};
  color: ${colors.muted};
  margin: 0 0 ${SPACE.xl};
`;

const Form = styled.form`
  display: flex;
  gap: ${SPACE.xs};
  padding: 0.4rem;
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: ${RADII.pill};
  box-shadow: ${SHADOWS.card};
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  border: none;
  padding: ${SPACE.sm} ${SPACE.md};
  font: inherit;
  font-size: ${FONT_SIZES.md};
  background: transparent;
  color: ${colors.text};
  border-radius: ${RADII.pill};
`;

const AskButton = styled.button`
  padding: ${SPACE.sm} ${SPACE.lg};
  border: none;
  border-radius: ${RADII.pill};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: ${colors.primaryDark};
  }
`;

const Badges = styled.ul`
  list-style: none;
  padding: 0;
  margin: ${SPACE.xl} 0 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${SPACE.sm};
  li {
    padding: 0.4rem 0.9rem;
    border-radius: ${RADII.pill};
    background: ${colors.primarySoft};
    color: ${colors.primaryDark};
    font-size: ${FONT_SIZES.md};
  }
`;

/**
 * Home (SPEC.md §2): headline, subtitle, the question box with its Ask button, three badges.
 * A question that is non-blank after trimming opens `/chat?q=<question>`; a blank one does
 * nothing.
 */
export function HomePage(): ReactNode {
  const t = useMessages();
  useDocumentTitle('titleHome');
  const navigate = useNavigate();
  const [question, setQuestion] = useState('');
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const q = question.trim();
    if (q === '') return;
    navigate(`/chat?q=${encodeURIComponent(q)}`);
  };

  return (
    <Hero>
      <Title>{t.homeTitle}</Title>
      <Subtitle>{t.homeSubtitle}</Subtitle>
      <Form role="search" onSubmit={submit}>
        <label htmlFor="home-question" className="visually-hidden">
          {t.askLabel}
        </label>
        <Input
          id="home-question"
          type="search"
          name="q"
          autoComplete="off"
          maxLength={1000}
          placeholder={narrow ? t.askPlaceholderShort : t.askPlaceholder}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
        />
        <AskButton type="submit">{t.askButton}</AskButton>
      </Form>
      <Badges>
        <li>{t.badgeVerified}</li>
        <li>{t.badgeLanguages}</li>
        <li>{t.badgeAi}</li>
      </Badges>
    </Hero>
  );
}
