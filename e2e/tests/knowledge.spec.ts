import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The knowledge remote's /knowledge screen (SPEC.md §2 Knowledge, §4 filters) in both
 * languages on a phone: ten cards, category badges that toggle, Turkish-aware text filter,
 * the empty state, the details dialog and its keyboard behaviour, the inert Arabic Quran card.
 */

const T = {
  en: {
    heading: 'Knowledge Sources',
    search: 'Search sources',
    categories: 'Filter by category',
    all: 'All Categories',
    religious: /^Religious Texts/,
    list: 'Sources',
    empty: 'No sources found',
    details: 'Details: Quran',
    access: 'Access Source',
    close: 'Close',
  },
  tr: {
    heading: 'Bilgi Kaynakları',
    search: 'Kaynaklarda ara',
    categories: 'Kategoriye göre filtrele',
    all: 'Tüm Kategoriler',
    religious: /^Dinî Metinler/,
    list: 'Kaynaklar',
    empty: 'Kaynak bulunamadı',
    details: 'Ayrıntılar: Kur',
    access: 'Kaynağa Eriş',
    close: 'Kapat',
  },
} as const;

function cards(page: Page, lang: 'en' | 'tr') {
  return page.getByRole('list', { name: T[lang].list }).locator('article[data-source-id]');
}

for (const lang of ['en', 'tr'] as const) {
  test.describe(`/knowledge in ${lang} at 375 px`, () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test('ten cards, badges filter and toggle off, the empty state, no serious axe findings', async ({ page }) => {
      const t = T[lang];
      await page.goto(`/knowledge?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
      await expect(cards(page, lang)).toHaveCount(10);

      const group = page.getByRole('group', { name: t.categories });
      const religious = group.getByRole('button', { name: t.religious });
      await religious.click();
      await expect(religious).toHaveAttribute('aria-pressed', 'true');
      await expect(cards(page, lang)).toHaveCount(3);
      await religious.click(); // a second click toggles the filter off
      await expect(religious).toHaveAttribute('aria-pressed', 'false');
      await expect(cards(page, lang)).toHaveCount(10);

      for (const category of ['religious', 'commentary', 'hadith', 'contemporary']) {
        const badge = group.locator(`[data-category="${category}"]`);
        const count = Number((await badge.innerText()).match(/\d+/)?.[0]);
        await badge.click();
        await expect(cards(page, lang)).toHaveCount(count);
        await badge.click();
      }

      await page.getByRole('searchbox', { name: t.search }).fill('zzzz-nothing');
      await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
      await expect(cards(page, lang)).toHaveCount(0);
      await page.getByRole('searchbox', { name: t.search }).fill('');
      await expect(cards(page, lang)).toHaveCount(10);

      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    });

    test('the details dialog: contents, keyboard, access button; the Arabic Quran card is inert', async ({ page }) => {
      const t = T[lang];
      await page.goto(`/knowledge?lang=${lang}`);
      const quran = page.locator('article[data-source-id="quran"]');
      const info = quran.getByRole('button', { name: new RegExp(`^${t.details}`) });
      await info.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute('aria-modal', 'true');
      if (lang === 'en') {
        for (const tag of ['Arabic', 'Turkish', 'English', 'German', 'Kurdish', 'Azerbaijani']) {
          await expect(dialog.getByText(tag, { exact: true })).toBeVisible();
        }
      }
      await expect(dialog.getByRole('button', { name: t.close })).toBeVisible();
      // Focus is trapped: tabbing never leaves the dialog.
      for (let i = 0; i < 5; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(info).toBeFocused();

      await info.click();
      await page.getByRole('dialog').getByRole('link', { name: t.access }).click();
      await expect(page).toHaveURL(/\/chat\?source=quran/);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto(`/knowledge?lang=${lang}`);
      const arabic = page.locator('article[data-source-id="quran-arabic"]');
      await expect(arabic).toBeVisible();
      await expect(arabic.getByRole('button')).toHaveCount(0);
      await expect(arabic.getByRole('link')).toHaveCount(0);
      await arabic.click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}

test('the text filter folds Turkish letters the Turkish way', async ({ page }) => {
  await page.goto('/knowledge?lang=tr');
  const box = page.getByRole('searchbox', { name: 'Kaynaklarda ara' });
  await box.fill('İNCİL');
  await expect(page.locator('article[data-source-id="bible"]')).toBeVisible();
  await box.fill('ışık');
  await expect(page.locator('article[data-source-id="sizinti"]')).toBeVisible();
});
