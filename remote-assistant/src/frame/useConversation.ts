import { useCallback, useLayoutEffect, useReducer, useRef } from 'react';
import { format, type Answer, type AskRequest } from '@kb/contracts';
import { AskError, type AnswerProgress } from './api/ask';
import { loadConversation, saveConversation, type ConversationStorage } from './conversationStore';
import type { FrameText } from './messages';

/**
 * Sends one question and resolves with the final answer object (e.g. `askQuestion`), calling
 * `onProgress` with the partial answer while it streams.
 */
export type AskFunction = (request: AskRequest, onProgress: (progress: AnswerProgress) => void) => Promise<Answer>;

/**
 * Why an entry has no answer, as the visitor is told; `interrupted`: the page went away
 * (reload) before the answer arrived, found so in the stored conversation.
 */
export type EntryFailure = 'network' | 'rate-limited' | 'rejected' | 'server' | 'interrupted';

/** One question of the visit and where its answer stands. */
export type ConversationEntry = { readonly id: number; readonly request: AskRequest } & (
  | { readonly status: 'loading' }
  | { readonly status: 'streaming'; readonly progress: AnswerProgress }
  | { readonly status: 'answered'; readonly answer: Answer }
  | { readonly status: 'failed'; readonly failure: EntryFailure }
);

interface State {
  entries: readonly ConversationEntry[];
  /** The latest text for the live region (answers and failures). */
  announcement: string;
}

type Action =
  | { type: 'asked'; id: number; request: AskRequest }
  | { type: 'retried'; id: number }
  | { type: 'progressed'; id: number; progress: AnswerProgress }
  | { type: 'announced'; announcement: string }
  | { type: 'cleared'; announcement: string }
  | { type: 'answered'; id: number; answer: Answer; announcement: string }
  | { type: 'failed'; id: number; failure: EntryFailure; announcement: string };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'asked':
      return {
        ...state,
        entries: [...state.entries, { id: action.id, request: action.request, status: 'loading' }],
      };
    case 'retried':
      return {
        ...state,
        entries: state.entries.map((e) => (e.id === action.id ? { id: e.id, request: e.request, status: 'loading' } : e)),
      };
    case 'progressed':
      return {
        ...state,
        entries: state.entries.map((e) =>
          e.id === action.id && (e.status === 'loading' || e.status === 'streaming')
            ? { id: e.id, request: e.request, status: 'streaming', progress: action.progress }
            : e,
        ),
      };
    case 'announced':
      return { ...state, announcement: action.announcement };
    case 'cleared':
      return { entries: [], announcement: action.announcement };
    case 'answered':
      return {
        announcement: action.announcement,
        entries: state.entries.map((e) =>
          e.id === action.id ? { id: e.id, request: e.request, status: 'answered', answer: action.answer } : e,
        ),
      };
    case 'failed':
      return {
        announcement: action.announcement,
        entries: state.entries.map((e) =>
          e.id === action.id ? { id: e.id, request: e.request, status: 'failed', failure: action.failure } : e,
        ),
      };
  }
}

/** Maps what {@link AskFunction} threw to what the visitor is told. */
export function classifyFailure(error: unknown): EntryFailure {
  if (!(error instanceof AskError)) return 'server';
  if (error.kind === 'network') return 'network';
  if (error.kind === 'http' && error.status === 429) return 'rate-limited';
  if (error.kind === 'http' && (error.status === 400 || error.status === 413 || error.status === 415)) {
    return 'rejected';
  }
  return 'server';
}

/** The localized sentence for a failure. */
export function failureText(failure: EntryFailure, t: FrameText): string {
  switch (failure) {
    case 'network':
      return t.errorNetwork;
    case 'rate-limited':
      return t.errorRateLimited;
    case 'rejected':
      return t.errorRejected;
    case 'server':
      return t.errorServer;
    case 'interrupted':
      return t.errorInterrupted;
  }
}

/** The answer text as it should be read aloud: `[n]` markers removed. */
export function withoutMarkers(text: string): string {
  return text.replace(/\s*\[\d+\]/g, '').trim();
}

