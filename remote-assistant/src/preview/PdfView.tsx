import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { colors } from '../shared/theme';
import { usePdfEngine, type PdfDocumentHandle } from './pdf/engine';
import { SPACE } from '@kb/contracts/tokens';

const Pages = styled.div`
  display: grid;
  justify-items: center;
  gap: ${SPACE.md};
  padding: ${SPACE.md};
`;

const Page = styled.section`
  position: relative;
  max-width: 100%;
  background: ${colors.surface};
  box-shadow: 0 1px 4px rgb(0 0 0 / 0.25);
  overflow: hidden;

  canvas {
    display: block;
  }

  /* PDF.js's text layer (the rules of its pdf_viewer.css it needs): transparent text placed
     exactly over the drawn glyphs, so the page can be read aloud, searched and selected. */
  .textLayer {
    position: absolute;
    inset: 0;
    overflow: clip;
    line-height: 1;
    text-align: initial;
    text-size-adjust: none;
    forced-color-adjust: none;
    transform-origin: 0 0;
    caret-color: CanvasText;
    z-index: 0;
    --min-font-size: 1;
    --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
    --min-font-size-inv: calc(1 / var(--min-font-size));
  }
  .textLayer :is(span, br) {
    color: transparent;
    position: absolute;
    white-space: pre;
    cursor: text;
    transform-origin: 0% 0%;
  }
  .textLayer > :not(.markedContent),
  .textLayer .markedContent span:not(.markedContent) {
    z-index: 1;
    --font-height: 0;
    font-size: calc(var(--text-scale-factor) * var(--font-height));
    --scale-x: 1;
    --rotate: 0deg;
    transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv));
  }
  .textLayer .markedContent {
    display: contents;
  }
  .textLayer ::selection {
    background: rgb(0 0 255 / 0.25);
  }
  .textLayer .endOfContent {
    display: block;
    position: absolute;
    inset: 100% 0 0;
    z-index: 0;
    cursor: default;
    user-select: none;
  }
`;

const Surface = styled.div<{ $height: number }>`
  position: relative;
  min-height: ${({ $height }) => $height}px;
  min-width: min(100%, 280px);
`;

const PageProblem = styled.p`
  margin: 0;
  padding: ${SPACE.md};
  color: ${colors.danger};
`;

/** Props of {@link PdfView}. */
export interface PdfViewProps {
  /** The PDF's absolute URL (already allowed and, when same-origin, checked). */
  url: string;
  /** Accessible name of page `n` of `total`, e.g. "Page 1 of 3". */
  pageLabel(n: number, total: number): string;
  /** Shown in place of a later page that could not be drawn. */
  pageFailed: string;
  /** Page 1 has been drawn and its text laid over it. Called once. */
  onFirstPageRendered(): void;
  /** The document could not be opened, or page 1 could not be drawn. Called at most once. */
  onError(): void;
}

/** Estimated page height before a page is drawn: A4's proportions at the available width (CSS px). */
const a4Height = (width: number): number => Math.round(width * 1.414);

/**
 * A PDF drawn with PDF.js (through the current `PdfEngine`): page 1 at once, the others as
 * they come near the viewport (all in turn where `IntersectionObserver` is missing). Each
 * page is a labelled section holding a canvas and the page's text as a text layer.
 */
export function PdfView({ url, pageLabel, pageFailed, onFirstPageRendered, onError }: PdfViewProps) {
  const engine = usePdfEngine();
  /** The open document and the width its pages are drawn at (CSS px), measured when it opened. */
  const [opened, setOpened] = useState<{ doc: PdfDocumentHandle; width: number } | null>(null);
  const [heights, setHeights] = useState<Readonly<Record<number, number>>>({});
  const [failedPages, setFailedPages] = useState<ReadonlySet<number>>(new Set());
  const wrapperRef = useRef<HTMLDivElement>(null);
  const surfaces = useRef(new Map<number, HTMLDivElement>());
  const callbacks = useRef({ onFirstPageRendered, onError });
  useLayoutEffect(() => {
    callbacks.current = { onFirstPageRendered, onError };
  });

  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocumentHandle | null = null;
    engine.open(url).then(
      (handle) => {
        if (cancelled) {
          handle.destroy();
          return;
        }
        opened = handle;
        setOpened({ doc: handle, width: Math.max((wrapperRef.current?.clientWidth ?? 0) - 32, 280) });
      },
      () => {
        if (!cancelled) callbacks.current.onError();
      },
    );
    return () => {
      cancelled = true;
      opened?.destroy();
      setOpened(null);
    };
  }, [engine, url]);

  useEffect(() => {
    if (!opened) return undefined;
    const { doc, width } = opened;
    let cancelled = false;
    const done = new Set<number>();
    let queue: Promise<void> = Promise.resolve();

    const render = (n: number): Promise<void> => {
      if (done.has(n)) return queue;
      done.add(n);
      queue = queue.then(async () => {
        const surface = surfaces.current.get(n);
        if (cancelled || !surface) return;
        try {
          const height = await doc.renderPage(n, surface, width);
          if (cancelled) return;
          setHeights((previous) => ({ ...previous, [n]: height }));
          if (n === 1) callbacks.current.onFirstPageRendered();
        } catch {
          if (cancelled) return;
          if (n === 1) callbacks.current.onError();
          else setFailedPages((previous) => new Set(previous).add(n));
        }
      });
      return queue;
    };

    let observer: IntersectionObserver | null = null;
    void render(1).then(() => {
      if (cancelled || doc.numPages < 2) return;
      if (typeof IntersectionObserver !== 'function') {
        for (let n = 2; n <= doc.numPages; n += 1) void render(n);
        return;
      }
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            const n = Number((entry.target as HTMLElement).dataset.page);
            if (Number.isInteger(n)) void render(n);
          }
        },
        { rootMargin: '1200px 0px' },
      );
      for (const [n, surface] of surfaces.current) if (n > 1) observer.observe(surface);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
    };
  }, [opened]);

  const total = opened?.doc.numPages ?? 0;
  const firstHeight = heights[1] ?? a4Height(opened?.width ?? 280);
  return (
    <Pages ref={wrapperRef}>
      {Array.from({ length: total }, (_, index) => {
        const n = index + 1;
        return (
          <Page key={n} aria-label={pageLabel(n, total)}>
            {failedPages.has(n) ? <PageProblem>{pageFailed}</PageProblem> : null}
            <Surface
              data-page={n}
              $height={heights[n] ?? firstHeight}
              ref={(element) => {
                if (element) surfaces.current.set(n, element);
                else surfaces.current.delete(n);
              }}
            />
          </Page>
        );
      })}
    </Pages>
  );
}
