import { GlobalWorkerOptions, TextLayer, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import type { PdfDocumentHandle, PdfEngine } from './engine';

// The worker is emitted by webpack as an asset of this remote's build and served with it.
GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;

/** Widest a page is drawn at; wider containers centre it (CSS px). */
const MAX_PAGE_WIDTH = 1100;

function handle(doc: PDFDocumentProxy): PdfDocumentHandle {
  return {
    numPages: doc.numPages,
    async renderPage(pageNumber, container, width) {
      const page = await doc.getPage(pageNumber);
      const unscaled = page.getViewport({ scale: 1 });
      const scale = Math.min(width, MAX_PAGE_WIDTH) / unscaled.width;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;

      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      canvas.setAttribute('aria-hidden', 'true');

      const text = document.createElement('div');
      text.className = 'textLayer';

      container.replaceChildren(canvas, text);
      container.style.width = `${Math.floor(viewport.width)}px`;
      container.style.height = `${Math.floor(viewport.height)}px`;
      // The variables PDF.js's text layer sizes and places its spans with.
      container.style.setProperty('--scale-factor', String(viewport.scale));
      container.style.setProperty('--user-unit', String(viewport.userUnit));
      container.style.setProperty('--total-scale-factor', 'calc(var(--scale-factor) * var(--user-unit))');
      container.style.setProperty('--scale-round-x', '1px');
      container.style.setProperty('--scale-round-y', '1px');

      await page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      }).promise;
      const layer = new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
      await layer.render();
      page.cleanup();
      return Math.floor(viewport.height);
    },
    destroy() {
      void doc.destroy();
    },
  };
}

/**
 * PDF.js (`pdfjs-dist`) behind the {@link PdfEngine} interface. No `eval` (the site's
 * Content-Security-Policy has none), no XFA forms, no credentials sent to other origins.
 */
export const pdfjsEngine: PdfEngine = {
  async open(url) {
    const task = getDocument({ url, isEvalSupported: false, enableXfa: false, withCredentials: false });
    return handle(await task.promise);
  },
};
