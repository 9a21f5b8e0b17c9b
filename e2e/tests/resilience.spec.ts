import { expect, test, type Page } from '@playwright/test';

/**
 * A broken remote never takes the site down (ARCHITECTURE.md "Module Federation"): its
 * region shows the localized fallback with Retry; everything else keeps working; after Retry
 * a remote that came back appears without a page reload.
 */

async function breakFormsRemote(page: Page): Promise<void> {
  // The server answers 503 for every file of the forms remote.
  await page.route('**/remotes/forms/**', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
}

test('with the forms remote unreachable, the rest of the site works and Retry brings it back', async ({ page }) => {
  await breakFormsRemote(page);
  await page.goto('/?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge You can Trust' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const footer = page.locator('footer');
  await expect(footer.getByRole('alert')).toContainText('The newsletter form is temporarily unavailable.');

  // Other remotes are unaffected.
  await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Sources' })).toBeVisible();
  await page.goto('/chat?lang=en');
  await expect(page.frameLocator('iframe').getByLabel('Your question')).toBeVisible();

  // The fallback speaks the visitor's language.
  await page.goto('/?lang=tr');
  await expect(page.locator('footer').getByRole('alert')).toContainText('Bülten formu geçici olarak kullanılamıyor.');

  // The remote comes back: Retry shows it in the same page (no navigation, no reload).
  await page.unroute('**/remotes/forms/**');
  const marker = await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    return true;
  });
  expect(marker).toBe(true);
  await page.locator('footer').getByRole('button', { name: 'Tekrar dene' }).click();
  await expect(page.locator('footer [data-remote="forms"]')).toBeVisible();
  await expect(page.locator('footer').getByRole('alert')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('a remote whose exposed module throws while rendering is contained the same way', async ({ page }) => {
  // A knowledge release whose page component throws on render.
  await page.route('**/remotes/knowledge/**/remoteEntry.js', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.knowledge = {
        init: function () {},
        get: function () {
          return Promise.resolve(function () {
            return { __esModule: true, default: function BrokenKnowledgePage() { throw new Error('render failed'); } };
          });
        }
      };`,
    }),
  );
  await page.goto('/knowledge?lang=en');
  await expect(page.getByRole('alert')).toContainText('The knowledge browser is temporarily unavailable.');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('footer [data-remote="forms"]')).toBeVisible();

  // A fixed release: Retry shows the real page.
  await page.unroute('**/remotes/knowledge/**/remoteEntry.js');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Sources' })).toBeVisible();
  await page.getByRole('link', { name: 'Knowledge Base, home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge You can Trust' })).toBeVisible();
});
