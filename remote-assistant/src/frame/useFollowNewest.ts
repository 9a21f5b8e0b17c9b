import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Space left above the newest entry when it is scrolled to the top of the log (px). */
const TOP_GAP_PX = 12;

/** The attribute that marks each entry of the log with its id. */
export const ENTRY_ATTRIBUTE = 'data-entry-id';

/**
 * Brings the newest entry of the conversation log to the log's top, scrolling the log element
 * only (never `scrollIntoView`, which would scroll the frame's page and the page embedding it
 * too). A new entry is followed while its answer arrives and grows: each change of `entries`
 * re-aligns it, until the visitor scrolls the log themselves (its `scrollTop` is no longer where
 * this hook left it). `entries` is the list whose last item is the newest, each with an `id`
 * matching its element's {@link ENTRY_ATTRIBUTE}.
 */
export function useFollowNewest(logRef: RefObject<HTMLElement | null>, entries: readonly { id: number }[]): void {
  const followed = useRef<{ id: number; scrollTop: number } | null>(null);

  useLayoutEffect(() => {
    const log = logRef.current;
    const newest = entries.at(-1);
    if (!log || !newest) return;
    const current = followed.current;
    const isNew = current === null || current.id !== newest.id;
    if (!isNew && (Number.isNaN(current.scrollTop) || Math.abs(log.scrollTop - current.scrollTop) > 1)) {
      // The visitor scrolled away from the newest entry: leave the log where they put it.
      followed.current = { id: newest.id, scrollTop: NaN };
      return;
    }
    const item = log.querySelector<HTMLElement>(`[${ENTRY_ATTRIBUTE}="${newest.id}"]`);
    if (!item) return;
    const offset = item.getBoundingClientRect().top - log.getBoundingClientRect().top;
    log.scrollTop = Math.max(0, log.scrollTop + offset - TOP_GAP_PX);
    followed.current = { id: newest.id, scrollTop: log.scrollTop };
  }, [logRef, entries]);
}
