import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { onePagePdf } from './support/pdf.js';

/**
 * The assistant remote in Chromium against the production build: /chat and /search sending
 * the frame its question exactly once, the source filter, the /search header, /preview in
 * each of its states (no link, a PDF, a failing same-origin link with Retry, a refused
 * `javascript:` link), messages from another origin, and axe on every screen.
 */

function assistant(page: Page): FrameLocator {
  return page.frameLocator('iframe');
}

/** Serious or critical axe violations on the page (and in its frames), as readable strings. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('/chat', () => {
  test('English: home → /chat?q= asks once and answers, copies; the language switches live', async ({
    page,
    context,
  }) => {
    await page.goto('/?lang=en');
    await page.getByLabel('Your question').fill('What does the Quran say about patience?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    // The question reached /chat; once the frame has it, q leaves the URL so a reload cannot ask again.
    await expect(page).toHaveURL(/\/chat(\?|$)/);
    const frame = assistant(page);
    await expect(frame.getByRole('list', { name: 'Sources' })).toBeVisible();
    // Asked once, not twice: one question in the conversation, one answer.
    await expect(frame.getByRole('heading', { level: 2 })).toHaveText(['Question: What does the Quran say about patience?']);
    await expect(frame.getByRole('list', { name: 'Sources' })).toHaveCount(1);
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(frame.getByText(/not a religious ruling/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await frame.getByRole('button', { name: 'Copy answer' }).click();
    await expect(frame.getByText('Answer copied to the clipboard.').first()).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/Sources:\n\[1\] Quran \d+:\d+ \(Translation: Saheeh International\)/);

    // The shell's language toggle reaches the frame as a message: no reload, history kept.
    await page.getByRole('button', { name: 'Türkçe' }).click();
    await expect(frame.getByRole('list', { name: 'Kaynaklar' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 2 })).toHaveText(['Soru: What does the Quran say about patience?']);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'tr');
  });

  test('Türkçe: ana sayfa → /chat?q= soruyu bir kez sorar ve cevaplar', async ({ page }) => {
    await page.goto('/?lang=tr');
    await page.getByLabel('Sorunuz').fill('Sabır hakkında Kuran ne diyor?');
    await page.getByRole('button', { name: 'Sor', exact: true }).click();
    // The question reached /chat; once the frame has it, q leaves the URL so a reload cannot ask again.
    await expect(page).toHaveURL(/\/chat(\?|$)/);
    const frame = assistant(page);
    await expect(frame.getByRole('list', { name: 'Kaynaklar' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 2 })).toHaveText(['Soru: Sabır hakkında Kuran ne diyor?']);
    await expect(frame.getByRole('list', { name: 'Kaynaklar' })).toHaveCount(1);
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(frame.getByText(/dinî bir hüküm \(fetva\) değildir/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('?source=bible answers from the Bible only, shown as a removable chip', async ({ page }) => {
    await page.goto(`/chat?lang=en&source=bible&q=${encodeURIComponent('God so loved the world')}`);
    const frame = assistant(page);
    await expect(frame.getByText('Searching in: Bible').first()).toBeVisible();
    const sources = frame.getByRole('list', { name: 'Sources' });
    await expect(sources).toBeVisible();
    const refs = await sources.locator('cite').allInnerTexts();
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref).toMatch(/^Bible \S.* \d+:\d+/);
    await expect(sources.getByText(/King James|KJV/).first()).toBeVisible();

    // The chip also applies to typed questions until it is removed.
    await frame.getByRole('button', { name: 'Remove the filter Bible and search all sources' }).click();
    await expect(frame.getByRole('button', { name: /Remove the filter/ })).toHaveCount(0);
    await expect(frame.getByLabel('Your question')).toBeFocused();
  });

  test('a streamed answer is shown, done replaces it, and a citation opens its reading page at the verse', async ({
    page,
    context,
  }) => {
    // The answer stream exactly as ARCHITECTURE.md has it; done carries another (extractive) answer.
    const citation = {
      n: 1,
      source: 'quran',
      ref: '2:45',
      lang: 'en',
      text: 'And seek help through patience and prayer, and indeed, it is difficult except for the humbly submissive [to Allah].',
      translator: 'Saheeh International',
      original: { lang: 'ar', text: 'وَٱسْتَعِينُوا۟ بِٱلصَّبْرِ وَٱلصَّلَوٰةِ' },
      url: '/read/quran/2%3A45',
    };
    const done = { answer: 'Seek help through patience and prayer [1].', citations: [citation], mode: 'extractive', refused: false };
    const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    await page.route('**/api/ask', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/event-stream; charset=utf-8',
        body:
          event('meta', { mode: 'generative' }) +
          event('citation', citation) +
          event('delta', { text: 'A model draft that failed its checks ' }) +
          event('delta', { text: '[1].' }) +
          event('done', done),
      }),
    );
    await context.route('**/read/quran/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>2:45</title><main><h1>Al-Baqarah 2:45 in context</h1></main></html>',
      }),
    );
    await page.goto(`/chat?lang=en&q=${encodeURIComponent('patience')}`);
    const frame = assistant(page);
    const sources = frame.getByRole('list', { name: 'Sources' });
    await expect(sources.locator('cite')).toHaveText(['Quran 2:45']);
    await expect(frame.getByText('Seek help through patience and prayer [1].', { exact: true })).toBeVisible();
    await expect(frame.getByText('A model draft')).toHaveCount(0);
    await expect(frame.getByText('Answer ready: Seek help through patience and prayer.')).toHaveCount(1);

    const opened = context.waitForEvent('page');
    await sources.getByRole('link', { name: /Read in context/ }).click();
    const reading = await opened;
    await reading.waitForURL(/\/read\/quran\//);
    const url = new URL(reading.url());
    expect(`${url.pathname}${url.search}${url.hash}`).toBe('/read/quran/2%3A45?lang=en#v-2-45');
    await expect(reading.getByRole('heading', { name: 'Al-Baqarah 2:45 in context' })).toBeVisible();
  });

  test('a message posted from another origin changes nothing', async ({ page }) => {
    // A frame with an opaque origin ("null"): a real other origin, posting real messages to
    // the assistant frame and to the page.
    await page.route('**/e2e-fixtures/poster.html', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>poster</title><p id="state">posting</p><script>
          const target = parent.frames[0];
          target.postMessage({ type: 'language', lang: 'tr' }, '*');
          target.postMessage({ type: 'source', source: 'bible' }, '*');
          target.postMessage({ type: 'ask', query: 'Injected question' }, '*');
          parent.postMessage({ type: 'ready' }, '*');
          document.getElementById('state').textContent = 'posted';
        </script></html>`,
      }),
    );
    await page.goto('/chat?lang=en');
    const frame = page.frameLocator('iframe[src^="/assistant/"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Assistant' })).toBeVisible();

    await page.evaluate(() => {
      const poster = document.createElement('iframe');
      poster.setAttribute('sandbox', 'allow-scripts');
      poster.title = 'poster';
      poster.src = '/e2e-fixtures/poster.html';
      document.body.append(poster);
    });
    await expect(page.frameLocator('iframe[title="poster"]').getByText('posted')).toBeVisible();
    // A forged event claiming another origin, dispatched inside the frame itself.
    // The frame's page is its release's: /assistant/<version>/index.html.
    const inside = page.frame({ url: /\/assistant\/(?:[^/]+\/)?index\.html/ });
    if (!inside) throw new Error('the assistant frame is not there');
    await inside.evaluate(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'ask', query: 'Forged question' },
          origin: 'https://evil.example',
          source: window.parent,
        }),
      );
    });
    // Control: the page's own message, sent after the others, does get through.
    await page.evaluate(() => {
      window.frames[0]?.postMessage({ type: 'source', source: 'quran' }, window.location.origin);
    });
    await expect(frame.getByText('Searching in: Quran')).toBeVisible();

    await expect(frame.getByRole('heading', { level: 1, name: 'Assistant' })).toBeVisible();
    await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
    await expect(frame.getByRole('heading', { level: 2 })).toHaveCount(0);
    await expect(frame.getByText('Injected question')).toHaveCount(0);
    await expect(frame.getByText('Forged question')).toHaveCount(0);
    await expect(frame.getByText('Searching in: Bible')).toHaveCount(0);
  });
});

test.describe('/search', () => {
  test('with q: the assistant under the bar home answers once, in English and in Turkish', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/search?lang=en&q=${encodeURIComponent('patience and prayer')}`);
    const frame = assistant(page);
    await expect(frame.getByRole('list', { name: 'Sources' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 2 })).toHaveText(['Question: patience and prayer']);
    // The bar home on top, the assistant in all the rest: together exactly the viewport.
    const bar = await page.getByRole('banner').boundingBox();
    const box = await page.locator('iframe').boundingBox();
    if (!bar || !box) throw new Error('bar or frame not laid out');
    expect(bar).toMatchObject({ x: 0, y: 0, width: 1280 });
    expect(box).toEqual({ x: 0, y: bar.height, width: 1280, height: 800 - bar.height });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(800);
    expect(await seriousViolations(page)).toEqual([]);

    // The same tab keeps its conversation: the first question stays above the new one.
    await page.goto(`/search?lang=tr&q=${encodeURIComponent('sabır ve namaz')}`);
    await expect(assistant(page).getByRole('list', { name: 'Kaynaklar' })).toHaveCount(2);
    await expect(assistant(page).getByRole('heading', { level: 2 })).toHaveText(['Soru: patience and prayer', 'Soru: sabır ve namaz']);
  });

  for (const width of [1280, 375]) {
    test(`without q at ${width}px: header and Empty; blank is ignored, queries are trimmed`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/search?lang=en');
      await expect(page.getByRole('heading', { name: 'Empty' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Knowledge Base/ })).toHaveAttribute('href', '/');
      await expect(page.getByRole('button', { name: 'Detailed Search' })).toBeDisabled();
      const box = page.getByRole('searchbox', { name: 'Search the sources' });
      await expect(box).toHaveAttribute(
        'placeholder',
        width < 768 ? 'Search sources…' : 'Search the Quran, the Bible and the other sources…',
      );
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      await box.fill('   ');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?lang=en$/);

      await box.fill('   mercy and forgiveness   ');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/search\?q=mercy%20and%20forgiveness$/);
      await expect(assistant(page).getByRole('heading', { level: 2 })).toHaveText(['Question: mercy and forgiveness']);
    });
  }

  test('without q: the TR/EN toggle switches the language', async ({ page }) => {
    await page.goto('/search?lang=en');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'TR' }).click();
    await expect(page.getByRole('heading', { name: 'Boş' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('button', { name: 'Ayrıntılı Arama' })).toBeDisabled();
    await page.getByRole('link', { name: /Bilgi Tabanı/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('/preview', () => {
  test('without a link: the Document Preview card, and Go Home', async ({ page }) => {
    await page.goto('/preview?lang=en');
    await expect(page.getByRole('heading', { name: 'Document Preview' })).toBeVisible();
    await expect(page.getByText('No document link provided')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a PDF is rendered with PDF.js: its first page’s text is visible, and no frame is used', async ({
    page,
    baseURL,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const pdf = onePagePdf('Knowledge base preview test page');
    await page.route('**/e2e-fixtures/sample.pdf', (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body: pdf }),
    );
    await page.goto(`/preview?lang=en&link=${encodeURIComponent('/e2e-fixtures/sample.pdf')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Document Preview' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading document... Please wait while the PDF renders.');
    const document = page.getByRole('region', { name: 'PDF document' });
    await expect(document.getByText('Knowledge base preview test page')).toBeVisible();
    await expect(document.getByRole('region', { name: 'Page 1 of 1' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText('/e2e-fixtures/sample.pdf');
    await expect(page.getByRole('banner').getByRole('link', { name: /Open in New Tab/ })).toHaveAttribute('target', '_blank');
    expect(await seriousViolations(page)).toEqual([]);
    // PDF.js and its worker come from the site's own build, never from a CDN.
    expect(requested.some((url) => /\.mjs$/.test(url))).toBe(true);
    expect(requested.filter((url) => !url.startsWith(`${baseURL}/`))).toEqual([]);
  });

  test('a same-origin link that 404s shows the error state, and Retry loads it again', async ({ page }) => {
    await page.goto(`/preview?lang=en&link=${encodeURIComponent('/e2e-fixtures/missing-page')}`);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Error loading document. Please try opening in a new tab.' })).toBeVisible();
    await expect(alert).toContainText('This document format may not be supported for preview.');
    await expect(alert).toContainText('HTTP 404');
    await expect(alert.getByRole('link', { name: /Open in New Tab/ })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Go Home' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The page exists now: Retry checks again and shows it in the sandboxed frame.
    await page.route('**/e2e-fixtures/missing-page', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Recovered</title><main><h1>Recovered document</h1></main></html>',
      }),
    );
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Recovered document' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups allow-downloads');
  });

  test('in Turkish, the error state speaks Turkish', async ({ page }) => {
    await page.goto(`/preview?lang=tr&link=${encodeURIComponent('/e2e-fixtures/missing-page')}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Belge yüklenirken hata oluştu. Lütfen yeni sekmede açmayı deneyin.');
    await expect(alert).toContainText('Bu belge biçimi önizleme için desteklenmiyor olabilir.');
    await expect(alert.getByRole('button', { name: 'Tekrar dene' })).toBeVisible();
  });

  test('javascript:alert(1) runs nothing and is never framed or made a link', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/preview?lang=en&link=${encodeURIComponent('javascript:alert(1)')}`);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'This link cannot be shown in the preview.' })).toBeVisible();
    await expect(alert).toContainText('javascript: link');
    await expect(page.getByRole('contentinfo')).toContainText('javascript:alert(1)');
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Open in New Tab/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(dialogs).toEqual([]);
  });
});
