import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The forms remote end to end (SPEC.md §2, §4, §5, §8): the contact form's rules, success
 * dialog and failure toast in both languages; the footer's newsletter form on several pages;
 * the unsubscribe link of a stored subscription, read with the operator export through the
 * running server's admin socket.
 */

type Lang = 'en' | 'tr';
type Field = 'firstName' | 'lastName' | 'companyName' | 'phone' | 'email' | 'category' | 'description';

const LABELS: Record<Lang, Record<Field, RegExp>> = {
  en: {
    firstName: /^First name/,
    lastName: /^Last name/,
    companyName: /^Company name/,
    phone: /^Phone/,
    email: /^Email/,
    category: /^Category/,
    description: /^Description/,
  },
  tr: {
    firstName: /^Ad\s/,
    lastName: /^Soyad/,
    companyName: /^Şirket adı/,
    phone: /^Telefon/,
    email: /^E-posta/,
    category: /^Kategori/,
    description: /^Açıklama/,
  },
};

const TEXT = {
  en: {
    form: 'Send us a message',
    submit: 'Send Message',
    dialog: 'Message sent',
    close: 'Close',
    category: 'Give Feedback',
    errorTitle: 'Error',
    errorText: 'Something went wrong. Please try again.',
  },
  tr: {
    form: 'Bize mesaj gönderin',
    submit: 'Mesajı Gönder',
    dialog: 'Mesajınız gönderildi',
    close: 'Kapat',
    category: 'Geri Bildirim Ver',
    errorTitle: 'Hata',
    errorText: 'Bir şeyler ters gitti. Lütfen tekrar deneyin.',
  },
} as const;

/** Each §5 rule: the values that break it and its message in each language. */
const REQUIRED: Record<Lang, Partial<Record<Field, string>>> = {
  en: {
    firstName: 'First name is required',
    lastName: 'Last name is required',
    email: 'Email is required',
    category: 'Please select a category',
    description: 'Description is required',
  },
  tr: {
    firstName: 'Ad zorunludur',
    lastName: 'Soyad zorunludur',
    email: 'E-posta zorunludur',
    category: 'Lütfen bir kategori seçin',
    description: 'Açıklama zorunludur',
  },
};

const TOO_SHORT: [Field, string, Record<Lang, string>][] = [
  ['firstName', 'A', { en: 'First name must be at least 2 characters', tr: 'Ad en az 2 karakter olmalıdır' }],
  ['lastName', 'B', { en: 'Last name must be at least 2 characters', tr: 'Soyad en az 2 karakter olmalıdır' }],
  ['companyName', 'c'.repeat(101), { en: 'Maximum 100 characters', tr: 'En fazla 100 karakter' }],
  ['phone', '0532 123 45 67', { en: 'Please enter a valid phone number', tr: 'Lütfen geçerli bir telefon numarası girin' }],
  ['email', 'ayse@', { en: 'Please enter a valid email address', tr: 'Lütfen geçerli bir e-posta adresi girin' }],
  ['description', 'Too short', { en: 'Description must be at least 10 characters', tr: 'Açıklama en az 10 karakter olmalıdır' }],
];

const TOO_LONG: [Field, string, Record<Lang, string>][] = [
  ['firstName', 'x'.repeat(51), { en: 'Maximum 50 characters', tr: 'En fazla 50 karakter' }],
  ['lastName', 'y'.repeat(51), { en: 'Maximum 50 characters', tr: 'En fazla 50 karakter' }],
  ['phone', '+90 532 123 45 67 890 12', { en: 'Please enter a valid phone number', tr: 'Lütfen geçerli bir telefon numarası girin' }],
  ['email', `${'a'.repeat(244)}@example.org`, { en: 'Maximum 255 characters', tr: 'En fazla 255 karakter' }],
  ['description', 'd'.repeat(1001), { en: 'Maximum 1000 characters', tr: 'En fazla 1000 karakter' }],
];

function contactForm(page: Page, lang: Lang): Locator {
  return page.getByRole('form', { name: TEXT[lang].form });
}

async function fillValid(form: Locator, lang: Lang, description: string): Promise<void> {
  const l = LABELS[lang];
  await form.getByLabel(l.firstName).fill('Ayşe');
  await form.getByLabel(l.lastName).fill('Yılmaz');
  await form.getByLabel(l.companyName).fill('');
  await form.getByLabel(l.phone).fill('+90 (532) 123-45-67');
  await form.getByLabel(l.email).fill('ayse@example.org');
  await form.getByLabel(l.category).selectOption({ label: TEXT[lang].category });
  await form.getByLabel(l.description).fill(description);
}

