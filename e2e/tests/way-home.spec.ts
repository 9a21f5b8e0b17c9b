import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * A way home from the full-screen pages /search and /preview in every state (issue 21): with
 * results, empty, failing, and with the assistant remote down (the shell's fallback), in both
 * languages. Each way home is followed to the home page, where the navbar is.
 */

type Lang = 'en' | 'tr';

const HOME_HEADING: Record<Lang, string> = { en: 'Knowledge You can Trust', tr: 'Güvenebileceğiniz Bilgi' };

/** Follows `way` and checks the home page is shown, in `lang`. */
async function followHome(page: Page, way: Locator, lang: Lang): Promise<void> {
  await expect(way).toBeVisible();
  await way.click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: HOME_HEADING[lang] })).toBeVisible();
}

/** Every file of the assistant remote answers 503: the shell shows its fallback instead. */
async function breakAssistantRemote(page: Page): Promise<void> {
  await page.route('**/remotes/assistant/**', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
}

const LOGO: Record<Lang, string> = { en: 'Knowledge Base – Home', tr: 'Bilgi Tabanı – Ana sayfa' };
const GO_HOME: Record<Lang, string> = { en: 'Go Home', tr: 'Ana Sayfaya Dön' };
const FALLBACK_HOME: Record<Lang, string> = { en: 'Return to Home', tr: 'Ana Sayfaya Dön' };

for (const lang of ['en', 'tr'] as const) {
  test.describe(`${lang}`, () => {
    test('/search with results: the bar over the answers links home', async ({ page }) => {
      await page.goto(`/search?lang=${lang}&q=${encodeURIComponent(lang === 'en' ? 'patience' : 'sabır')}`);
      await expect(page.frameLocator('iframe').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await followHome(page, page.getByRole('banner').getByRole('link', { name: LOGO[lang] }), lang);
    });

    test('/search with the answer failing: the bar still links home', async ({ page }) => {
      await page.route('**/api/ask', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
      await page.goto(`/search?lang=${lang}&q=mercy`);
      const failed = lang === 'en' ? 'The assistant could not answer right now.' : 'Asistan şu anda cevap veremedi.';
      await expect(page.frameLocator('iframe').getByRole('region').getByText(failed)).toBeVisible();
      await followHome(page, page.getByRole('link', { name: LOGO[lang] }), lang);
    });

    test('/search without a query: the logo links home', async ({ page }) => {
      await page.goto(`/search?lang=${lang}`);
      await followHome(page, page.getByRole('link', { name: LOGO[lang] }), lang);
    });

    test('/preview without a link, with a page, failing and refused: Go Home each time', async ({ page }) => {
      await page.goto(`/preview?lang=${lang}`);
      await followHome(page, page.getByRole('button', { name: GO_HOME[lang] }), lang);

      await page.goto(`/preview?lang=${lang}&link=${encodeURIComponent('/read/quran/2%3A153')}`);
      await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toBeVisible();
      await followHome(page, page.getByRole('banner').getByRole('button', { name: GO_HOME[lang] }), lang);

      await page.goto(`/preview?lang=${lang}&link=${encodeURIComponent('/e2e-fixtures/missing-page')}`);
      await followHome(page, page.getByRole('alert').getByRole('button', { name: GO_HOME[lang] }), lang);

      await page.goto(`/preview?lang=${lang}&link=${encodeURIComponent('javascript:alert(1)')}`);
      await followHome(page, page.getByRole('alert').getByRole('button', { name: GO_HOME[lang] }), lang);
    });

    test('/search and /preview with the assistant remote down: the fallback links home', async ({ page }) => {
      await breakAssistantRemote(page);
      const unavailable = lang === 'en' ? 'The assistant is temporarily unavailable.' : 'Asistan geçici olarak kullanılamıyor.';
      for (const path of [`/search?lang=${lang}&q=mercy`, `/search?lang=${lang}`, `/preview?lang=${lang}`]) {
        await page.goto(path);
        const alert = page.getByRole('alert');
        await expect(alert).toContainText(unavailable);
        await expect(page.getByRole('main')).toContainText(unavailable);
        const axe = await new AxeBuilder({ page }).analyze();
        expect(axe.violations.map((v) => `${v.id} (${v.impact ?? ''})`)).toEqual([]);
        await followHome(page, alert.getByRole('link', { name: FALLBACK_HOME[lang] }), lang);
      }
    });
  });
}
