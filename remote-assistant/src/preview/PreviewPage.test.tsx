import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { languageBus } from '@kb/contracts';
import { PdfEngineContext, type PdfDocumentHandle, type PdfEngine } from './pdf/engine';
import PreviewPage from './PreviewPage';
import { PDF_SETTLE_MS, PREVIEW_TIMEOUT_MS } from './usePreviewLoader';

const ORIGIN = window.location.origin;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** A fetch answer with what the preview reads: status, Content-Type and a JSON body. */
function answer(status: number, { type = 'text/html', json }: { type?: string; json?: unknown } = {}): Response {
  const partial: Pick<Response, 'ok' | 'status' | 'headers' | 'body' | 'json'> = {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) } as Headers,
    body: null,
    json: async () => json,
  };
  return partial as Response;
}

/** A fetch whose answers the test hands out one by one (`next`), or that answers at once (`reply`). */
function installFetch(reply?: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const pending: ((response: Response) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const fetchMock = jest.fn<Fetch>((input, init) => {
    if (reply) return Promise.resolve(reply(input, init));
    return new Promise<Response>((resolve, reject) => {
      pending.push(resolve);
      failures.push(reject);
    });
  });
  Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: fetchMock });
  const next = async (response: Response) => {
    failures.shift();
    const resolve = pending.shift();
    if (!resolve) throw new Error('no request is waiting');
    await act(async () => resolve(response));
  };
  const fail = async () => {
    pending.shift();
    const reject = failures.shift();
    if (!reject) throw new Error('no request is waiting');
    await act(async () => reject(new TypeError('Failed to fetch')));
  };
  const checks = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'HEAD');
  return { fetchMock, next, fail, checks };
}

/** A PDF engine whose documents open and draw when the test says; page text goes into the page. */
function fakePdfEngine() {
  const opened: string[] = [];
  let drawFirst: () => void = () => undefined;
  let failFirst: () => void = () => undefined;
  const engine: PdfEngine = {
    async open(url) {
      opened.push(url);
      const doc: PdfDocumentHandle = {
        numPages: 2,
        renderPage: (n, container) =>
          new Promise<number>((resolve, reject) => {
            const draw = () => {
              const text = document.createElement('span');
              text.textContent = `Text of page ${n}`;
              container.replaceChildren(text);
              resolve(800);
            };
            if (n === 1) {
              drawFirst = draw;
              failFirst = () => reject(new Error('bad page'));
            } else draw();
          }),
        destroy: () => undefined,
      };
      return doc;
    },
  };
  return {
    engine,
    opened,
    drawFirstPage: () => act(async () => drawFirst()),
    failFirstPage: () => act(async () => failFirst()),
  };
}

function renderPreview(link: string | null, engine?: PdfEngine) {
  const url = link === null ? '/preview' : `/preview?link=${encodeURIComponent(link)}`;
  const page = (
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/preview" element={<PreviewPage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>
  );
  render(engine ? <PdfEngineContext.Provider value={engine}>{page}</PdfEngineContext.Provider> : page);
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
const advance = (ms: number) => act(async () => jest.advanceTimersByTime(ms));
const frame = () => document.querySelector('iframe');
const loading = (text: string) => expect(screen.getByRole('status')).toHaveTextContent(text);
const PAGE_LOADING = 'Loading document...';
const PDF_LOADING = 'Loading document... Please wait while the PDF renders.';
const LOAD_ERROR = 'Error loading document. Please try opening in a new tab.';
const HINT = 'This document format may not be supported for preview.';

beforeEach(() => {
  jest.useFakeTimers();
  languageBus.publish('en');
});

afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(globalThis, 'fetch');
});

