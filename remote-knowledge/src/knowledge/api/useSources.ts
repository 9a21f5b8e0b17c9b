import { useEffect, useState } from 'react';
import type { KnowledgeSource, Lang } from '@kb/contracts';
import { fetchSources } from './sourcesApi';

/** The catalog as the screen sees it. */
export type SourcesState =
  /** Waiting for the catalog; `sources` holds the previous language's while it reloads. */
  | { status: 'loading'; sources: KnowledgeSource[] | undefined }
  | { status: 'ready'; sources: KnowledgeSource[] }
  | { status: 'error'; sources: undefined };

interface Outcome {
  /** Which request (`lang#attempt`) this is the answer to. */
  key: string;
  sources?: KnowledgeSource[];
}

/**
 * React hook: the knowledge-source catalog in `lang`, from `GET /api/sources`, requested on
 * mount, on every language change and on `retry()`. A request still running when the language
 * changes or the screen unmounts is aborted. Failures are logged and become the error state.
 */
export function useSources(lang: Lang): { state: SourcesState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  const key = `${lang}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchSources(lang, controller.signal).then(
      (sources) => setOutcome({ key, sources }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Knowledge sources could not be loaded', error);
        setOutcome({ key });
      },
    );
    return () => controller.abort();
  }, [key, lang]);

  const retry = (): void => setAttempt((n) => n + 1);
  if (outcome?.key !== key) return { state: { status: 'loading', sources: outcome?.sources }, retry };
  if (!outcome.sources) return { state: { status: 'error', sources: undefined }, retry };
  return { state: { status: 'ready', sources: outcome.sources }, retry };
}
