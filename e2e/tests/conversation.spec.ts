import { expect, test, type FrameLocator, type Page } from '@playwright/test';

/**
 * The answer display and the kept conversation, end to end against the real server, in both
 * languages: a question from `/chat?q=` is answered with superscript citation markers in the
 * text and each verse's text once, in its card (joined verses numbered); a reload shows the
 * same conversation without a second `POST /api/ask` and without asking again; New
 * conversation empties it, puts focus in the question box, and a reload keeps it empty.
 * `/search?q=` keeps its q (its search box shows it); its reload does not ask again either.
 *
 * The question names two adjacent verses (`2:153-154`), which the server quotes as one citation.
 */

const CASES = [
  {
    lang: 'en',
    question: '2:153-154',
    sources: 'Sources',
    marker: 'Source 1',
    verse: 'Verse 154',
    /** The answer's line for the citation once the passage is left to its card. */
    line: '[1] Quran 2:153-154',
    /** Words of verse 2:153 in the asker's translation. */
    phrase: 'seek help through patience and prayer',
    questionHeading: 'Question: 2:153-154',
    newConversation: 'New conversation',
    box: 'Your question',
    intro: /^Ask a question and get an answer/,
  },
  {
    lang: 'tr',
    question: '2:153-154',
    sources: 'Kaynaklar',
    marker: 'Kaynak 1',
    verse: 'Ayet 154',
    line: "[1] Kur'an-ı Kerim 2:153-154",
    phrase: 'Sabır ve namazla yardım dileyin',
    questionHeading: 'Soru: 2:153-154',
    newConversation: 'Yeni sohbet',
    box: 'Sorunuz',
    intro: /^Bir soru sorun/,
  },
] as const;

function assistant(page: Page): FrameLocator {
  return page.frameLocator('iframe');
}

/** Counts the page's (and its frames') `POST /api/ask` requests from now on. */
function countAsks(page: Page): () => number {
  let asks = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/ask') asks += 1;
  });
  return () => asks;
}

for (const c of CASES) {
  test(`${c.lang}: markers in the answer, each verse once, kept over a reload, New conversation empties it`, async ({ page }) => {
    const asks = countAsks(page);
    await page.goto(`/chat?lang=${c.lang}&q=${encodeURIComponent(c.question)}`);
    const frame = assistant(page);
    const log = frame.getByRole('region', { name: c.lang === 'en' ? 'Conversation' : 'Sohbet' });
    const cards = log.getByRole('list', { name: c.sources });
    await expect(cards).toBeVisible({ timeout: 30_000 });
    expect(asks()).toBe(1);
    // The question is consumed: the URL no longer carries it, so a reload cannot ask it again.
    await expect(page).toHaveURL(new RegExp(`/chat\\?lang=${c.lang}$`));

    // The answer text points at the card with a raised marker and does not repeat the verses.
    const marker = log.getByRole('link', { name: c.marker });
    await expect(marker).toHaveText('[1]');
    await expect(marker.locator('xpath=ancestor::sup')).toHaveCount(1);
    const card = cards.getByRole('listitem').first();
    await expect(card.locator('cite')).toContainText('2:153-154');
    await expect(card.getByText(c.verse)).toHaveCount(2);
    await expect(card.locator('blockquote')).toContainText(c.phrase);
    await expect(marker.locator('xpath=ancestor::p[1]')).toHaveText(c.line);
    expect((await log.innerText()).split(c.phrase)).toHaveLength(2);
    await marker.click();
    await expect(card).toBeFocused();

    // A reload shows the same conversation, without a second request.
    await page.reload();
    await expect(frame.getByRole('heading', { level: 2 })).toHaveCount(1);
    await expect(frame.getByRole('heading', { level: 2, name: c.questionHeading })).toBeVisible();
    await expect(cards).toBeVisible();
    await expect(frame.getByLabel(c.box)).toBeEditable();
    expect(asks()).toBe(1);

    // New conversation: empty, focus in the question box, and it stays empty over a reload.
    await frame.getByRole('button', { name: c.newConversation }).click();
    await expect(frame.getByRole('heading', { level: 2 })).toHaveCount(0);
    await expect(log.getByText(c.intro)).toBeVisible();
    await expect(frame.getByLabel(c.box)).toBeFocused();
    await page.reload();
    await expect(frame.getByLabel(c.box)).toBeVisible();
    await expect(log.getByText(c.intro)).toBeVisible();
    await expect(frame.getByRole('heading', { level: 2 })).toHaveCount(0);
    await expect(frame.getByRole('button', { name: c.newConversation })).toBeDisabled();
    expect(asks()).toBe(1);
  });
}

test('/search?q= keeps q in its URL, and a reload still does not ask again', async ({ page }) => {
  const asks = countAsks(page);
  await page.goto(`/search?lang=en&q=${encodeURIComponent('2:153-154')}`);
  const frame = assistant(page);
  await expect(frame.getByRole('list', { name: 'Sources' })).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(page).toHaveURL(/[?&]q=2%3A153-154/);
  await expect(frame.getByRole('list', { name: 'Sources' })).toBeVisible();
  await expect(frame.getByLabel('Your question')).toBeEditable();
  await expect(frame.getByRole('heading', { level: 2 })).toHaveText(['Question: 2:153-154']);
  expect(asks()).toBe(1);
});