/** The live-region sentence for a final answer: a refusal, related passages (never "answer"), or an answer. */
function announcementFor(answer: Answer, t: FrameText): string {
  if (answer.refused) return t.announceRefused;
  return answer.related ? t.announceRelated : t.announceAnswer;
}

/** What {@link useConversation} gives its screen. */
export interface Conversation {
  entries: readonly ConversationEntry[];
  announcement: string;
  /** Adds an entry for `request` and sends it. Stable across renders. */
  submit(request: AskRequest): void;
  /** Sends a failed entry's request again. Stable across renders. */
  retry(id: number): void;
  /** Puts `text` in the live region (e.g. "Answer copied"). Stable across renders. */
  announce(text: string): void;
  /**
   * Starts a new conversation: every entry is removed, here and in the storage, and the live
   * region says so. Answers still on their way are dropped when they arrive. Stable across renders.
   */
  clear(): void;
}

/** What changes what is stored: which entries there are and where each stands (not streamed text). */
function storedShape(entries: readonly ConversationEntry[]): string {
  return entries.map((e) => `${e.id}:${e.status}`).join(',');
}

/**
 * React hook: the visit's questions and answers. Each question is sent with `ask`; its
 * entry goes from `loading` to `streaming` (while parts of the answer arrive) and then to
 * `answered` — with the final answer object, which replaces whatever was streamed — or
 * `failed`. The live-region announcement is made once per answer, when it is complete, and is
 * written in the language shown when the result arrives. Requests are not aborted on
 * unmount: a late result is simply dropped by React.
 *
 * The conversation is kept in `storage` (the tab's `sessionStorage`): it starts from what is
 * stored there (an entry that was still on its way comes back failed, `interrupted`, with
 * Retry) and is saved whenever an entry is added, answered, fails or is cleared.
 *
 * @param ask sends one question (`askQuestion` in the app, a stub in tests)
 * @param t the texts of the current language
 * @param storage where the conversation is kept; `null`: in memory only
 */
export function useConversation(ask: AskFunction, t: FrameText, storage: ConversationStorage | null = null): Conversation {
  const [state, dispatch] = useReducer(reducer, storage, (kept) => ({ entries: loadConversation(kept), announcement: '' }));
  const nextId = useRef(Math.max(0, ...state.entries.map((e) => e.id)) + 1);
  const saved = useRef(storedShape(state.entries));
  // Saved with the render that shows it (a layout effect, not a passive one the renderer may
  // run a frame later), so a reload right after an answer appears still finds it.
  useLayoutEffect(() => {
    const shape = storedShape(state.entries);
    if (shape === saved.current) return;
    saved.current = shape;
    saveConversation(storage, state.entries);
  }, [storage, state.entries]);
  const latest = useRef({ ask, t, entries: state.entries });
  useLayoutEffect(() => {
    latest.current = { ask, t, entries: state.entries };
  });

  const run = useCallback((id: number, request: AskRequest) => {
    const onProgress = (progress: AnswerProgress): void => dispatch({ type: 'progressed', id, progress });
    latest.current.ask(request, onProgress).then(
      (answer) => {
        const text = latest.current.t;
        const announcement = format(announcementFor(answer, text), { text: withoutMarkers(answer.answer) });
        dispatch({ type: 'answered', id, answer, announcement });
      },
      (error: unknown) => {
        const failure = classifyFailure(error);
        dispatch({ type: 'failed', id, failure, announcement: failureText(failure, latest.current.t) });
      },
    );
  }, []);

  const submit = useCallback(
    (request: AskRequest) => {
      const id = nextId.current;
      nextId.current += 1;
      dispatch({ type: 'asked', id, request });
      run(id, request);
    },
    [run],
  );

  const retry = useCallback(
    (id: number) => {
      const entry = latest.current.entries.find((e) => e.id === id);
      if (!entry || entry.status !== 'failed') return;
      dispatch({ type: 'retried', id });
      run(id, entry.request);
    },
    [run],
  );

  const announce = useCallback((announcement: string) => dispatch({ type: 'announced', announcement }), []);

  const clear = useCallback(() => dispatch({ type: 'cleared', announcement: latest.current.t.conversationCleared }), []);

  return { entries: state.entries, announcement: state.announcement, submit, retry, announce, clear };
}
