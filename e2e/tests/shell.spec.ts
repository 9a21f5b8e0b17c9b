import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The shell's screens (SPEC.md §2, §4) in both languages, on desktop and phone widths: texts,
 * navbar targets, the mobile menu, language persistence, the 404 page and accessibility.
 */

type Lang = 'en' | 'tr';

const HEADINGS: Record<string, Record<Lang, string>> = {
  '/': { en: 'Knowledge You can Trust', tr: 'Güvenebileceğiniz Bilgi' },
  '/project': { en: 'About the Project', tr: 'Proje Hakkında' },
  '/about': { en: 'About Us', tr: 'Hakkımızda' },
  '/open-data': { en: 'Open Data', tr: 'Açık Veri' },
};

const NAV: Record<Lang, Record<string, string>> = {
  en: { Project: '/project', About: '/about', Knowledge: '/knowledge', 'Open Data': '/open-data', 'Contact Us': '/contact' },
  tr: { Proje: '/project', Hakkımızda: '/about', Bilgi: '/knowledge', 'Açık Veri': '/open-data', İletişim: '/contact' },
};

/** On a phone width, opens the collapsed menu (waiting for its button: the shell may still be rendering). */
async function openMenuIfNarrow(page: Page, lang: Lang, width: number): Promise<void> {
  if (width >= 768) return;
  await page.getByRole('button', { name: lang === 'en' ? 'Open menu' : 'Menüyü aç' }).click();
}

/**
 * Waits until the footer's newsletter form (the forms remote) has replaced its loading line, so
 * axe sees the page as it stays: run mid-load, axe reported the loading line, removed by the
 * time it named it, as `color-contrast: :root`.
 */
async function footerLoaded(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator('footer').getByRole('form', { name: lang === 'en' ? 'Newsletter' : 'Bülten' })).toBeVisible();
  await expect(page.locator('footer [role="status"]')).toHaveCount(0);
}