/** `npm run forms -- export …` as an operator runs it, against the e2e server's DATA_DIR. */
function exportJson(kind: 'contacts' | 'subscribers'): Record<string, string>[] {
  const cli = path.join(__dirname, '..', '..', 'server', 'dist', 'cli', 'forms.js');
  const out = execFileSync(process.execPath, [cli, 'export', kind, '--format', 'json'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out) as Record<string, string>[];
}

for (const lang of ['en', 'tr'] as const) {
  test(`${lang}: the contact form shows each §5 rule, then the success dialog that closes itself`, async ({ page }) => {
    await page.goto(`/contact?lang=${lang}`);
    const form = contactForm(page, lang);
    const l = LABELS[lang];
    const submit = form.getByRole('button', { name: TEXT[lang].submit });

    await submit.click();
    for (const [field, message] of Object.entries(REQUIRED[lang])) {
      await expect(form.getByLabel(l[field as Field])).toHaveAccessibleDescription(message);
    }
    await expect(form.getByLabel(l.firstName)).toBeFocused();

    for (const rules of [TOO_SHORT, TOO_LONG]) {
      for (const [field, value] of rules) await form.getByLabel(l[field]).fill(value);
      await submit.click();
      for (const [field, , message] of rules) {
        await expect(form.getByLabel(l[field])).toHaveAccessibleDescription(message[lang]);
      }
    }

    const description = `Playwright ${lang} message ${Date.now()} <script>alert(1)</script>`;
    await fillValid(form, lang, description);
    await submit.click();
    const dialog = page.getByRole('dialog', { name: TEXT[lang].dialog });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: TEXT[lang].close })).toBeFocused();
    await expect(form.getByLabel(l.firstName)).toHaveValue('');
    // No click: it closes by itself (4000 ms).
    await expect(dialog).toBeHidden({ timeout: 10_000 });
    expect(exportJson('contacts').map((m) => m.description)).toContain(description);
  });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lang of ['en', 'tr'] as const) {
  test(`${lang}: the contact page, with its errors and its success dialog, passes axe`, async ({ page }) => {
    await page.goto(`/contact?lang=${lang}`);
    const form = contactForm(page, lang);
    await form.getByRole('button', { name: TEXT[lang].submit }).click();
    await expect(form.getByLabel(LABELS[lang].firstName)).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }));
    await fillValid(form, lang, 'Checked by axe, not stored.');
    await form.getByRole('button', { name: TEXT[lang].submit }).click();
    const dialog = page.getByRole('dialog', { name: TEXT[lang].dialog });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(form.getByLabel(LABELS[lang].firstName)).toBeFocused();
  });
}

test('switching language re-labels the fields and the shown errors', async ({ page }) => {
  await page.goto('/contact?lang=en');
  const form = contactForm(page, 'en');
  await form.getByLabel(LABELS.en.firstName).fill('A');
  await form.getByRole('button', { name: TEXT.en.submit }).click();
  await expect(form.getByLabel(LABELS.en.firstName)).toHaveAccessibleDescription('First name must be at least 2 characters');
  await page.getByRole('button', { name: 'Türkçe' }).click();
  const tr = contactForm(page, 'tr');
  await expect(tr.getByLabel(LABELS.tr.firstName)).toHaveAccessibleDescription('Ad en az 2 karakter olmalıdır');
  await expect(tr.getByLabel(LABELS.tr.email)).toHaveAccessibleDescription('E-posta zorunludur');
  await expect(tr.getByLabel(LABELS.tr.firstName)).toHaveValue('A');
});

for (const lang of ['en', 'tr'] as const) {
  test(`${lang}: with the server stopped, the contact form shows the error toast and keeps the typed values`, async ({ page }) => {
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await page.goto(`/contact?lang=${lang}`);
    const form = contactForm(page, lang);
    const description = lang === 'en' ? 'Sent while the server is down.' : 'Sunucu kapalıyken gönderilen mesaj.';
    await fillValid(form, lang, description);
    await form.getByRole('button', { name: TEXT[lang].submit }).click();
    const toast = page.getByRole('alert').filter({ hasText: TEXT[lang].errorText });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(TEXT[lang].errorTitle);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(form.getByLabel(LABELS[lang].firstName)).toHaveValue('Ayşe');
    await expect(form.getByLabel(LABELS[lang].phone)).toHaveValue('+90 (532) 123-45-67');
    await expect(form.getByLabel(LABELS[lang].description)).toHaveValue(description);
    await expect(form.getByRole('button', { name: TEXT[lang].submit })).toBeEnabled();
  });
}

