import { expect, test, type Frame, type Locator, type Page } from '@playwright/test';

/**
 * The chat stays put: on /chat the assistant frame fills the viewport under the navbar, and
 * inside it only the conversation log scrolls. After three questions, a mouse-wheel turn over
 * the question box and keys in the log, the frame's header and question box are where they
 * were (within 1 px), neither page has scrolled, and the latest answer is in view in the log.
 */

const NAVBAR_HEIGHT_PX = 64;

const QUESTIONS = [
  'What does the Quran say about patience?',
  'What does the Quran say about prayer?',
  'What does the Quran say about charity?',
];

/** The assistant frame's document (its `Frame`, for reading its scroll position). */
async function assistantFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => /\/assistant\//.test(f.url()))).toBe(true);
  const frame = page.frames().find((f) => /\/assistant\//.test(f.url()));
  if (!frame) throw new Error('no assistant frame');
  return frame;
}

/** Top and height of an element in the page's viewport (px). */
async function place(locator: Locator): Promise<{ y: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return { y: box.y, height: box.height };
}

/** How far each document has scrolled, and how much taller than its viewport it is (px). */
async function pageScroll(page: Page, frame: Frame): Promise<number[]> {
  const measure = () => [
    window.scrollY,
    document.documentElement.scrollHeight - document.documentElement.clientHeight,
  ];
  return [...(await page.evaluate(measure)), ...(await frame.evaluate(measure))];
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width}×${viewport.height}: header and question box never move, only the conversation scrolls`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/chat?lang=en');
    const iframe = page.locator('iframe');
    const frame = page.frameLocator('iframe');
    const header = frame.getByRole('banner');
    const box = frame.getByLabel('Your question');
    const log = frame.getByRole('region', { name: 'Conversation' });
    await expect(box).toBeVisible();

    // The frame fills the viewport under the navbar; the page around it does not scroll.
    const frameBox = await iframe.boundingBox();
    expect(frameBox).toEqual({ x: 0, y: NAVBAR_HEIGHT_PX, width: viewport.width, height: viewport.height - NAVBAR_HEIGHT_PX });
    const doc = await assistantFrame(page);
    expect(await pageScroll(page, doc)).toEqual([0, 0, 0, 0]);

    const headerAt = await place(header);
    const boxAt = await place(box);
    const logAt = await place(log);
    const expectInPlace = async (when: string): Promise<void> => {
      const [h, b] = [await place(header), await place(box)];
      const scroll = await pageScroll(page, doc);
      test.info().annotations.push({
        type: 'positions',
        description: `${when}: header y=${h.y}, question box y=${b.y}, page/frame scroll ${scroll.join(' ')}`,
      });
      expect.soft(Math.abs(h.y - headerAt.y), `header moved ${when}`).toBeLessThanOrEqual(1);
      expect.soft(Math.abs(b.y - boxAt.y), `question box moved ${when}`).toBeLessThanOrEqual(1);
      expect.soft(scroll, `a page scrolled ${when}`).toEqual([0, 0, 0, 0]);
    };
    /** The latest answer starts inside the log's visible area. */
    const expectLatestAnswerInView = async (question: string): Promise<void> => {
      const entry = log.getByRole('listitem').filter({ has: frame.getByRole('heading', { level: 2, name: `Question: ${question}` }) });
      const answer = await place(entry.locator('p').first());
      test.info().annotations.push({ type: 'latest answer', description: `y=${answer.y}; log ${logAt.y}–${logAt.y + logAt.height}` });
      expect.soft(answer.y).toBeGreaterThanOrEqual(logAt.y - 1);
      expect.soft(answer.y + Math.min(answer.height, 40)).toBeLessThanOrEqual(logAt.y + logAt.height + 1);
    };

    for (const [index, question] of QUESTIONS.entries()) {
      await box.fill(question);
      await box.press('Enter');
      await expect(frame.getByRole('heading', { level: 2 })).toHaveCount(index + 1);
      await expect(log.getByRole('status')).toHaveCount(0, { timeout: 30_000 });
      await expectInPlace(`after question ${index + 1}`);
      await expectLatestAnswerInView(question);
    }
    const last = QUESTIONS[QUESTIONS.length - 1] ?? '';
    // The conversation is longer than its area, so there is something to scroll.
    const logScroll = () => doc.evaluate(() => {
      const el = document.querySelector('section[aria-label="Conversation"]');
      return el ? { top: el.scrollTop, max: el.scrollHeight - el.clientHeight } : null;
    });
    expect((await logScroll())?.max).toBeGreaterThan(0);

    // A wheel turn over the question box moves nothing.
    const boxNow = await place(box);
    await page.mouse.move(viewport.width / 2, boxNow.y + boxNow.height / 2);
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(400);
    await expectInPlace('after a wheel turn over the question box');
    await expectLatestAnswerInView(last);

    // A wheel turn over the conversation scrolls the conversation, and only it.
    const before = await logScroll();
    await page.mouse.move(viewport.width / 2, logAt.y + logAt.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => (await logScroll())?.top).toBeLessThan(before?.top ?? 0);
    await expectInPlace('after a wheel turn over the conversation');

    // Keys scroll the focused log: Home to the first question, End to the last.
    await log.focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => (await logScroll())?.top).toBe(0);
    await page.keyboard.press('End');
    await expect.poll(async () => {
      const s = await logScroll();
      return s ? s.max - s.top : -1;
    }).toBeLessThanOrEqual(1);
    await expectInPlace('after Home and End in the conversation');
  });
}
