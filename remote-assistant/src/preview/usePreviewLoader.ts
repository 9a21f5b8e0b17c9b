import { useCallback, useEffect, useReducer } from 'react';
import { checkSameOriginLink, type LinkChecker } from './checkLink';

/** Time a document has to load before the preview shows the error state (ms), SPEC §9. */
export const PREVIEW_TIMEOUT_MS = 15_000;

/** Wait after a PDF's first page has rendered before it is shown (ms), SPEC §4 and §9. */
export const PDF_SETTLE_MS = 2_000;

/** How a document is shown: rendered with PDF.js, or a page in the sandboxed frame. */
export type PreviewKind = 'pdf' | 'page';

/** Why a document that was allowed did not load. */
export type LoadFailure =
  /** Nothing loaded within {@link PREVIEW_TIMEOUT_MS}. */
  | { readonly cause: 'timeout' }
  /** The request made before framing a same-origin link failed (`status` when one came). */
  | { readonly cause: 'check'; readonly status?: number }
  /** PDF.js could not open or render the document. */
  | { readonly cause: 'render' };

/** Where the preview of one link stands; `attempt` counts Retry presses from 0. */
export type PreviewState = { readonly attempt: number } & (
  | { readonly phase: 'checking' }
  | { readonly phase: 'loading'; readonly kind: PreviewKind }
  | { readonly phase: 'settling'; readonly kind: 'pdf' }
  | { readonly phase: 'loaded'; readonly kind: PreviewKind }
  | { readonly phase: 'error'; readonly failure: LoadFailure }
);

/** An allowed link to preview (see `classifyLink`). */
export interface PreviewTarget {
  readonly href: string;
  readonly sameOrigin: boolean;
  /** Looks like a PDF from its address. */
  readonly pdf: boolean;
}

type Action =
  | { type: 'retry' }
  | { type: 'checked'; attempt: number; pdf: boolean }
  | { type: 'failed'; attempt: number; failure: LoadFailure }
  | { type: 'frame-loaded'; attempt: number }
  | { type: 'pdf-rendered'; attempt: number }
  | { type: 'settled'; attempt: number };

function start(target: PreviewTarget, attempt: number): PreviewState {
  return target.sameOrigin ? { attempt, phase: 'checking' } : { attempt, phase: 'loading', kind: target.pdf ? 'pdf' : 'page' };
}

function reducer(target: PreviewTarget, state: PreviewState, action: Action): PreviewState {
  if (action.type === 'retry') return start(target, state.attempt + 1);
  // Events of an earlier attempt (a late check, a frame replaced by Retry) change nothing.
  if (action.attempt !== state.attempt) return state;
  switch (action.type) {
    case 'checked':
      return state.phase === 'checking'
        ? { attempt: state.attempt, phase: 'loading', kind: action.pdf || target.pdf ? 'pdf' : 'page' }
        : state;
    case 'failed':
      return state.phase === 'checking' || state.phase === 'loading'
        ? { attempt: state.attempt, phase: 'error', failure: action.failure }
        : state;
    case 'frame-loaded':
      return state.phase === 'loading' && state.kind === 'page'
        ? { attempt: state.attempt, phase: 'loaded', kind: 'page' }
        : state;
    case 'pdf-rendered':
      return state.phase === 'loading' && state.kind === 'pdf'
        ? { attempt: state.attempt, phase: 'settling', kind: 'pdf' }
        : state;
    case 'settled':
      return state.phase === 'settling' ? { attempt: state.attempt, phase: 'loaded', kind: 'pdf' } : state;
  }
}

/** What {@link usePreviewLoader} gives the screen. */
export interface PreviewLoader {
  readonly state: PreviewState;
  /** Starts over: the check again (same-origin links), the 15 s limit again, a fresh frame or PDF. */
  retry(): void;
  /** The sandboxed frame of attempt `attempt` fired `load`. */
  frameLoaded(attempt: number): void;
  /** The first page of the PDF of attempt `attempt` has rendered. */
  pdfRendered(attempt: number): void;
  /** The PDF of attempt `attempt` could not be opened or rendered. */
  pdfFailed(attempt: number): void;
}

/**
 * React hook: the preview's state machine (SPEC §4 "Preview", ARCHITECTURE.md "Preview") for
 * one allowed link. Mount it afresh (a React `key`) for another link.
 *
 * - A same-origin link starts in `checking`: `check` asks the server first; a failure goes to
 *   `error` (`cause: 'check'`), success to `loading`, as a PDF when the server or the address
 *   says so. A link on another (allowed) origin starts in `loading` directly.
 * - `loading` a page: the frame's `load` → `loaded`. `loading` a PDF: its first page rendered →
 *   `settling`, and {@link PDF_SETTLE_MS} ms later → `loaded`; a PDF.js failure → `error`.
 * - {@link PREVIEW_TIMEOUT_MS} ms in `checking`/`loading` together → `error` (`timeout`).
 * - `retry()` → `checking`/`loading` again with `attempt + 1`.
 *
 * @param target the allowed link
 * @param check the request made before framing a same-origin link (replaced in tests)
 */
export function usePreviewLoader(target: PreviewTarget, check: LinkChecker = checkSameOriginLink): PreviewLoader {
  const [state, dispatch] = useReducer(
    (current: PreviewState, action: Action) => reducer(target, current, action),
    target,
    (t) => start(t, 0),
  );
  const { attempt } = state;
  const checking = state.phase === 'checking';
  const pending = state.phase === 'checking' || state.phase === 'loading';
  const settling = state.phase === 'settling';

  useEffect(() => {
    if (!checking) return undefined;
    const controller = new AbortController();
    check(target.href, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        dispatch(
          result.ok
            ? { type: 'checked', attempt, pdf: result.pdf }
            : { type: 'failed', attempt, failure: { cause: 'check', status: result.status } },
        );
      },
      () => {
        if (!controller.signal.aborted) dispatch({ type: 'failed', attempt, failure: { cause: 'check' } });
      },
    );
    return () => controller.abort();
  }, [checking, attempt, check, target.href]);

  useEffect(() => {
    if (!pending) return undefined;
    const timer = setTimeout(
      () => dispatch({ type: 'failed', attempt, failure: { cause: 'timeout' } }),
      PREVIEW_TIMEOUT_MS,
    );
    return () => clearTimeout(timer);
  }, [pending, attempt]);

  useEffect(() => {
    if (!settling) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'settled', attempt }), PDF_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling, attempt]);

  const retry = useCallback(() => dispatch({ type: 'retry' }), []);
  const frameLoaded = useCallback((n: number) => dispatch({ type: 'frame-loaded', attempt: n }), []);
  const pdfRendered = useCallback((n: number) => dispatch({ type: 'pdf-rendered', attempt: n }), []);
  const pdfFailed = useCallback(
    (n: number) => dispatch({ type: 'failed', attempt: n, failure: { cause: 'render' } }),
    [],
  );

  return { state, retry, frameLoaded, pdfRendered, pdfFailed };
}