test('the newsletter form in the footer subscribes from several pages', async ({ page }) => {
  const stamp = Date.now();
  for (const [i, [where, lang]] of ([
    ['/', 'en'],
    ['/about', 'tr'],
    ['/open-data', 'en'],
  ] as const).entries()) {
    await page.goto(`${where}?lang=${lang}`);
    const footer = page.locator('footer');
    const input = footer.getByLabel(lang === 'en' ? 'Email address' : 'E-posta adresi');
    const email = `reader-${stamp}-${i}@example.org`;
    await input.fill(`  ${email} `);
    await footer.getByRole('button', { name: lang === 'en' ? 'Subscribe' : 'Abone ol' }).click();
    const toast = page.getByRole('alert').filter({ hasText: email });
    await expect(toast).toContainText(lang === 'en' ? 'Successfully subscribed to newsletter!' : 'Bültene başarıyla abone oldunuz!');
    await expect(toast).toContainText(lang === 'en' ? `${email} has been added to our newsletter.` : `${email} adresi bültenimize eklendi.`);
    await expect(input).toHaveValue('');
  }
  // An invalid address is refused in the browser, in the visitor's language, and nothing is sent.
  const input = page.locator('footer').getByLabel('Email address');
  await input.fill('reader@');
  await input.press('Enter');
  await expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(input).toBeFocused();
  const stored = exportJson('subscribers').map((s) => s.email);
  for (const i of [0, 1, 2]) expect(stored).toContain(`reader-${stamp}-${i}@example.org`);
});

for (const [failure, handle] of [
  ['answers success: false', { status: 200, contentType: 'application/json', body: '{"success":false,"error":"Database unavailable"}' }],
  ['answers 500', { status: 500, contentType: 'application/json', body: '{"success":false,"error":"Internal server error"}' }],
  ['cannot be reached', 'abort'],
] as const) {
  test(`the newsletter form shows the error toast when the API ${failure}`, async ({ page }) => {
    await page.route('**/api/newsletter', (route) => (handle === 'abort' ? route.abort('connectionrefused') : route.fulfill(handle)));
    await page.goto('/project?lang=en');
    const footer = page.locator('footer');
    await footer.getByLabel('Email address').fill('reader@example.org');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Failed to subscribe. Please try again.' });
    await expect(toast).toContainText('Error');
    await expect(toast).not.toContainText(/Database|Internal/);
    await expect(footer.getByLabel('Email address')).toHaveValue('reader@example.org');
  });
}

test('the unsubscribe link of a stored subscription works once', async ({ page }) => {
  const email = `leaving-${Date.now()}@example.org`;
  await page.goto('/?lang=en');
  await page.locator('footer').getByLabel('Email address').fill(email);
  await page.locator('footer').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: email })).toBeVisible();

  const subscriber = exportJson('subscribers').find((s) => s.email === email);
  expect(subscriber?.unsubscribeUrl).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
  const link = new URL(subscriber?.unsubscribeUrl ?? '');

  const first = await page.goto(link.pathname + link.search);
  expect(first?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bülten aboneliğinden çık' })).toBeVisible();
  // Loading the page (as a link scanner would) changed nothing.
  expect(exportJson('subscribers').map((s) => s.email)).toContain(email);
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bülten aboneliğiniz sonlandırıldı' })).toBeVisible();
  expect(exportJson('subscribers').map((s) => s.email)).not.toContain(email);

  expect(await seriousViolations(page)).toEqual([]);

  const again = await page.goto(link.pathname + link.search);
  expect(again?.status()).toBe(404);
  await expect(page.getByText('This unsubscribe link is not valid or has already been used.')).toBeVisible();
});

test('the privacy notice is on the Contact page and reachable from the newsletter form', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.locator('footer').getByRole('link', { name: 'How we handle your data' }).click();
  await expect(page).toHaveURL(/\/contact#privacy$/);
  const notice = page.getByRole('region', { name: 'Privacy notice' });
  await expect(notice).toBeInViewport();
  await expect(notice).toContainText('KVKK');
  await expect(notice).toContainText('GDPR');
  await expect(notice).toContainText('Contact messages are deleted automatically 12 months after they were sent.');
});
