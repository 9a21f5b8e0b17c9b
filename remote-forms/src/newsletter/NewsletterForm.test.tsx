import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageBus } from '@kb/contracts';
import { mockFetch, renderInShell, sentBody } from '../testing';
import NewsletterForm from './NewsletterForm';

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => languageBus.publish('en'));
  consoleError.mockRestore();
});

const input = (): HTMLInputElement => screen.getByLabelText('Email address') as HTMLInputElement;

describe('NewsletterForm', () => {
  it('sends the trimmed address, then shows the success toast with it and clears the field', async () => {
    const fetch = mockFetch({ status: 200, body: { success: true } });
    const user = userEvent.setup();
    renderInShell(<NewsletterForm />, '/');
    expect(screen.getByRole('heading', { name: 'Newsletter' })).toBeInTheDocument();
    await user.type(input(), '  reader@example.org  ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Successfully subscribed to newsletter!');
    expect(toast).toHaveTextContent('reader@example.org has been added to our newsletter.');
    // Beside the form, in its own named area, after the button in the tab order.
    const area = screen.getByRole('region', { name: 'Newsletter messages' });
    expect(area).toContainElement(toast);
    expect(screen.getByRole('region', { name: 'Newsletter' })).toContainElement(area);
    expect(screen.getByRole('button', { name: 'Subscribe' }).compareDocumentPosition(toast) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/newsletter', expect.objectContaining({ method: 'POST' }));
    expect(sentBody(fetch)).toEqual({ email: 'reader@example.org' });
    expect(input()).toHaveValue('');
  });

  it('ignores a blank address', async () => {
    const fetch = mockFetch({ status: 200, body: { success: true } });
    const user = userEvent.setup();
    renderInShell(<NewsletterForm />, '/');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await user.type(input(), '   {Enter}');
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'false');
  });

  it('tells an invalid address, tied to the field, and sends nothing', async () => {
    const fetch = mockFetch({ status: 200, body: { success: true } });
    const user = userEvent.setup();
    renderInShell(<NewsletterForm />, '/');
    await user.type(input(), 'reader@{Enter}');
    await waitFor(() => expect(input()).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(input()).toHaveFocus();
    act(() => languageBus.publish('tr'));
    expect(screen.getByLabelText('E-posta adresi')).toHaveAccessibleDescription('Lütfen geçerli bir e-posta adresi girin');
    const turkish = screen.getByLabelText('E-posta adresi');
    await user.clear(turkish);
    await user.paste(`${'a'.repeat(244)}@example.org`);
    await user.click(screen.getByRole('button', { name: 'Abone ol' }));
    await waitFor(() => expect(turkish).toHaveAccessibleDescription('En fazla 255 karakter'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['the server answers success: false', { status: 200, body: { success: false, error: 'Disk full' } }],
    ['the server answers 429', { status: 429, body: { success: false, error: 'Too many form requests' } }],
    ['the network fails', new Error('Failed to fetch')],
  ] as const)('shows the error toast and keeps the address when %s', async (_case, answer) => {
    mockFetch(answer);
    const user = userEvent.setup();
    renderInShell(<NewsletterForm />, '/');
    await user.type(input(), 'reader@example.org{Enter}');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to subscribe. Please try again.');
    expect(toast).not.toHaveTextContent(/Disk|Too many/);
    expect(consoleError).toHaveBeenCalled();
    expect(input()).toHaveValue('reader@example.org');
  });

  it('speaks Turkish: texts and toasts', async () => {
    act(() => languageBus.publish('tr'));
    mockFetch({ status: 200, body: { success: true } }, { status: 500, body: {} });
    const user = userEvent.setup();
    renderInShell(<NewsletterForm />, '/');
    expect(screen.getByRole('heading', { name: 'Bülten' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-posta adresi'), 'okur@example.org');
    await user.click(screen.getByRole('button', { name: 'Abone ol' }));
    const success = await screen.findByRole('alert');
    expect(success).toHaveTextContent('Bültene başarıyla abone oldunuz!');
    expect(success).toHaveTextContent('okur@example.org adresi bültenimize eklendi.');
    expect(screen.getByRole('region', { name: 'Bülten bildirimleri' })).toContainElement(success);
    // Closed from the keyboard with its Turkish-named button.
    screen.getByRole('button', { name: 'Bu bildirimi kapat' }).focus();
    await user.keyboard('{Enter}');
    // Leaving (jsdom plays no exit animation, so the node stays): no longer an alert.
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('E-posta adresi'), 'okur@example.org{Enter}');
    await waitFor(() => expect(screen.getByText('Abonelik başarısız. Lütfen tekrar deneyin.')).toBeInTheDocument());
  });

  it('links to the privacy notice and carries the remote version', () => {
    renderInShell(<NewsletterForm />, '/');
    expect(screen.getByRole('link', { name: 'How we handle your data' })).toHaveAttribute('href', '/contact#privacy');
    expect(document.querySelector('[data-remote="forms"]')).toHaveAttribute('data-remote-version', 'dev');
  });
});
