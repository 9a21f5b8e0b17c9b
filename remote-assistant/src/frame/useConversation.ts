import { useCallback, useLayoutEffect, useReducer, useRef } from 'react';
import { format, type Answer, type AskRequest } from '@kb/contracts';
import { AskError } from './api/ask';
import type { FrameText } from './messages';

/** Sends one question and resolves with the answer object (e.g. `askQuestion`). */
export type AskFunction = (request: AskRequest) => Promise<Answer>;

/** Why an entry has no answer, as the visitor is told. */
export type EntryFailure = 'network' | 'rate-limited' | 'rejected' | 'server';

/** One question of the visit and where its answer stands. */
export type ConversationEntry = { readonly id: number; readonly request: AskRequest } & (
  | { readonly status: 'loading' }
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
  }
}

/** The answer text as it should be read aloud: `[n]` markers removed. */
export function withoutMarkers(text: string): string {
  return text.replace(/\s*\[\d+\]/g, '').trim();
}

/** What {@link useConversation} gives its screen. */
export interface Conversation {
  entries: readonly ConversationEntry[];
  announcement: string;
  /** Adds an entry for `request` and sends it. Stable across renders. */
  submit(request: AskRequest): void;
  /** Sends a failed entry's request again. Stable across renders. */
  retry(id: number): void;
}

/**
 * React hook: the visit's questions and answers. Each question is sent with `ask`; its
 * entry goes from `loading` to `answered` or `failed`, and the live-region announcement is
 * written in the language shown when the result arrives. Requests are not aborted on
 * unmount: a late result is simply dropped by React.
 *
 * @param ask sends one question (`askQuestion` in the app, a stub in tests)
 * @param t the texts of the current language
 */
export function useConversation(ask: AskFunction, t: FrameText): Conversation {
  const [state, dispatch] = useReducer(reducer, { entries: [], announcement: '' });
  const nextId = useRef(1);
  const latest = useRef({ ask, t, entries: state.entries });
  useLayoutEffect(() => {
    latest.current = { ask, t, entries: state.entries };
  });

  const run = useCallback((id: number, request: AskRequest) => {
    latest.current.ask(request).then(
      (answer) => {
        const text = latest.current.t;
        const announcement = format(answer.refused ? text.announceRefused : text.announceAnswer, {
          text: withoutMarkers(answer.answer),
        });
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

  return { entries: state.entries, announcement: state.announcement, submit, retry };
}
