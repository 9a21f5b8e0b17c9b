import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import styled, { css } from 'styled-components';
import type { AskRequest } from '@kb/contracts';
import { colors } from '../shared/theme';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import { askQuestion } from './api/ask';
import type { FrameBridge } from './bridge';
import type { ConversationStorage } from './conversationStore';
import { ConversationEntryView } from './ConversationEntryView';
import { frameAppMessages } from './messages';
import { QuestionForm } from './QuestionForm';
import { SourceChip } from './SourceChip';
import { sourceName } from './sourceNames';
import { FrameGlobalStyle, SecondaryButton } from './styles';
import { useConversation, type AskFunction, type ConversationEntry } from './useConversation';
import { useFollowNewest } from './useFollowNewest';
import { FONT_SIZES, SPACE } from '@kb/contracts/tokens';

/** Side padding that keeps the content in a centred column of at most 52rem. */
const column = css`
  padding-inline: max(16px, calc((100% - 52rem) / 2 + 16px));
`;

/**
 * The whole frame: header, conversation log and question box in a column exactly the frame's
 * height. Only the log scrolls; the page itself does not (unless the frame is shorter than the
 * header and the question box together), so the header and the question box stay put.
 * Positioned, like the log, so that visually hidden text (absolutely positioned, placed where
 * it stands in the conversation) stays inside them and cannot make the page taller.
 */
const Page = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
`;

/**
 * Title with the New conversation button on its line (always there, so the header never changes
 * size), and the disclaimer across the whole width beneath, so a phone's header stays short.
 */
const Header = styled.header`
  flex: none;
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${SPACE.xxs} ${SPACE.md};
  padding-block: ${SPACE.sm} ${SPACE.xs};
  ${column}
  border-bottom: 1px solid ${colors.divider};
  h1 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

const NewConversation = styled(SecondaryButton)`
  flex: none;
  min-height: 36px;
  padding: 0 ${SPACE.sm};
  &:disabled {
    border-color: ${colors.divider};
    color: ${colors.muted};
    cursor: default;
  }
  &:disabled:hover {
    background: ${colors.surface};
  }
`;

const Disclaimer = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  font-size: ${FONT_SIZES.sm};
  color: ${colors.muted};
`;

const Main = styled.main`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

/** The conversation log: the one scrolling area, focusable so keys scroll it too. */
const Log = styled.section`
  position: relative;
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  ${column}
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;

const Intro = styled.p`
  margin: ${SPACE.lg} 0;
  color: ${colors.muted};
`;

const Entries = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Composer = styled.div`
  flex: none;
  display: grid;
  gap: ${SPACE.xs};
  padding-block: 10px max(12px, env(safe-area-inset-bottom));
  ${column}
  border-top: 1px solid ${colors.divider};
  background: ${colors.page};
`;

const defaultAsk: AskFunction = (request, onProgress) => askQuestion(request, { onProgress });

/** The request of the last entry when it was answered, else `null`. */
function lastAnswered(entries: readonly ConversationEntry[]): AskRequest | null {
  const last = entries.at(-1);
  return last?.status === 'answered' ? last.request : null;
}

/** Whether two requests ask the same question in the same language from the same source. */
function sameRequest(a: AskRequest, b: AskRequest): boolean {
  return a.question === b.question && a.lang === b.lang && (a.source ?? null) === (b.source ?? null);
}

/** Props of {@link FrameApp}. */
export interface FrameAppProps {
  /** The frame's end of the page protocol, created before this app mounted. */
  bridge: FrameBridge;
  /** Sends one question; `POST /api/ask` (streamed) unless replaced (tests). */
  ask?: AskFunction;
  /** Where the conversation is kept for the tab's life (`sessionStorage`); `null` (default): in memory only. */
  storage?: ConversationStorage | null;
}

/**
 * The assistant frame app: the conversation of this visit (kept in `storage`, so a reload
 * shows it again) with a New conversation button that empties it, the chat box and the source
 * filter chip. Language and source come from the embedding page through `bridge` (and the
 * frame's own `?lang=` at start); asks the page sent before this mounted run once, in order,
 * when it mounts, except a first one that repeats the kept conversation's last answered
 * question (a reloaded page still carrying it in its URL). Sets `<html lang>` and the
 * document title with the language.
 */
export function FrameApp({ bridge, ask = defaultAsk, storage = null }: FrameAppProps) {
  const settings = useSyncExternalStore(bridge.subscribe, bridge.getSettings, bridge.getSettings);
  const { lang, source } = settings;
  const t = frameAppMessages[lang];
  const { entries, announcement, submit, retry, announce, clear } = useConversation(ask, t, storage);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLElement>(null);
  useFollowNewest(logRef, entries);
  /**
   * The last question of the kept conversation, answered before this page load: the page's
   * first ask, when it is that same question, is a reload of a page that still carries it in
   * its URL (`/search?q=`, an older `/chat`), and is not asked again.
   */
  const reloaded = useRef<AskRequest | null>(lastAnswered(entries));

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t.documentTitle;
  }, [lang, t]);

  useEffect(
    () =>
      bridge.onAsk((queued) => {
        const request: AskRequest = { question: queued.query, lang: queued.lang };
        if (queued.source !== null) request.source = queued.source;
        const kept = reloaded.current;
        reloaded.current = null;
        if (kept && sameRequest(kept, request)) return;
        submit(request);
      }),
    [bridge, submit],
  );

  const askTyped = useCallback(
    (question: string) => {
      reloaded.current = null;
      const current = bridge.getSettings();
      const request: AskRequest = { question, lang: current.lang };
      if (current.source !== null) request.source = current.source;
      submit(request);
    },
    [bridge, submit],
  );

  const startOver = (): void => {
    reloaded.current = null;
    clear();
    // The button stays (disabled): the visitor goes on where a new question starts.
    inputRef.current?.focus();
  };

  const removeSource = (): void => {
    bridge.setSource(null);
    inputRef.current?.focus();
  };

  return (
    <Page>
      <FrameGlobalStyle />
      <Header>
        <h1>{t.heading}</h1>
        <NewConversation type="button" onClick={startOver} disabled={entries.length === 0}>
          {t.newConversation}
        </NewConversation>
        <Disclaimer>{t.disclaimer}</Disclaimer>
      </Header>
      <Main>
        <Log ref={logRef} aria-label={t.conversation} tabIndex={0}>
          {entries.length === 0 ? (
            <Intro>{t.intro}</Intro>
          ) : (
            <Entries>
              {entries.map((entry) => (
                <ConversationEntryView
                  key={entry.id}
                  entry={entry}
                  lang={lang}
                  t={t}
                  onRetry={retry}
                  onAnnounce={announce}
                />
              ))}
            </Entries>
          )}
        </Log>
        <Composer>
          {source !== null ? <SourceChip name={sourceName(source, lang)} t={t} onRemove={removeSource} /> : null}
          <QuestionForm t={t} onAsk={askTyped} inputRef={inputRef} />
        </Composer>
        <VisuallyHidden as="div" aria-live="polite" aria-atomic="true" data-testid="announcer">
          {announcement}
        </VisuallyHidden>
      </Main>
    </Page>
  );
}
