import { expect, test, type FrameLocator, type Page } from '@playwright/test';

/**
 * The main job, end to end in Chromium: a question typed on the home page is answered in the
 * assistant frame on /chat, quoted from real verses with references, in English and Turkish;
 * a question the sources cannot answer is refused honestly.
 */

function assistant(page: Page): FrameLocator {
  return page.frameLocator('iframe');
}

async function askFromHome(page: Page, label: string, button: string, question: string): Promise<void> {
  await page.getByLabel(label).fill(question);
  await page.getByRole('button', { name: button, exact: true }).click();
  // /chat?q= hands the question to the frame, which asks it; then q leaves the URL (a reload must not ask again).
  await expect(page).toHaveURL(/\/chat(\?|$)/);
  await expect(assistant(page).getByRole('heading', { level: 2 })).toHaveText([new RegExp(`: ${escapeRegExp(question)}$`)]);
  await expect(page).not.toHaveURL(/[?&]q=/);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('English: home → Ask → an answer quoting at least three verses', async ({ page }) => {
  await page.goto('/?lang=en');
  await askFromHome(page, 'Your question', 'Ask', 'What does the Quran say about patience?');
  const frame = assistant(page);
  const sources = frame.getByRole('list', { name: 'Sources' });
  await expect(sources).toBeVisible();
  const refs = await sources.locator('cite').allInnerTexts();
  expect(refs.length).toBeGreaterThanOrEqual(3);
  for (const ref of refs) expect(ref).toMatch(/\b\d{1,3}:\d{1,3}\b/);
  // Each quoted verse carries its Arabic original, right to left.
  await expect(sources.locator('[lang="ar"][dir="rtl"]').first()).toBeVisible();
  await expect(sources.getByText(/Saheeh International/).first()).toBeVisible();
  await expect(frame.getByText(/patien/i).first()).toBeVisible();
  // The home page's question was asked once, not twice.
  await expect(frame.getByRole('list', { name: 'Sources' })).toHaveCount(1);
});

test('Türkçe: Sabır sorusu Diyanet mealinden ayetlerle yanıtlanır', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.getByRole('button', { name: 'Türkçe' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await askFromHome(page, 'Sorunuz', 'Sor', 'Sabır hakkında Kuran ne diyor?');
  const frame = assistant(page);
  const sources = frame.getByRole('list', { name: 'Kaynaklar' });
  await expect(sources).toBeVisible();
  const refs = await sources.locator('cite').allInnerTexts();
  expect(refs.length).toBeGreaterThanOrEqual(3);
  await expect(sources.locator('[lang="tr"]').first()).toBeVisible();
  await expect(sources.getByText(/Diyanet/).first()).toBeVisible();
  await expect(sources.getByText(/sab[ıi]r|sabred/i).first()).toBeVisible();
});

test('a question the sources cannot answer is refused, in the asker’s language', async ({ page }) => {
  await page.goto(`/chat?lang=en&q=${encodeURIComponent('What was the final score of the football match yesterday?')}`);
  const frame = assistant(page);
  await expect(frame.getByText('No answer in the sources').first()).toBeVisible();
  await expect(frame.getByRole('list', { name: 'Sources' })).toHaveCount(0);

  await page.goto(`/chat?lang=tr&q=${encodeURIComponent('Telefonumun pil ömrü ne kadar?')}`);
  await expect(assistant(page).getByText('Kaynaklarda cevap bulunamadı').first()).toBeVisible();
  await expect(assistant(page).getByRole('list', { name: 'Kaynaklar' })).toHaveCount(0);
});
