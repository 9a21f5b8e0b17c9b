import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { format } from '@kb/contracts';
import { COLORS, LAYOUT, RADII, SHADOWS, SPACE } from '@kb/contracts/tokens';
import { useReleaseMessages } from './releaseMessages';
import { leavePreview, usePreviewState } from './releasePreview';
import { useReleaseChanged, useReleaseWatch } from './releaseWatch';

/** Bottom of the viewport, above the page: the navbar owns the top, and these must stay in view. */
const Dock = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 150;
  padding: 0 ${SPACE.sm} ${SPACE.sm};
  pointer-events: none;
  & > * {
    pointer-events: auto;
  }
`;

const Bar = styled.div<{ $tone: 'dark' | 'light' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${SPACE.xs} ${SPACE.md};
  margin: ${SPACE.xs} auto 0;
  max-width: 48rem;
  padding: ${SPACE.sm} ${SPACE.md};
  border-radius: ${RADII.md};
  box-shadow: ${SHADOWS.raised};
  /* onPrimary on primary and noticeInk on noticeSoft: pairs tokens.test.ts checks for 4.5:1. */
  background: ${(p) => (p.$tone === 'dark' ? COLORS.primary : COLORS.noticeSoft)};
  color: ${(p) => (p.$tone === 'dark' ? COLORS.onPrimary : COLORS.noticeInk)};
  border: 1px solid ${(p) => (p.$tone === 'dark' ? COLORS.primary : COLORS.noticeBorder)};
  & p {
    margin: 0;
  }
`;

const Button = styled.button<{ $tone: 'dark' | 'light' }>`
  padding: 0.4rem ${SPACE.md};
  border-radius: ${RADII.md};
  border: none;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  background: ${(p) => (p.$tone === 'dark' ? COLORS.onPrimary : COLORS.primary)};
  color: ${(p) => (p.$tone === 'dark' ? COLORS.primary : COLORS.onPrimary)};
  &:focus-visible {
    outline: 3px solid ${(p) => (p.$tone === 'dark' ? COLORS.focusOnDark : COLORS.focus)};
    outline-offset: 2px;
  }
`;

/**
 * Keeps `--kb-bottom-dock` on `<html>` equal to the dock's height while it shows a notice (0px
 * otherwise), so full-viewport pages (/chat, /search?q=, /preview) end above the notices
 * instead of under them (LAYOUT.bottomDockVar in the tokens).
 */
function useDockHeight(dock: RefObject<HTMLDivElement | null>, showing: boolean): void {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const element = dock.current;
    const set = (): void => root.setProperty(LAYOUT.bottomDockVar, `${showing && element ? element.offsetHeight : 0}px`);
    set();
    if (!showing || !element || typeof ResizeObserver === 'undefined') return () => root.setProperty(LAYOUT.bottomDockVar, '0px');
    const observer = new ResizeObserver(set);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.setProperty(LAYOUT.bottomDockVar, '0px');
    };
  }, [dock, showing]);
}

/**
 * The release notices at the foot of every page: the preview bar ("Preview of …" with Leave
 * preview) while this tab previews a release, and the polite offer to reload once a release the
 * page loaded has changed. Also runs the check after each in-app navigation.
 *
 * @param reload   how Reload loads the page again (tests pass their own)
 * @param navigate how Leave preview loads the page without the preview (tests pass their own)
 * @param fetchImpl the fetch the navigation check uses (tests pass their own)
 */
export function ReleaseNotices({
  reload = () => window.location.reload(),
  navigate,
  fetchImpl,
}: {
  reload?: () => void;
  navigate?: (url: string) => void;
  fetchImpl?: typeof fetch;
}): ReactNode {
  useReleaseWatch(fetchImpl);
  const t = useReleaseMessages();
  const preview = usePreviewState();
  const changed = useReleaseChanged();
  const dock = useRef<HTMLDivElement>(null);
  useDockHeight(dock, Boolean(preview) || changed);
  return (
    <Dock ref={dock}>
      {preview && (
        <Bar as="section" $tone="dark" aria-label={t.previewRegion}>
          <p>{format(preview.status === 'unavailable' ? t.previewUnavailable : t.previewOf, { release: preview.release })}</p>
          <Button type="button" $tone="dark" onClick={() => leavePreview(navigate)}>
            {t.previewLeave}
          </Button>
        </Bar>
      )}
      {/*
        Always present, so screen readers announce the offer when it appears (polite: never
        interrupts). A live region without the status role: pages keep their own one status.
      */}
      <div aria-live="polite">
        {changed && (
          <Bar as="section" $tone="light" aria-label={t.updateRegion}>
            <p>{t.updateAvailable}</p>
            <Button type="button" $tone="light" onClick={reload}>
              {t.updateReload}
            </Button>
          </Bar>
        )}
      </div>
    </Dock>
  );
}
