import { expect, test, type Page } from '@playwright/test';

/**
 * "Read in context" on a real answer (issue 21): it opens the reading page in a new tab at
 * `/read/<source>/<ref>#v-<chapter>-<verse>`, scrolled so the cited verse is in view and
 * highlighted by CSS alone (`:target`, the page runs no script), with `aria-current`.
 */

/** The `#v-…` id a reference lands on, as the page and the link both compute it. */
function anchorOf(ref: string): string {
  const m = /(\d+):(\d+)(?:-\d+)?$/.exec(ref);
  if (!m) throw new Error(`no chapter:verse in ${ref}`);
  return `v-${m[1]}-${m[2]}`;
}

/** The highlight a verse shows: its background and the inset edge `:target` draws. */
async function highlight(reading: Page, selector: string): Promise<{ background: string; edge: string }> {
  return reading.locator(selector).first().evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, edge: style.boxShadow };
  });
}

for (const { width, lang, question, sources, read } of [
  { width: 1280, lang: 'en', question: 'What does the Quran say about patience?', sources: 'Sources', read: /Read in context/ },
  { width: 375, lang: 'tr', question: "Kur'an sabır hakkında ne der?", sources: 'Kaynaklar', read: /Bağlamında oku/ },
] as const) {
  test(`${lang} at ${width}px: Read in context opens the reading page on the cited verse, highlighted`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/chat?lang=${lang}&q=${encodeURIComponent(question)}`);
    const list = page.frameLocator('iframe').getByRole('list', { name: sources });
    await expect(list).toBeVisible({ timeout: 30_000 });
    const first = list.getByRole('listitem').first();
    const cited = (await first.locator('cite').innerText()).trim();
    const anchor = anchorOf(cited);

    const opened = context.waitForEvent('page');
    await first.getByRole('link', { name: read }).click();
    const reading = await opened;
    await reading.waitForLoadState('load');
    const url = new URL(reading.url());
    expect(url.pathname).toMatch(/^\/read\/[a-z-]+\//);
    expect(url.searchParams.get('lang')).toBe(lang);
    expect(url.hash).toBe(`#${anchor}`);

    const verse = reading.locator(`#${anchor}`);
    await expect(verse).toHaveAttribute('aria-current', 'true');
    await expect(verse).toBeInViewport();
    // The page holds five verses before the passage: it opened scrolled down to the verse.
    expect(await reading.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await reading.locator('main ol > li:target').getAttribute('id')).toBe(anchor);

    const target = await highlight(reading, `#${anchor}`);
    const plain = await highlight(reading, 'main ol > li:not([aria-current])');
    expect(target.background).not.toBe(plain.background);
    expect(target.edge).not.toBe('none');
    expect(plain.edge).toBe('none');
  });
}
