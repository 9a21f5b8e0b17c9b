import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';

/**
 * Hostile text in the browser, against the production build: questions carrying markup,
 * event handlers and `javascript:` links, asked through `/chat?q=`, typed in the assistant and
 * searched from `/search`, and sent with the contact and newsletter forms. Every text is shown
 * literally where it is shown, nothing runs (`window.__pwned` stays undefined in the page and
 * in the assistant frame, no `alert`/`confirm`/`prompt` dialog opens, no element the text
 * describes appears), and the contact message is exported exactly as typed.
 */

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

const HOSTILE = [
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  '<script>window.__pwned=1;alert(1)</script>',
  '<a href="javascript:window.__pwned=1">patience</a>',
  'javascript:window.__pwned=1//patience',
  '"><svg onload="window.__pwned=1"> mercy',
] as const;

/** Elements the hostile texts would create if any were parsed as HTML. */
const INJECTED = 'img[src="x"], svg[onload], a[href^="javascript:" i], script:not([src])';

function assistant(page: Page): FrameLocator {
  return page.frameLocator('iframe');
}

/** Records every JavaScript dialog (`alert`, `confirm`, `prompt`) the page opens, and dismisses it. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** `window.__pwned` in the page and in each of its frames: all undefined when nothing ran. */
async function pwned(page: Page): Promise<unknown[]> {
  return Promise.all(page.frames().map((frame) => frame.evaluate(() => window.__pwned ?? null)));
}

/** Elements the hostile texts describe, in the page and in its frames. */
async function injected(page: Page): Promise<number> {
  const counts = await Promise.all(page.frames().map((frame) => frame.locator(INJECTED).count()));
  return counts.reduce((a, b) => a + b, 0);
}

const PENDING = {
  en: /Searching the sources…|Writing the answer…|could not answer right now|could not be processed/,
  tr: /Kaynaklarda aranıyor…|Cevap yazılıyor…|şu anda cevap veremedi|işlenemedi/,
} as const;

/** Waits until every question in the assistant has its answer (or refusal), not an error or a spinner. */
async function expectAnswered(frame: FrameLocator, lang: 'en' | 'tr'): Promise<void> {
  await expect(frame.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(frame.getByText(PENDING[lang])).toHaveCount(0);
}

async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  expect(await pwned(page)).toEqual(page.frames().map(() => null));
  expect(await injected(page)).toBe(0);
  expect(dialogs).toEqual([]);
}

/** `npm run forms -- export contacts --format json`, as an operator runs it against the e2e server. */
function exportContacts(): Record<string, string>[] {
  const cli = path.join(__dirname, '..', '..', 'server', 'dist', 'cli', 'forms.js');
  const out = execFileSync(process.execPath, [cli, 'export', 'contacts', '--format', 'json'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out) as Record<string, string>[];
}

test.describe('hostile questions', () => {
  for (const [i, text] of HOSTILE.entries()) {
    test(`/chat?q= shows question ${i + 1} literally and runs nothing`, async ({ page }) => {
      const dialogs = watchDialogs(page);
      await page.goto(`/chat?lang=en&q=${encodeURIComponent(text)}`);
      const frame = assistant(page);
      await expect(frame.getByRole('heading', { level: 2 })).toHaveText([`Question: ${text}`]);
      await expectAnswered(frame, 'en');
      await expectNothingRan(page, dialogs);
    });
  }

  test('typed in the assistant, every hostile question is shown literally and runs nothing', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto('/chat?lang=tr');
    const frame = assistant(page);
    const box = frame.getByLabel('Sorunuz');
    for (const text of HOSTILE) {
      await box.fill(text);
      await box.press('Enter');
      await expect(frame.getByRole('heading', { level: 2, name: `Soru: ${text}` })).toBeVisible();
      await expectAnswered(frame, 'tr');
    }
    await expect(frame.getByRole('heading', { level: 2 })).toHaveText(HOSTILE.map((t) => `Soru: ${t}`));
    await expectNothingRan(page, dialogs);
  });

  test('/search?q= with markup shows it as text and runs nothing', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const text = HOSTILE[0];
    await page.goto(`/search?lang=en&q=${encodeURIComponent(text)}`);
    await expect(assistant(page).getByRole('heading', { level: 2 })).toHaveText([`Question: ${text}`]);
    await expectAnswered(assistant(page), 'en');
    await expectNothingRan(page, dialogs);
  });
});

test.describe('hostile form input', () => {
  test('the contact form sends markup as text, stores it exactly and runs nothing', async ({ page }) => {
    const dialogs = watchDialogs(page);
    const stamp = Date.now();
    const description = `${HOSTILE.join('\n')}\n' OR 1=1; DROP TABLE contact_messages; -- \u202Eright-to-left\u200B ${stamp}`;
    await page.goto('/contact?lang=en');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel(/^First name/).fill('<b>Ali</b>');
    await form.getByLabel(/^Last name/).fill('"><img src=x>');
    await form.getByLabel(/^Company name/).fill('<script>x</script>');
    await form.getByLabel(/^Email/).fill('ali@example.org');
    await form.getByLabel(/^Category/).selectOption({ label: 'Give Feedback' });
    await form.getByLabel(/^Description/).fill(description);
    await expect(form.getByLabel(/^Description/)).toHaveValue(description);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('dialog', { name: 'Message sent' })).toBeVisible();
    await expectNothingRan(page, dialogs);

    const stored = exportContacts().find((c) => c.description === description);
    expect(stored).toMatchObject({ firstName: '<b>Ali</b>', lastName: '"><img src=x>', companyName: '<script>x</script>', description });
  });

  test('the newsletter form refuses a hostile address as text and runs nothing', async ({ page }) => {
    const dialogs = watchDialogs(page);
    await page.goto('/?lang=en');
    const footer = page.locator('footer');
    const input = footer.getByLabel('Email address');
    const text = `${HOSTILE[0]}@example.org`;
    await input.fill(text);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(input).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(input).toHaveValue(text);
    await expectNothingRan(page, dialogs);
  });
});
