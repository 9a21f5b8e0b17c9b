import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { onePagePdf } from './support/pdf.js';

/**
 * The Content-Security-Policy holds on every page (server/src/http/security.ts): each route,
 * in English and Turkish, loads with zero policy violations and zero console errors, except
 * the failed loads a route is expected to show (listed with it). Violations are recorded twice:
 * by a `securitypolicyviolation` listener in every document and frame, and through the console,
 * where Chromium reports every refused load or style (also in a worker or a sandboxed frame,
 * where no listener of ours runs).
 */

type Lang = 'en' | 'tr';

/** A console error a route is expected to log, and why. */
interface ExpectedError {
  why: string;
  /** The message. */
  text: RegExp;
  /** The URL the message is about (`ConsoleMessage.location().url`). */
  url: RegExp;
}

interface Visit {
  /** Path and query, without `lang`. */
  path: string;
  /** Resolves once the route shows what it is about. */
  ready: (page: Page) => Promise<void>;
  /** Routes the test answers itself (a PDF with no file on the server). */
  setup?: (page: Page) => Promise<unknown>;
  expected?: ExpectedError[];
}

/** The browser's line for a document or request answered with 404. */
const NOT_FOUND = /Failed to load resource: the server responded with a status of 404/;

const PDF_TEXT = 'Content security policy test page';

const heading = (page: Page) => expect(page.locator('h1').first()).toBeVisible();
const frameTextbox = (page: Page) => expect(page.frameLocator('iframe').getByRole('textbox').first()).toBeVisible();
const frameAnswer = (page: Page) => expect(page.frameLocator('iframe').getByRole('listitem').first()).toBeVisible();
const alert = (page: Page) => expect(page.getByRole('alert').first()).toBeVisible();
const link = (href: string) => encodeURIComponent(href);

const VISITS: Visit[] = [
  { path: '/', ready: heading },
  { path: '/project', ready: heading },
  { path: '/about', ready: heading },
  { path: '/knowledge', ready: heading },
  { path: '/open-data', ready: heading },
  { path: '/contact', ready: heading },
  { path: '/chat', ready: frameTextbox },
  // The answer streams into the assistant frame; it is done when the frame lists its sources.
  { path: '/chat?q=patience', ready: frameAnswer },
  { path: '/search?q=patience', ready: frameAnswer },
  {
    path: `/preview?link=${link('/e2e-fixtures/csp.pdf')}`,
    setup: (page) =>
      page.route('**/e2e-fixtures/csp.pdf', (route) =>
        route.fulfill({ status: 200, contentType: 'application/pdf', body: onePagePdf(PDF_TEXT) }),
      ),
    // PDF.js: its module, its worker, its text layer.
    ready: (page) => expect(page.getByText(PDF_TEXT)).toBeVisible(),
  },
  {
    path: `/preview?link=${link('/read/quran/2%3A255?lang=en')}`,
    ready: (page) => expect(page.frameLocator('iframe').locator('h1')).toBeVisible(),
  },
  // Not on the allowlist: the error state, and nothing is requested.
  { path: `/preview?link=${link('https://example.com/report.pdf')}`, ready: alert },
  {
    path: `/preview?link=${link('/e2e-fixtures/missing-page')}`,
    ready: alert,
    expected: [{ why: "the preview's check of the link gets 404", text: NOT_FOUND, url: /\/e2e-fixtures\/missing-page$/ }],
  },
  { path: '/read/quran/2%3A255', ready: heading },
  { path: '/docs', ready: (page) => expect(page.locator('.opblock-summary-path').first()).toBeVisible() },
  { path: '/redoc', ready: heading },
  { path: '/assistant/', ready: (page) => expect(page.getByRole('textbox').first()).toBeVisible() },
  {
    path: '/no/such/page',
    ready: (page) => expect(page.getByText('404', { exact: true })).toBeVisible(),
    expected: [{ why: 'the 404 page is sent with status 404', text: NOT_FOUND, url: /\/no\/such\/page\?lang=/ }],
  },
];

function withLang(path: string, lang: Lang): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`;
}

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
}

/** Records every `securitypolicyviolation` of every document the page loads (frames included). */
async function listenForViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
        line: event.lineNumber,
        sample: event.sample,
      });
    });
  });
}

async function violations(page: Page): Promise<Violation[]> {
  const all: Violation[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const found = await frame.evaluate(
      () => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? [],
    );
    all.push(...found.map((v) => ({ ...v, source: v.source || frame.url() })));
  }
  return all;
}

for (const lang of ['en', 'tr'] as const) {
  test.describe(`${lang}`, () => {
    for (const visit of VISITS) {
      test(`${visit.path}: no CSP violation, no unexpected console error`, async ({ page }) => {
        const errors: ConsoleMessage[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message);
        });
        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(error.message));
        await listenForViolations(page);
        await visit.setup?.(page);

        await page.goto(withLang(visit.path, lang));
        await visit.ready(page);
        await page.waitForLoadState('networkidle');

        expect(await violations(page)).toEqual([]);
        expect(pageErrors).toEqual([]);
        const expected = visit.expected ?? [];
        const unexpected = errors.filter(
          (message) => !expected.some((e) => e.text.test(message.text()) && e.url.test(message.location().url)),
        );
        expect(unexpected.map((m) => `${m.text()} (${m.location().url})`)).toEqual([]);
        // Each expected error did happen: the list stays true to what the route does.
        for (const e of expected) {
          expect(errors.some((m) => e.text.test(m.text()) && e.url.test(m.location().url)), e.why).toBe(true);
        }
      });
    }
  });
}

test('the recorder sees a violation: a <style> without the nonce is refused and reported', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await listenForViolations(page);
  await page.goto('/?lang=en');
  await heading(page);
  const applied = await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 7px solid red; }';
    document.head.append(style);
    return getComputedStyle(document.body).outlineWidth;
  });
  expect(applied).not.toBe('7px');
  await expect.poll(() => violations(page)).toEqual([expect.objectContaining({ directive: 'style-src-elem', blocked: 'inline' })]);
  expect(errors.some((text) => /Content Security Policy/.test(text))).toBe(true);
});
