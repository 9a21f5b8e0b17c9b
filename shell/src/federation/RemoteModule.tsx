import { startTransition, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import { loadExposedPage, type ExposedModuleId } from './remotes';
import { Loading, RemoteBoundary, type RemotePart } from './RemoteBoundary';

/** One load of an exposed module: pending, then its component or its error. */
interface PageLoad {
  promise: Promise<void>;
  component?: ComponentType;
  error?: unknown;
}

const pageLoads = new Map<string, PageLoad>();

/**
 * One load per exposed module and attempt: a failed one is kept as failed, so a Retry asks
 * again under a new attempt; a successful one is reused across navigations.
 */
function pageLoad(id: ExposedModuleId, attempt: number): PageLoad {
  const key = `${id}#${attempt}`;
  const kept = pageLoads.get(key);
  if (kept) return kept;
  const load: PageLoad = {
    promise: loadExposedPage(id, attempt > 0).then(
      (mod) => void (load.component = mod.default),
      (error: unknown) => void (load.error = error ?? new Error(`Remote module ${id} could not be loaded`)),
    ),
  };
  pageLoads.set(key, load);
  return load;
}

/**
 * The exposed module once loaded, the region's loading line until then; a failed load is
 * thrown to the enclosing `RemoteBoundary`. It does not suspend: the module's arrival is a
 * transition update, which React renders in time slices and commits as soon as it is done,
 * where a Suspense boundary's retry waits up to 300 ms after the last fallback shown (React's
 * reveal throttle), so a page's first remote region appeared that much after its code had
 * arrived (docs/performance.md, "Remote regions without Suspense").
 */
function ExposedPage({ id, attempt, part }: { id: ExposedModuleId; attempt: number; part: RemotePart }): ReactNode {
  const load = pageLoad(id, attempt);
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const settled = load.component !== undefined || load.error !== undefined;
  useEffect(() => {
    if (settled) return undefined;
    let mounted = true;
    // A transition, so React renders the arrived module in slices, yielding to the browser,
    // not as one long task (docs/performance.md, "Remote regions in a transition").
    void load.promise.then(() => mounted && startTransition(arrived));
    return () => {
      mounted = false;
    };
  }, [load, settled]);
  if (load.error !== undefined) throw load.error;
  const Page = load.component;
  return Page ? <Page /> : <Loading part={part} />;
}

/**
 * Renders one exposed module of a remote inside its `RemoteBoundary`; Retry requests the
 * module again.
 *
 * @param id   the exposed module, e.g. `knowledge/KnowledgePage`
 * @param part which part of the site this is, for the fallback's wording
 * @param home the module is the whole page (no navbar): its fallback links home too
 * @param page the module is the page's content: its fallback's title is the page's `h1`
 */
export function RemoteModule({
  id,
  part,
  home = false,
  page = false,
}: {
  id: ExposedModuleId;
  part: RemotePart;
  home?: boolean;
  page?: boolean;
}): ReactNode {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteBoundary part={part} home={home} page={page} onRetry={() => setAttempt((n) => n + 1)}>
      <ExposedPage id={id} attempt={attempt} part={part} />
    </RemoteBoundary>
  );
}
