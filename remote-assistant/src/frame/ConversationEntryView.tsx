import { useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { format, type Answer, type Lang } from '@kb/contracts';
import { colors, focusRing } from '../shared/theme';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import { AnswerText } from './AnswerText';
import { Citations } from './Citations';
import { answerAsText, copyText } from './clipboard';
import type { FrameText } from './messages';
import { sourceName } from './sourceNames';
import { SecondaryButton } from './styles';
import { failureText, type ConversationEntry } from './useConversation';
import { ENTRY_ATTRIBUTE } from './useFollowNewest';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

const Item = styled.li`
  display: grid;
  gap: 10px;
  padding-block: ${SPACE.sm};
  border-bottom: 1px solid ${colors.divider};
  scroll-margin: 12px;
  ${focusRing}
`;

const Question = styled.h2`
  justify-self: end;
  max-width: min(100%, 44rem);
  margin: 0;
  padding: 10px 14px;
  border-radius: ${RADII.lg} ${RADII.lg} ${RADII.sm} ${RADII.lg};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font-size: ${FONT_SIZES.md};
  font-weight: 500;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Scope = styled.p`
  justify-self: end;
  margin: 0;
  font-size: ${FONT_SIZES.sm};
  color: ${colors.muted};
`;

/** An answer's card; related passages get a dashed edge on the page colour, never an answer's look. */
const Card = styled.div<{ $related?: boolean }>`
  padding: 14px ${SPACE.md};
  border-radius: ${RADII.lg} ${RADII.lg} ${RADII.lg} ${RADII.sm};
  background: ${({ $related }) => ($related ? colors.page : colors.surface)};
  border: ${({ $related }) => ($related ? `2px dashed ${colors.control}` : `1px solid ${colors.divider}`)};
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

const StreamingStatus = styled(Status)`
  margin-top: ${SPACE.sm};
  font-size: ${FONT_SIZES.sm};
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
  padding: ${SPACE.sm} 14px;
  border-radius: ${RADII.md};
  background: ${colors.noticeSoft};
  color: ${colors.noticeInk};
  p {
    margin: ${SPACE.xxs} 0 0;
    white-space: pre-wrap;
  }
`;

const Failure = styled.div`
  display: grid;
  gap: 10px;
  justify-items: start;
  padding: ${SPACE.sm} 14px;
  border-radius: ${RADII.md};
  background: ${colors.dangerSoft};
  color: ${colors.danger};
  p {
    margin: 0;
  }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${SPACE.xs} ${SPACE.sm};
  margin-top: 14px;
`;

const CopyStatus = styled.span<{ $failed: boolean }>`
  font-size: ${FONT_SIZES.sm};
  color: ${({ $failed }) => ($failed ? colors.danger : colors.muted)};
`;

/** Props of {@link ConversationEntryView}. */
export interface ConversationEntryViewProps {
  entry: ConversationEntry;
  lang: Lang;
  t: FrameText;
  onRetry(id: number): void;
  /** Puts a sentence in the frame's live region (the copy result). */
  onAnnounce(text: string): void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** What copying said, in the words of what was copied (an answer, or related passages). */
function copyResult(related: boolean, copied: boolean, t: FrameText): string {
  if (related) return copied ? t.copiedPassages : t.copyPassagesFailed;
  return copied ? t.copied : t.copyFailed;
}

/**
 * One question of the visit with its state: the "Searching the sources…" status while
 * loading, the answer growing as it streams in (marked busy), then the final answer with its
 * numbered citations and a Copy answer button, an honest notice (the server's own text, no
 * citations) for a refused answer, or the error with a Retry button. Related passages (the
 * closest found, not an answer) are labelled and drawn apart from an answer and never called
 * one. The final text carries the answer's own `lang`, which may differ from the interface's.
 */
export function ConversationEntryView({ entry, lang, t, onRetry, onAnnounce }: ConversationEntryViewProps) {
  const itemRef = useRef<HTMLLIElement>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');

  const retry = (): void => {
    onRetry(entry.id);
    // The Retry button is about to disappear; keep keyboard focus on this entry.
    itemRef.current?.focus();
  };

  const copy = (answer: Answer): void => {
    void copyText(answerAsText(answer, lang, t, window.location.origin)).then((copied) => {
      setCopyState(copied ? 'copied' : 'failed');
      onAnnounce(copyResult(answer.related, copied, t));
    });
  };

  const source = entry.request.source;
  return (
    <Item ref={itemRef} tabIndex={-1} {...{ [ENTRY_ATTRIBUTE]: entry.id }}>
      <Question dir="auto">
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
      {entry.status === 'streaming' ? (
        <Card aria-busy="true">
          <VisuallyHidden as="h3">{t.answer}</VisuallyHidden>
          {entry.progress.text.length > 0 ? (
            <AnswerText entryId={entry.id} text={entry.progress.text} citations={entry.progress.citations} t={t} />
          ) : null}
          {entry.progress.citations.length > 0 ? (
            <Citations entryId={entry.id} citations={entry.progress.citations} lang={lang} t={t} />
          ) : null}
          <StreamingStatus role="status">
            <Spinner aria-hidden="true" />
            {t.writing}
          </StreamingStatus>
        </Card>
      ) : null}
      {entry.status === 'answered' && entry.answer.refused ? (
        <Refused role="note">
          <strong>{t.refusedTitle}</strong>
          <p lang={entry.answer.lang}>{entry.answer.answer}</p>
        </Refused>
      ) : null}
      {entry.status === 'answered' && !entry.answer.refused ? (
        <Card $related={entry.answer.related}>
          <VisuallyHidden as="h3">{entry.answer.related ? t.relatedTitle : t.answer}</VisuallyHidden>
          <AnswerText
            entryId={entry.id}
            text={entry.answer.answer}
            citations={entry.answer.citations}
            t={t}
            lang={entry.answer.lang}
          />
          {entry.answer.citations.length > 0 ? (
            <Citations
              entryId={entry.id}
              citations={entry.answer.citations}
              lang={lang}
              t={t}
              related={entry.answer.related}
            />
          ) : null}
          <Tools>
            <SecondaryButton type="button" onClick={() => copy(entry.answer)}>
              {entry.answer.related ? t.copyPassages : t.copyAnswer}
            </SecondaryButton>
            {copyState === 'idle' ? null : (
              <CopyStatus $failed={copyState === 'failed'}>{copyResult(entry.answer.related, copyState === 'copied', t)}</CopyStatus>
            )}
          </Tools>
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