describe('PreviewPage without a link', () => {
  it('shows the Document Preview card, and Go Home goes home', () => {
    const { fetchMock } = installFetch();
    renderPreview(null);
    expect(screen.getByRole('heading', { name: 'Document Preview' })).toBeInTheDocument();
    expect(screen.getByText('No document link provided')).toBeInTheDocument();
    expect(screen.getByText('No document link provided').closest('[data-remote-version]')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('speaks Turkish when the bus does', () => {
    installFetch();
    renderPreview(null);
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('heading', { name: 'Belge Önizleme' })).toBeInTheDocument();
    expect(screen.getByText('Belge bağlantısı verilmedi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ana Sayfaya Dön' })).toBeInTheDocument();
  });
});

describe('PreviewPage with a same-origin page', () => {
  it('checks the link first, then frames it sandboxed, loading until the frame loads', async () => {
    const { next, checks } = installFetch();
    renderPreview('/read/quran/2%3A255?lang=en');
    const href = `${ORIGIN}/read/quran/2%3A255?lang=en`;

    // Header, address at the bottom, loading state, and no frame before the check answered.
    expect(screen.getByRole('heading', { level: 1, name: 'Document Preview' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in New Tab/ })).toHaveAttribute('href', href);
    expect(screen.getByRole('link', { name: /Open in New Tab/ })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`Document address:${href}`);
    loading(PAGE_LOADING);
    expect(frame()).toBeNull();
    expect(checks().map(([url]) => url)).toEqual([href]);

    await next(answer(200));
    const iframe = frame();
    if (!iframe) throw new Error('no frame after a good check');
    expect(iframe).toHaveAttribute('src', href);
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups allow-downloads');
    expect(iframe).toHaveAttribute('title', `Document: ${href}`);
    expect(iframe).not.toBeVisible();
    loading(PAGE_LOADING);

    act(() => fireEvent.load(iframe));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(iframe).toBeVisible();
    // Loaded documents do not time out later.
    await advance(PREVIEW_TIMEOUT_MS * 2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes to the error state when the check fails (404), and Retry checks and loads again', async () => {
    const { next, checks } = installFetch();
    renderPreview('/no/such/document');
    await next(answer(404));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: LOAD_ERROR })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The address answered with an error (HTTP 404).');
    expect(alert).toHaveTextContent(HINT);
    expect(within(alert).getByRole('link', { name: /Open in New Tab/ })).toHaveAttribute(
      'href',
      `${ORIGIN}/no/such/document`,
    );
    expect(within(alert).getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    expect(frame()).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    loading(PAGE_LOADING);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(checks()).toHaveLength(2);

    await next(answer(200));
    const iframe = frame();
    if (!iframe) throw new Error('no frame after the retry');
    act(() => fireEvent.load(iframe));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes to the error state when the check cannot reach the server', async () => {
    const { fail } = installFetch();
    renderPreview('/read/quran/1%3A1');
    await fail();
    expect(screen.getByRole('alert')).toHaveTextContent('The address could not be reached.');
    expect(frame()).toBeNull();
  });

  it('times out after 15000 ms without load, keeps nothing framed, and Retry loads again', async () => {
    const { next } = installFetch();
    renderPreview('/read/quran/1%3A1');
    await next(answer(200));
    await advance(PREVIEW_TIMEOUT_MS - 1);
    loading(PAGE_LOADING);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('alert')).toHaveTextContent('The document did not load within 15 seconds.');
    expect(frame()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    loading(PAGE_LOADING);
    await next(answer(200));
    // The limit starts again with the new attempt.
    await advance(PREVIEW_TIMEOUT_MS - 1);
    const iframe = frame();
    if (!iframe) throw new Error('no frame after the retry');
    act(() => fireEvent.load(iframe));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('times out when the check itself never answers', async () => {
    installFetch();
    renderPreview('/slow');
    await advance(PREVIEW_TIMEOUT_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('The document did not load within 15 seconds.');
  });
});

describe('PreviewPage with a PDF', () => {
  it('renders it with the PDF engine and shows it 2000 ms after the first page rendered', async () => {
    const { next } = installFetch();
    const pdf = fakePdfEngine();
    renderPreview('/files/guide.pdf', pdf.engine);
    loading(PDF_LOADING);
    await next(answer(200, { type: 'application/pdf' }));
    await flush();
    expect(pdf.opened).toEqual([`${ORIGIN}/files/guide.pdf`]);
    expect(frame()).toBeNull();
    loading(PDF_LOADING);

    await pdf.drawFirstPage();
    await flush();
    // Drawn, but not shown yet.
    expect(screen.getByText('Text of page 1')).not.toBeVisible();
    expect(screen.queryByRole('region', { name: 'PDF document' })).not.toBeInTheDocument();
    loading(PDF_LOADING);

    await advance(PDF_SETTLE_MS - 1);
    loading(PDF_LOADING);
    await advance(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const shown = screen.getByRole('region', { name: 'PDF document' });
    expect(within(shown).getByText('Text of page 1')).toBeVisible();
    expect(within(shown).getByRole('region', { name: 'Page 1 of 2' })).toHaveTextContent('Text of page 1');
    expect(within(shown).getByRole('region', { name: 'Page 2 of 2' })).toHaveTextContent('Text of page 2');
  });

  it('uses the PDF engine when the server says application/pdf, whatever the address', async () => {
    const { next } = installFetch();
    const pdf = fakePdfEngine();
    renderPreview('/files/download?id=7', pdf.engine);
    loading(PAGE_LOADING);
    await next(answer(200, { type: 'application/pdf' }));
    await flush();
    expect(pdf.opened).toEqual([`${ORIGIN}/files/download?id=7`]);
    loading(PDF_LOADING);
  });

  it('goes to the error state when the PDF cannot be drawn, and Retry opens it again', async () => {
    const { next } = installFetch();
    const pdf = fakePdfEngine();
    renderPreview('/files/broken.pdf', pdf.engine);
    await next(answer(200, { type: 'application/pdf' }));
    await flush();
    await pdf.failFirstPage();
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('The PDF could not be read.');
    expect(screen.getByRole('alert')).toHaveTextContent(HINT);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    loading(PDF_LOADING);
    await next(answer(200, { type: 'application/pdf' }));
    await flush();
    expect(pdf.opened).toHaveLength(2);
  });

  it('times out when the first page does not render within 15000 ms', async () => {
    const { next } = installFetch();
    const pdf = fakePdfEngine();
    renderPreview('/files/huge.pdf', pdf.engine);
    await next(answer(200, { type: 'application/pdf' }));
    await flush();
    await advance(PREVIEW_TIMEOUT_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('The document did not load within 15 seconds.');
    expect(screen.queryByText('Text of page 1')).not.toBeInTheDocument();
  });
});

describe('PreviewPage refuses links it must never frame', () => {
  it.each([
    ['javascript:alert(1)', 'It is a javascript: link, which would run code. Such links are never opened.'],
    [' JaVaScRiPt:alert(document.domain)', 'It is a javascript: link'],
    ['java\tscript:alert(1)', 'It is a javascript: link'],
    ['data:text/html,<script>alert(1)</script>', 'It is a data: link'],
    ['file:///etc/passwd', 'It is a file: link'],
    ['blob:https://example.org/0b8e', 'Only web addresses (http and https) can be previewed.'],
    ['http://exa mple.org/doc.pdf', 'This is not a valid web address.'],
    ['https://', 'This is not a valid web address.'],
  ])('%j goes straight to the error state, unframed and never a link', async (link, reason) => {
    const { fetchMock } = installFetch();
    renderPreview(link, fakePdfEngine().engine);
    await flush();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This link cannot be shown in the preview.' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(reason);
    expect(within(alert).getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(link.trim().replace(/\s+/g, ' '));
    expect(frame()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(PREVIEW_TIMEOUT_MS);
    expect(frame()).toBeNull();
  });

  it('refuses another origin that the server does not allow, offering a new tab', async () => {
    const { fetchMock } = installFetch((url) =>
      url === '/api/site' ? answer(200, { type: 'application/json', json: { previewAllowedOrigins: ['https://docs.example.org'] } }) : answer(500),
    );
    renderPreview('//evil.example/x.pdf');
    loading(PAGE_LOADING);
    await flush();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Documents from http://evil.example are not allowed in the preview.');
    expect(within(alert).getByRole('link', { name: /Open in New Tab/ })).toHaveAttribute('href', 'http://evil.example/x.pdf');
    expect(frame()).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/site']);
  });

  it('with no allowlist from the server (error or no field), allows the site’s own origin only', async () => {
    installFetch((url) => (url === '/api/site' ? answer(200, { type: 'application/json', json: { owner: {} } }) : answer(500)));
    renderPreview('https://docs.example.org/a');
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Documents from https://docs.example.org are not allowed');
  });
});

describe('PreviewPage with an allowed other origin', () => {
  it('frames it without a check (the frame load decides) and renders allowed PDFs with the engine', async () => {
    const { fetchMock } = installFetch((url) =>
      url === '/api/site'
        ? answer(200, { type: 'application/json', json: { previewAllowedOrigins: ['https://docs.example.org/', 'not an origin'] } })
        : answer(500),
    );
    renderPreview('https://docs.example.org/guide');
    await flush();
    const iframe = frame();
    if (!iframe) throw new Error('an allowed origin is framed');
    expect(iframe).toHaveAttribute('src', 'https://docs.example.org/guide');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/site']);
    act(() => fireEvent.load(iframe));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('PreviewPage in Turkish', () => {
  it('shows the error state in Turkish', async () => {
    const { next } = installFetch();
    languageBus.publish('tr');
    renderPreview('/files/missing.pdf', fakePdfEngine().engine);
    loading('Belge yükleniyor... Lütfen PDF görüntülenirken bekleyin.');
    await next(answer(404));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Belge yüklenirken hata oluştu. Lütfen yeni sekmede açmayı deneyin.');
    expect(alert).toHaveTextContent('Bu belge biçimi önizleme için desteklenmiyor olabilir.');
    expect(alert).toHaveTextContent('Adres bir hatayla cevap verdi (HTTP 404).');
    expect(within(alert).getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: /Yeni Sekmede Aç/ })).toBeInTheDocument();
  });
});
