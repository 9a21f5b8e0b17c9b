import { lazy, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { loadExposedPage, type ExposedModuleId } from './remotes';
import { RemoteBoundary, type RemotePart } from './RemoteBoundary';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per exposed module and attempt. React caches a rejected `lazy()` for
 * good, so a Retry needs a new one; a successful one is reused across navigations.
 */
function lazyPage(id: ExposedModuleId, attempt: number): LazyExoticComponent<ComponentType> {
  const key = `${id}#${attempt}`;
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(() => loadExposedPage(id, attempt > 0));
    lazyPages.set(key, page);
  }
  return page;
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
  const Page = lazyPage(id, attempt);
  return (
    <RemoteBoundary part={part} home={home} page={page} onRetry={() => setAttempt((n) => n + 1)}>
      {/* eslint-disable-next-line react-hooks/static-components -- cached per (id, attempt) in lazyPages, so stable across renders */}
      <Page />
    </RemoteBoundary>
  );
}
