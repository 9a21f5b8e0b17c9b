import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';

/**
 * Related passages end to end against the real server: a question on the sources' topics that
 * they do not answer (what the sleepers of the cave ate, or which football team they supported)
 * gets only the closest passages. The
 * visitor sees the server's plain sentence first and the cards labelled as not a direct answer,
 * never as "Sources", in English and in Turkish; the text is marked with its own language.
 *
 * The questions were picked by asking the server (`POST /api/ask`): each gets `related: true`
 * in either interface (the answer bar is 0.6 of the question's weighed words, related 0.3).
 */

const QUESTION_EN = 'What did the companions of the cave eat while they slept?';
const QUESTION_TR = 'Mağaradaki gençler hangi futbol takımını tutuyordu?';

const SENTENCE_EN = 'I found no passage that answers this directly; these are the closest.';
const SENTENCE_TR = 'Bu soruyu doğrudan cevaplayan bir metin bulamadım; en yakın metinler bunlar.';
const LABEL_EN = 'Closest passages — not a direct answer';
const LABEL_TR = 'En yakın metinler — doğrudan bir cevap değil';

function assistant(page: Page): FrameLocator {
  return page.frameLocator('iframe');
}

/** The answer text: the paragraph that starts with the server's plain sentence. */
function answerText(frame: FrameLocator, sentence: string) {
  return frame.getByRole('region').locator('p').filter({ hasText: sentence });
}

/** Serious or critical axe violations on the page (and in its frames), as readable strings. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('English: only related passages — the plain sentence, then cards labelled as not an answer', async ({ page }) => {
  await page.goto(`/chat?lang=en&q=${encodeURIComponent(QUESTION_EN)}`);
  const frame = assistant(page);
  const cards = frame.getByRole('list', { name: LABEL_EN });
  await expect(cards).toBeVisible();
  await expect(frame.getByRole('heading', { level: 3, name: LABEL_EN })).toBeVisible();
  const items = cards.getByRole('listitem');
  expect(await items.count()).toBeGreaterThanOrEqual(1);
  await expect(items.first().locator('cite')).toHaveText(/^Quran \d{1,3}:\d{1,3}/);

  const text = answerText(frame, SENTENCE_EN);
  await expect(text).toBeVisible();
  expect((await text.innerText()).startsWith(SENTENCE_EN)).toBe(true);
  await expect(text).toHaveAttribute('lang', 'en');

  // Never presented as an answer.
  await expect(frame.getByRole('list', { name: 'Sources' })).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Copy answer' })).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Copy passages' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Türkçe: yalnızca en yakın metinler — açık cümle ve "doğrudan bir cevap değil" etiketi', async ({ page }) => {
  await page.goto(`/chat?lang=tr&q=${encodeURIComponent(QUESTION_TR)}`);
  const frame = assistant(page);
  const cards = frame.getByRole('list', { name: LABEL_TR });
  await expect(cards).toBeVisible();
  await expect(frame.getByRole('heading', { level: 3, name: LABEL_TR })).toBeVisible();
  const items = cards.getByRole('listitem');
  expect(await items.count()).toBeGreaterThanOrEqual(1);
  await expect(items.first().locator('cite')).toHaveText(/^Kur'an-ı Kerim \d{1,3}:\d{1,3}/);
  await expect(items.first().getByText(/Diyanet/)).toBeVisible();

  const text = answerText(frame, SENTENCE_TR);
  await expect(text).toBeVisible();
  expect((await text.innerText()).startsWith(SENTENCE_TR)).toBe(true);
  await expect(text).toHaveAttribute('lang', 'tr');

  await expect(frame.getByRole('list', { name: 'Kaynaklar' })).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Cevabı kopyala' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a Turkish question typed in the English interface: English label, Turkish text marked lang="tr"', async ({
  page,
}) => {
  await page.goto('/chat?lang=en');
  const frame = assistant(page);
  await frame.getByLabel('Your question').fill(QUESTION_TR);
  await frame.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(frame.getByRole('list', { name: LABEL_EN })).toBeVisible();
  const text = answerText(frame, SENTENCE_TR);
  await expect(text).toHaveAttribute('lang', 'tr');
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
});
