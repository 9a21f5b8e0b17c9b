import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { languageBus } from '@kb/contracts';
import KnowledgePage from '../KnowledgePage';
import { mockSourcesApi } from '../testing/fixtures';

function Where(): React.ReactNode {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

async function renderPage(): Promise<void> {
  mockSourcesApi();
  render(
    <MemoryRouter initialEntries={['/knowledge']}>
      <Routes>
        <Route path="/knowledge" element={<KnowledgePage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await screen.findByRole('list', { name: /^(Sources|Kaynaklar)$/ });
}

async function openDetails(name: string): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('dialog');
}

afterEach(() => {
  act(() => languageBus.publish('en'));
  document.body.style.overflow = '';
});

describe('the details dialog', () => {
  it('shows the description, count, status, indexed passages, detailed sources and tags', async () => {
    await renderPage();
    const dialog = await openDetails('Details: Quran');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('dialog', { name: 'Quran' })).toBe(dialog);
    expect(dialog).toHaveAccessibleDescription('The Quran in translation: 114 surahs and 6,236 verses.');
    const d = within(dialog);
    expect(d.getByText('Collection size').nextElementSibling).toHaveTextContent('6,236 verses');
    expect(d.getByText('Status').nextElementSibling).toHaveTextContent('Access Now');
    expect(d.getByText('Indexed passages').nextElementSibling).toHaveTextContent('12,472');
    expect(d.getByRole('heading', { name: 'Detailed sources' })).toBeInTheDocument();
    expect(d.getByText('Quran — part one')).toBeInTheDocument();
    expect(d.getByText('Quran — part two')).toBeInTheDocument();
    expect(d.getByRole('heading', { name: 'Tags' })).toBeInTheDocument();
    expect(d.getByText('Kurdish')).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'Access Source' })).toHaveAttribute('href', '/chat?source=quran');
    expect(d.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('moves focus in, keeps Tab and Shift+Tab inside, and closes on Escape with focus restored', async () => {
    await renderPage();
    const opener = screen.getByRole('button', { name: 'Details: Bible' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Bible' });
    expect(dialog).toHaveFocus();
    const access = within(dialog).getByRole('link', { name: 'Access Source' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await userEvent.tab();
    expect(access).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(access).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(close).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes with the Close button and with a click on the backdrop', async () => {
    await renderPage();
    const opener = screen.getByRole('button', { name: 'Details: Hadith' });
    await userEvent.click(opener);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    const dialog = await openDetails('Details: Hadith');
    await userEvent.click(within(dialog).getByText('Hadith — part one'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const backdrop = dialog.parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await userEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the chat with the source from its access button and closes', async () => {
    await renderPage();
    const dialog = await openDetails('Details: Bible');
    await userEvent.click(within(dialog).getByRole('link', { name: 'Access Source' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/chat?source=bible');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens from a click on the card too, returning focus to its info button', async () => {
    await renderPage();
    await userEvent.click(screen.getByText('Recorded talks, in video and audio.'));
    expect(screen.getByRole('dialog', { name: 'Herkül Nağme' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Details: Herkül Nağme' })).toHaveFocus();
  });

  it('says Coming Soon and offers no chat for a source without indexed passages', async () => {
    await renderPage();
    const dialog = await openDetails('Details: Çağlayan');
    const d = within(dialog);
    expect(d.getByText('Status').nextElementSibling).toHaveTextContent('Coming Soon');
    expect(d.getByText('Indexed passages').nextElementSibling).toHaveTextContent('0');
    expect(d.getByText(/No passages of this source are indexed yet/)).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Access Source' })).toBeDisabled();
    expect(d.queryByRole('link')).not.toBeInTheDocument();
    // Only Close can take focus, so Tab stays on it.
    await userEvent.tab();
    expect(d.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(d.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('speaks Turkish, with Turkish number formatting', async () => {
    act(() => languageBus.publish('tr'));
    await renderPage();
    const dialog = await openDetails("Ayrıntılar: Kur'an-ı Kerim");
    const d = within(dialog);
    expect(d.getByText('Koleksiyon büyüklüğü').nextElementSibling).toHaveTextContent('6.236 ayet');
    expect(d.getByText('Durum').nextElementSibling).toHaveTextContent('Hemen Erişin');
    expect(d.getByText('Dizinlenmiş pasajlar').nextElementSibling).toHaveTextContent('12.472');
    expect(d.getByRole('heading', { name: 'Ayrıntılı kaynaklar' })).toBeInTheDocument();
    expect(d.getByRole('heading', { name: 'Etiketler' })).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'Kaynağa Eriş' })).toHaveAttribute('href', '/chat?source=quran');
    await userEvent.click(d.getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
