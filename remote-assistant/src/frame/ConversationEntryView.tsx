import { useEffect, useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { format, type Lang } from '@kb/contracts';
import { colors, focusRing } from '../shared/theme';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import { AnswerText } from './AnswerText';
import { Citations } from './Citations';
import type { FrameText } from './messages';
import { sourceName } from './sourceNames';
import { SecondaryButton } from './styles';
import { failureText, type ConversationEntry } from './useConversation';

const Item = styled.li`
  display: grid;
  gap: 10px;
  padding-block: 12px;
  border-bottom: 1px solid ${colors.divider};
  scroll-margin: 12px;
  ${focusRing}
`;

const Question = styled.h2`
  justify-self: end;
  max-width: min(100%, 44rem);
  margin: 0;
  padding: 10px 14px;
  border-radius: 14px 14px 4px 14px;
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font-size: 1rem;
  font-weight: 500;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Scope = styled.p`
  justify-self: end;
  margin: 0;
  font-size: 0.85rem;
  color: ${colors.muted};
`;

const Card = styled.div`
  padding: 14px 16px;
  border-radius: 14px 14px 14px 4px;
  background: ${colors.surface};
  border: 1px solid ${colors.divider};
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Status = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: 10px;
  color: ${colors.muted};
`;

const Spinner = styled.span`
  width: 18px;
  height: 18px;
  border: 3px solid ${colors.divider};
  border-top-color: ${colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.9s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Refused = styled.div`
  padding: 12px 14px;
  border-radius: 8px;
  background: ${colors.noticeSoft};
  color: ${colors.noticeInk};
  p {
    margin: 4px 0 0;
    white-space: pre-wrap;
  }
`;

const Failure = styled.div`
  display: grid;
  gap: 10px;
  justify-items: start;
  padding: 12px 14px;
  border-radius: 8px;
  background: ${colors.dangerSoft};
  color: ${colors.danger};
  p {
    margin: 0;
  }
`;

/** Props of {@link ConversationEntryView}. */
export interface ConversationEntryViewProps {
  entry: ConversationEntry;
  lang: Lang;
  t: FrameText;
  onRetry(id: number): void;
}

/**
 * One question of the visit with its state: the "Searching the sources…" status while
 * loading, the answer with its numbered citations, an honest notice (the server's own text,
 * no citations) for a refused answer, or the error with a Retry button.
 */
export function ConversationEntryView({ entry, lang, t, onRetry }: ConversationEntryViewProps) {
  const itemRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const item = itemRef.current;
    if (item && typeof item.scrollIntoView === 'function') item.scrollIntoView({ block: 'start' });
  }, []);

  const retry = (): void => {
    onRetry(entry.id);
    // The Retry button is about to disappear; keep keyboard focus on this entry.
    itemRef.current?.focus();
  };

  const source = entry.request.source;
  return (
    <Item ref={itemRef} tabIndex={-1}>
      <Question>
        <VisuallyHidden>{t.question}: </VisuallyHidden>
        {entry.request.question}
      </Question>
      {source ? <Scope>{format(t.searchingIn, { source: sourceName(source, lang) })}</Scope> : null}
      {entry.status === 'loading' ? (
        <Card>
          <Status role="status">
            <Spinner aria-hidden="true" />
            {t.searching}
          </Status>
        </Card>
      ) : null}
      {entry.status === 'answered' && entry.answer.refused ? (
        <Refused role="note">
          <strong>{t.refusedTitle}</strong>
          <p>{entry.answer.answer}</p>
        </Refused>
      ) : null}
      {entry.status === 'answered' && !entry.answer.refused ? (
        <Card>
          <VisuallyHidden as="h3">{t.answer}</VisuallyHidden>
          <AnswerText entryId={entry.id} text={entry.answer.answer} citations={entry.answer.citations} t={t} />
          {entry.answer.citations.length > 0 ? (
            <Citations entryId={entry.id} citations={entry.answer.citations} lang={lang} t={t} />
          ) : null}
        </Card>
      ) : null}
      {entry.status === 'failed' ? (
        <Failure>
          <p>{failureText(entry.failure, t)}</p>
          <SecondaryButton type="button" onClick={retry}>
            {t.retry}
          </SecondaryButton>
        </Failure>
      ) : null}
    </Item>
  );
}
