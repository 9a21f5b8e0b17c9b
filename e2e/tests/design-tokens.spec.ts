import { expect, test, type Locator } from '@playwright/test';
import { COLORS, RADII } from '../../packages/contracts/src/tokens.js';

/**
 * One design system (issue 21): what a visitor sees is drawn in the tokens' colours and
 * corners, wherever it comes from — the forms remote's toasts (shown beside their form), the
 * server's reading page — and a form's fields line up.
 */

/** `#rrggbb` as the `rgb(r, g, b)` a computed style reports. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The toast (react-toastify's `.Toastify__toast`) that holds `alert`. */
function toastOf(alert: Locator): Locator {
  return alert.locator('xpath=ancestor-or-self::*[contains(@class, "Toastify__toast ")][1]');
}

test('a success toast is the tokens’ success green with the site’s corners', async ({ page }) => {
  await page.goto('/?lang=en');
  const footer = page.locator('footer');
  const email = `tokens-${Date.now()}@example.org`;
  await footer.getByLabel('Email address').fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  const toast = toastOf(page.getByRole('alert').filter({ hasText: email }));
  await expect(toast).toHaveCSS('background-color', rgb(COLORS.success));
  await expect(toast).toHaveCSS('color', rgb(COLORS.onPrimary));
  await expect(toast).toHaveCSS('border-top-left-radius', RADII.md);
  // Beside the form it belongs to: in the newsletter's own area in the footer, under the button.
  await expect(footer.getByRole('region', { name: 'Newsletter messages' }).getByRole('alert')).toContainText(email);
  const button = await footer.getByRole('button', { name: 'Subscribe' }).boundingBox();
  const shown = await toast.boundingBox();
  expect(button && shown).toBeTruthy();
  expect(shown?.y ?? 0).toBeGreaterThanOrEqual((button?.y ?? 0) + (button?.height ?? 0));
  await expect(toast.getByRole('button', { name: 'Close this message' })).toBeVisible();
});

test('an error toast is the tokens’ danger red', async ({ page }) => {
  await page.route('**/api/newsletter', (route) => route.abort('connectionrefused'));
  await page.goto('/project?lang=tr');
  const footer = page.locator('footer');
  await footer.getByLabel('E-posta adresi').fill('reader@example.org');
  await footer.getByRole('button', { name: 'Abone ol' }).click();
  const toast = toastOf(page.getByRole('alert').first());
  await expect(toast).toHaveCSS('background-color', rgb(COLORS.danger));
  await expect(footer.getByRole('region', { name: 'Bülten bildirimleri' }).getByRole('alert')).toContainText('Abonelik başarısız');
});

test('the contact form’s error toast shows under its Send button, inside the form’s card', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/contact?lang=en');
  await page.getByRole('textbox', { name: /^First name/ }).fill('Ayşe');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Yılmaz');
  await page.getByRole('textbox', { name: 'Email (required)' }).fill('ayse@example.org');
  await page.getByRole('combobox', { name: /^Category/ }).selectOption('feedback');
  await page.getByRole('textbox', { name: /^Description/ }).fill('A message long enough to send.');
  const send = page.getByRole('button', { name: 'Send Message' });
  await send.click();
  const alert = page.getByRole('region', { name: 'Contact form messages' }).getByRole('alert');
  await expect(alert).toContainText('Something went wrong. Please try again.');
  const toast = await toastOf(alert).boundingBox();
  const button = await send.boundingBox();
  expect(toast && button).toBeTruthy();
  expect(toast?.y ?? 0).toBeGreaterThanOrEqual((button?.y ?? 0) + (button?.height ?? 0));
  // Within the page's width (no sideways scrolling on a phone).
  expect((toast?.x ?? 0) + (toast?.width ?? 0)).toBeLessThanOrEqual(375);
  await expect(toastOf(alert)).toBeInViewport();
});

for (const width of [820, 1280]) {
  test(`the contact form's Category select is as tall as the e-mail field beside it at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/contact?lang=en');
    const email = await page.getByRole('textbox', { name: 'Email (required)' }).boundingBox();
    const category = await page.getByRole('combobox', { name: /^Category/ }).boundingBox();
    expect(email).not.toBeNull();
    expect(category).not.toBeNull();
    expect(Math.abs((category?.height ?? 0) - (email?.height ?? 0))).toBeLessThan(0.5);
  });
}

test('the reading page uses the site’s page colour, ink and green links', async ({ page }) => {
  await page.goto('/read/quran/2%3A153?lang=en');
  await expect(page.locator('body')).toHaveCSS('background-color', rgb(COLORS.background));
  await expect(page.locator('body')).toHaveCSS('color', rgb(COLORS.ink));
  await expect(page.locator('header a').first()).toHaveCSS('color', rgb(COLORS.primary));
});

test('the preview header at 375 px is two rows: the title, then both buttons side by side', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/preview?lang=tr&link=${encodeURIComponent('/read/quran/2%3A153')}`);
  const title = page.getByRole('heading', { level: 1, name: 'Belge Önizleme' });
  const header = page.locator('header').filter({ has: title });
  const home = await header.getByRole('button').first().boundingBox();
  const open = await header.getByRole('link').first().boundingBox();
  const heading = await title.boundingBox();
  expect(home && open && heading).toBeTruthy();
  // Both buttons on one row, below the title.
  expect(Math.abs((home?.y ?? 0) - (open?.y ?? 1000))).toBeLessThan(1);
  expect(home?.y ?? 0).toBeGreaterThanOrEqual((heading?.y ?? 0) + (heading?.height ?? 0));
  expect((await header.boundingBox())?.height).toBeLessThan(110);
});

test('Arabic in the sandboxed /preview frame is set in the shipped font (its files allow any origin)', async ({ page }) => {
  await page.goto(`/preview?lang=en&link=${encodeURIComponent('/read/quran/2%3A153')}`);
  await expect(page.frameLocator('iframe').locator('[lang="ar"]').first()).toBeVisible();
  const frame = page.frames().find((f) => f.url().includes('/read/quran/'));
  expect(frame).toBeDefined();
  const loaded = await frame?.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Amiri').map((f) => f.status);
  });
  expect(loaded).toContain('loaded');
  expect(loaded).not.toContain('error');
});
