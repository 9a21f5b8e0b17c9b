import { createContext, useContext } from 'react';

/** One open PDF, as the preview needs it. */
export interface PdfDocumentHandle {
  /** Number of pages (1 or more). */
  readonly numPages: number;
  /**
   * Renders page `pageNumber` (1-based) into `container`, `width` CSS pixels wide: a canvas
   * (hidden from assistive technology) and, over it, the page's text as real text (the text
   * layer), so it can be read aloud, found and selected. Replaces what `container` held.
   *
   * @returns the rendered page's height in CSS pixels
   * @throws when the page cannot be read or drawn
   */
  renderPage(pageNumber: number, container: HTMLElement, width: number): Promise<number>;
  /** Frees the document (and its worker's share of it). */
  destroy(): void;
}

/** Opens PDFs; {@link loadPdfJsEngine} in the app, a stand-in in tests. */
export interface PdfEngine {
  /**
   * Downloads and opens the PDF at `url`.
   *
   * @throws when it cannot be fetched or is not a PDF
   */
  open(url: string): Promise<PdfDocumentHandle>;
}

/**
 * The PDF.js engine, loaded on first use: PDF.js and its worker are a separate chunk of this
 * remote's own build (never a CDN), fetched only when a PDF is previewed.
 */
export const loadPdfJsEngine: PdfEngine = {
  async open(url) {
    const { pdfjsEngine } = await import('./pdfjsEngine');
    return pdfjsEngine.open(url);
  },
};

/** The engine `PdfView` uses: {@link loadPdfJsEngine} unless a provider says otherwise (tests). */
export const PdfEngineContext = createContext<PdfEngine>(loadPdfJsEngine);

/** React hook: the current {@link PdfEngine}. */
export function usePdfEngine(): PdfEngine {
  return useContext(PdfEngineContext);
}
