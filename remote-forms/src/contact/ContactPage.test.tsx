import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageBus } from '@kb/contracts';
import { mockFetch, renderInShell, sentBody } from '../testing';
import ContactPage from './ContactPage';

const valid = {
  'First name': 'Ayşe',
  'Last name': 'Yılmaz',
  Email: 'ayse@example.org',
  Description: 'Sitenizi çok faydalı buldum, teşekkürler.',
};

function field(label: RegExp | string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(field(/^First name/), valid['First name']);
  await user.type(field(/^Last name/), valid['Last name']);
  await user.type(field(/^Email/), valid.Email);
  await user.selectOptions(field(/^Category/), 'Give Feedback');
  await user.type(field(/^Description/), valid.Description);
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => languageBus.publish('en'));
  consoleError.mockRestore();
  jest.useRealTimers();
});

describe('ContactPage', () => {
  it('shows the header, the form with every field, and the privacy notice', () => {
    renderInShell(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Send us a message' })).toBeInTheDocument();
    expect(screen.getByText('Fill in the form and we will get back to you as soon as possible.')).toBeInTheDocument();
    for (const label of [/^First name/, /^Last name/, /^Company name/, /^Phone/, /^Email/, /^Category/, /^Description/]) {
      expect(field(label)).toBeVisible();
    }
    expect(field(/^Phone/)).toHaveAttribute('placeholder', '+90 5xx xxx xx xx');
    expect(field(/^Description/).tagName).toBe('TEXTAREA');
    expect(field(/^Description/)).toHaveAttribute('rows', '5');
    const options = within(field(/^Category/)).getAllByRole('option');
    expect(options.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'Select a category'],
      ['bug-report', 'Report Bug'],
      ['become-volunteer', 'Become Volunteer'],
      ['feedback', 'Give Feedback'],
      ['data-sharing', 'Data Sharing'],
    ]);
    expect(options[0]).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    const notice = screen.getByRole('region', { name: 'Privacy notice' });
    expect(notice).toHaveTextContent(/KVKK/);
    expect(notice).toHaveTextContent(/GDPR/);
    expect(notice).toHaveTextContent('Contact messages are deleted automatically 12 months after they were sent.');
    expect(document.querySelector('[data-remote="forms"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('shows the required messages on an empty submit, tied to their fields, and focuses the first', async () => {
    const fetch = mockFetch({ status: 200, body: { success: true } });
    const user = userEvent.setup();
    renderInShell(<ContactPage />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const expected: [RegExp, string][] = [
      [/^First name/, 'First name is required'],
      [/^Last name/, 'Last name is required'],
      [/^Email/, 'Email is required'],
      [/^Category/, 'Please select a category'],
      [/^Description/, 'Description is required'],
    ];
    for (const [label, message] of expected) {
      await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(field(/^Company name/)).toHaveAttribute('aria-invalid', 'false');
    expect(field(/^First name/)).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [/^First name/, 'A', 'First name must be at least 2 characters'],
    [/^First name/, 'x'.repeat(51), 'Maximum 50 characters'],
    [/^Last name/, 'B', 'Last name must be at least 2 characters'],
    [/^Last name/, 'y'.repeat(51), 'Maximum 50 characters'],
    [/^Company name/, 'c'.repeat(101), 'Maximum 100 characters'],
    [/^Phone/, '0532 123 45 67', 'Please enter a valid phone number'],
    [/^Phone/, '+90 532 123 45 67 890 12', 'Please enter a valid phone number'],
    [/^Email/, 'ayse@', 'Please enter a valid email address'],
    [/^Email/, `${'a'.repeat(244)}@example.org`, 'Maximum 255 characters'],
    [/^Description/, 'Too short', 'Description must be at least 10 characters'],
    [/^Description/, 'd'.repeat(1001), 'Maximum 1000 characters'],
  ])('tells %s = %j: "%s"', async (label, value, message) => {
    const user = userEvent.setup();
    renderInShell(<ContactPage />);
    await user.click(field(label));
    await user.paste(value);
    await user.tab();
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
  });

  it('accepts a phone with spaces, dashes and parentheses', async () => {
    const user = userEvent.setup();
    renderInShell(<ContactPage />);
    await user.type(field(/^Phone/), '+90 (532) 123-45-67');
    await user.tab();
    await waitFor(() => expect(field(/^Phone/)).toHaveAttribute('aria-invalid', 'false'));
    expect(field(/^Phone/)).not.toHaveAccessibleDescription();
  });

  it('re-labels the fields and the shown errors when the language changes', async () => {
    const user = userEvent.setup();
    renderInShell(<ContactPage />);
    await user.type(field(/^First name/), 'A');
    await user.tab();
    await waitFor(() => expect(field(/^First name/)).toHaveAccessibleDescription('First name must be at least 2 characters'));
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('heading', { level: 1, name: 'Bize Ulaşın' })).toBeInTheDocument();
    expect(field(/^Ad/)).toHaveAccessibleDescription('Ad en az 2 karakter olmalıdır');
    expect(field(/^Telefon/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mesajı Gönder' })).toBeInTheDocument();
    expect(within(field(/^Kategori/)).getByRole('option', { name: 'Gönüllü Ol' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mesajı Gönder' }));
    await waitFor(() => expect(field(/^E-posta/)).toHaveAccessibleDescription('E-posta zorunludur'));
    expect(field(/^Açıklama/)).toHaveAccessibleDescription('Açıklama zorunludur');
    expect(screen.getByRole('region', { name: 'Gizlilik bildirimi' })).toBeInTheDocument();
  });

  it('sends the message as typed, shows Submitting..., then the success dialog, and resets the form', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    const user = userEvent.setup();
    renderInShell(<ContactPage />);
    await fillValid(user);
    await user.type(field(/^Phone/), '+90 (532) 123-45-67');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    expect(fetch).toHaveBeenCalledWith('/api/contact', expect.objectContaining({ method: 'POST' }));
    expect(sentBody(fetch as unknown as jest.Mock)).toEqual({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      companyName: '',
      phone: '+90 (532) 123-45-67',
      email: 'ayse@example.org',
      category: 'feedback',
      description: valid.Description,
      website: '',
    });
    await act(async () => answer({ ok: true, status: 200, json: async () => ({ success: true }) } as unknown as Response));
    const dialog = await screen.findByRole('dialog', { name: 'Message sent' });
    expect(dialog).toHaveAccessibleDescription('Thank you! We have received your message and will get back to you soon.');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(field(/^First name/)).toHaveValue('');
    expect(field(/^Description/)).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field(/^First name/)).toHaveFocus();
  });

  it('closes the success dialog by itself after 4000 ms', async () => {
    jest.useFakeTimers();
    mockFetch({ status: 200, body: { success: true } });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderInShell(<ContactPage />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByRole('dialog', { name: 'Message sent' });
    act(() => jest.advanceTimersByTime(3999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['the network fails', new Error('Failed to fetch')],
    ['the server answers success: false', { status: 200, body: { success: false, error: 'Database on fire' } }],
    ['the server answers 500', { status: 500, body: { success: false, error: 'Internal server error' } }],
  ] as const)('shows the error toast and keeps the typed values when %s', async (_case, answer) => {
    mockFetch(answer);
    const user = userEvent.setup();
    renderInShell(<ContactPage />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Something went wrong. Please try again.');
    expect(toast).not.toHaveTextContent(/fire|Internal/);
    // Under the form's button, in the form's own named area (not a corner of the window).
    expect(screen.getByRole('region', { name: 'Contact form messages' })).toContainElement(toast);
    expect(screen.getByRole('button', { name: 'Send Message' }).compareDocumentPosition(toast) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field(/^First name/)).toHaveValue('Ayşe');
    expect(field(/^Description/)).toHaveValue(valid.Description);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('shows the Turkish error toast in Turkish', async () => {
    act(() => languageBus.publish('tr'));
    mockFetch(new Error('offline'));
    const user = userEvent.setup();
    renderInShell(<ContactPage />);
    await user.type(field(/^Ad/), 'Ayşe');
    await user.type(field(/^Soyad/), 'Yılmaz');
    await user.type(field(/^E-posta/), 'ayse@example.org');
    await user.selectOptions(field(/^Kategori/), 'Veri Paylaşımı');
    await user.type(field(/^Açıklama/), 'Veri paylaşmak istiyoruz.');
    await user.click(screen.getByRole('button', { name: 'Mesajı Gönder' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Hata');
    expect(toast).toHaveTextContent('Bir şeyler ters gitti. Lütfen tekrar deneyin.');
    expect(screen.getByRole('region', { name: 'İletişim formu bildirimleri' })).toContainElement(toast);
  });

  it('scrolls to the privacy notice for /contact#privacy', () => {
    renderInShell(<ContactPage />, '/contact#privacy');
    expect(screen.getByRole('region', { name: 'Privacy notice' })).toHaveFocus();
  });
});
