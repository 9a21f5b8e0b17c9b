import { expect, test, type Page } from '@playwright/test';

/**
 * The open data, in Chromium against the built server: the API documentation (Swagger UI at
 * /docs, ReDoc at /redoc) works with every request outside the site blocked, lists every route
 * of /openapi.json, and runs a real search from "Try it out"; a reading page shows a verse in
 * its context.
 */

/** Blocks every request that does not go to the site itself; returns the URLs it blocked. */
async function offline(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.protocol === 'data:' || url.protocol === 'blob:') {
      await route.continue();
    } else {
      blocked.push(url.href);
      await route.abort();
    }
  });
  return blocked;
}

async function documentedPaths(page: Page): Promise<string[]> {
  const res = await page.request.get('/openapi.json');
  expect(res.ok()).toBe(true);
  const doc = (await res.json()) as { paths: Record<string, unknown> };
  return Object.keys(doc.paths);
}

test('Swagger UI at /docs lists every route and "Try it out" runs a search', async ({ page }) => {
  const blocked = await offline(page);
  const paths = await documentedPaths(page);
  await page.goto('/docs');
  for (const p of paths) {
    await expect(page.locator('.opblock-summary-path', { hasText: new RegExp(`^${p.replace(/[{}]/g, '\\$&')}$`) }).first()).toBeAttached();
  }
  const search = page.locator('#operations-Search-search');
  await search.locator('.opblock-summary').click();
  await search.getByRole('button', { name: 'Try it out' }).click();
  await search.locator('input[placeholder="q"]').fill('patience');
  await search.locator('select').first().selectOption({ index: 0 }).catch(() => undefined);
  await search.getByRole('button', { name: 'Execute' }).click();
  const body = search.locator('.responses-wrapper .live-responses-table .response-col_description pre').first();
  await expect(body).toContainText('"total"');
  await expect(body).toContainText('2:153');
  expect(blocked).toEqual([]);
});

test('ReDoc at /redoc lists every route with no network outside the site', async ({ page }) => {
  const blocked = await offline(page);
  const paths = await documentedPaths(page);
  await page.goto('/redoc');
  await expect(page.getByRole('heading', { name: /Knowledge base API/ })).toBeVisible();
  for (const p of paths) {
    await expect(page.getByText(p, { exact: true }).first()).toBeAttached();
  }
  expect(blocked).toEqual([]);
});

test('a reading page shows its verse in context, with the Arabic beside the translation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/read/quran/2%3A255?lang=tr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Bakara 2:255 — Kur'an-ı Kerim");
  const verses = page.getByRole('listitem');
  await expect(verses).toHaveCount(11);
  const current = page.locator('li[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current.locator('[lang="ar"][dir="rtl"]')).toBeVisible();
  await expect(current).toContainText('Allah, O');
  await expect(page.getByText(/Diyanet İşleri Başkanlığı/)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('link', { name: 'Read in English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Al-Baqarah 2:255 — Quran');
});