for (const width of [1280, 375]) {
  for (const lang of ['en', 'tr'] as const) {
    test.describe(`${lang} at ${width}px`, () => {
      test.use({ viewport: { width, height: 800 } });

      for (const [path, heading] of Object.entries(HEADINGS)) {
        test(`${path} shows its texts and passes axe`, async ({ page }) => {
          const response = await page.goto(`${path}?lang=${lang}`);
          expect(response?.status()).toBe(200);
          await expect(page.getByRole('heading', { level: 1, name: heading[lang] })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page).toHaveTitle(/.+/);
          await expect(page.locator('footer')).toContainText('© 2025');
          await footerLoaded(page, lang);
          const results = await new AxeBuilder({ page }).analyze();
          const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        });
      }

      test('navbar links go where the spec says', async ({ page }) => {
        await page.goto(`/?lang=${lang}`);
        await openMenuIfNarrow(page, lang, width);
        for (const [name, href] of Object.entries(NAV[lang])) {
          await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
        }
        await expect(page.getByRole('link', { name: lang === 'en' ? 'AI Chat' : 'Yapay Zekâ Sohbet' })).toHaveAttribute(
          'href',
          `/chat?lang=${lang}`,
        );
      });

      test('unknown routes get the 404 page with status 404', async ({ page }) => {
        const response = await page.goto(`/no/such/page?lang=${lang}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByText('404', { exact: true })).toBeVisible();
        const title = page.getByRole('heading', { name: lang === 'en' ? 'Oops! Page not found' : 'Sayfa bulunamadı' });
        await expect(title).toBeVisible();
        // On one line: a second line would make the heading at least twice its font size tall.
        const { height, fontSize } = await title.evaluate((h) => ({
          height: h.getBoundingClientRect().height,
          fontSize: parseFloat(getComputedStyle(h).fontSize),
        }));
        expect(height).toBeLessThan(fontSize * 1.8);
        await page.getByRole('link', { name: lang === 'en' ? 'Return to Home' : 'Ana Sayfaya Dön' }).click();
        await expect(page).toHaveURL(/\/$/);
        await footerLoaded(page, lang);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
      });
    });
  }
}

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens, closes on Escape, and closes after navigating', async ({ page }) => {
    await page.goto('/?lang=en');
    const project = page.getByRole('link', { name: 'Project', exact: true });
    await expect(project).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(project).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(project).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await project.click();
    await expect(page).toHaveURL(/\/project$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About the Project' })).toBeVisible();
    await expect(project).toBeHidden();
  });

  test('the home placeholder is shorter', async ({ page }) => {
    await page.goto('/?lang=en');
    await expect(page.getByLabel('Your question')).toHaveAttribute('placeholder', 'Ask a question…');
  });
});

test('the desktop home placeholder is the long one', async ({ page }) => {
  await page.goto('/?lang=tr');
  await expect(page.getByLabel('Sorunuz')).toHaveAttribute('placeholder', /sabır hakkında/i);
});

test('a language chosen on one page is kept when navigating and after a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Türkçe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Güvenebileceğiniz Bilgi' })).toBeVisible();
  await page.getByRole('link', { name: 'Proje', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Proje Hakkında' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Proje Hakkında' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About the Project' })).toBeVisible();
  await expect(page).toHaveTitle(/Project/);
});

test('the AI Chat button crosses from port 3000 to the knowledge origin on 7860, with the language and the bucket', async ({
  page,
  baseURL,
}) => {
  // Serve the real site as if it were on http://localhost:3000 (tests never bind fixed ports).
  await page.route('http://localhost:3000/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${baseURL}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
  await page.goto('http://localhost:3000/?lang=tr');
  // The visitor's rollout bucket (0–99) goes along, as the language does (a canary's share).
  await expect(page.getByRole('link', { name: 'Yapay Zekâ Sohbet' })).toHaveAttribute(
    'href',
    /^http:\/\/localhost:7860\/chat\?lang=tr&bucket=\d{1,2}$/,
  );
  // The page may still be fetching remotes through the route; let those finish quietly.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('Project lists the six features and nine categories with their proper names', async ({ page }) => {
  await page.goto('/project?lang=en');
  for (const feature of ['Data Security', 'Quran & Islamic Texts', 'Semantic Search', 'Open Access', 'Knowledge Repository', 'Community Driven']) {
    await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
  }
  const chips = page.getByRole('region', { name: 'Categories' }).getByRole('listitem');
  await expect(chips).toHaveCount(9);
  await expect(chips).toContainText(['Quran', 'Bible', 'Sızıntı', 'Arabic Quran', 'Çağlayan', 'Risale', 'Pırlanta Series', 'Hadith', 'Quran Tafsir']);
  await page.getByRole('button', { name: 'Türkçe' }).click();
  await expect(page.getByRole('region', { name: 'Kategoriler' }).getByRole('listitem')).toContainText(["Kur'an-ı Kerim", 'Pırlanta Serisi']);
});

test('About shows the owner and builder cards from the configuration', async ({ page }) => {
  await page.goto('/about?lang=en');
  const owner = page.getByRole('region', { name: /^Project owner:/ });
  const builder = page.getByRole('region', { name: /^Built by:/ });
  await expect(owner.getByRole('link', { name: /@example\.org$/ })).toBeVisible();
  await expect(builder.getByRole('link', { name: /@example\.org$/ })).toBeVisible();
  await expect(builder.getByRole('link', { name: /^\+/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our partnership' })).toBeVisible();
});

test('Open data cards open the docs in new tabs and the share card goes to /contact', async ({ page }) => {
  await page.goto('/open-data?lang=en');
  await expect(page.getByRole('link', { name: /Open the API docs/ })).toHaveAttribute('href', '/docs?lang=en');
  await expect(page.getByRole('link', { name: /Open the API docs/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /Open the API explorer/ })).toHaveAttribute('href', '/redoc?lang=en');
  await expect(page.getByRole('link', { name: /Open the API explorer/ })).toHaveAttribute('target', '_blank');
  await page.getByRole('link', { name: 'Contact us', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
