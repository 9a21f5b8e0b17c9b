import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { languageBus } from '@kb/contracts';
import KnowledgePage from './KnowledgePage';
import { jsonResponse, mockSourcesApi, sourcesBody } from './testing/fixtures';

function Where(): React.ReactNode {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderPage(): void {
  render(
    <MemoryRouter initialEntries={['/knowledge']}>
      <Routes>
        <Route path="/knowledge" element={<KnowledgePage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** The rendered cards, by source id. */
function cardIds(): string[] {
  return Array.from(document.querySelectorAll('article[data-source-id]')).map((a) => a.getAttribute('data-source-id') ?? '');
}

function card(id: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`article[data-source-id="${id}"]`);
  if (!el) throw new Error(`no card ${id}`);
  return el;
}

async function loaded(): Promise<void> {
  await screen.findByRole('list', { name: /^(Sources|Kaynaklar)$/ });
}

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => languageBus.publish('en'));
  warn.mockRestore();
});

describe('KnowledgePage', () => {
  it('shows the loading state, then the title, the ten cards and the three stat cards', async () => {
    const fetchMock = mockSourcesApi();
    renderPage();
    expect(screen.getByText('Loading sources…')).toHaveAttribute('role', 'status');
    await loaded();
    expect(fetchMock).toHaveBeenCalledWith('/api/sources?lang=en', expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Knowledge Sources' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search sources' })).toBeInTheDocument();
    expect(cardIds()).toHaveLength(10);
    expect(screen.getByText('10 of 10 sources shown')).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'The knowledge base in numbers' });
    expect(within(stats).getByText('1M')).toBeInTheDocument();
    expect(within(stats).getByText('400K')).toBeInTheDocument();
    expect(within(stats).getByText('6+')).toBeInTheDocument();
    expect(document.querySelector('[data-remote="knowledge"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('shows each card with icon, badges, title, description, count, tags and its buttons', async () => {
    mockSourcesApi();
    renderPage();
    await loaded();
    const quran = within(card('quran'));
    expect(quran.getByRole('heading', { level: 2, name: 'Quran' })).toBeInTheDocument();
    expect(quran.getByText('Access Now')).toBeInTheDocument();
    expect(quran.getByText('Details')).toBeInTheDocument();
    expect(quran.getByText('6,236 verses')).toBeInTheDocument();
    expect(quran.getByText(/^The Quran in translation/)).toBeInTheDocument();
    expect(within(quran.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Arabic',
      'Turkish',
      'English',
      'German',
      'Kurdish',
      'Azerbaijani',
    ]);
    expect(card('quran').querySelector('svg')).toBeInTheDocument();
    expect(quran.getByRole('link', { name: 'Access Source: Quran' })).toHaveAttribute('href', '/chat?source=quran');
    expect(quran.getByRole('button', { name: 'Details: Quran' })).toBeInTheDocument();
  });

  it('opens the chat limited to the source from the access button', async () => {
    mockSourcesApi();
    renderPage();
    await loaded();
    await userEvent.click(screen.getByRole('link', { name: 'Access Source: Bible' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/chat?source=bible');
  });

  it('marks a source without indexed passages Coming Soon, with its access button disabled', async () => {
    mockSourcesApi();
    renderPage();
    await loaded();
    const sizinti = within(card('sizinti'));
    expect(sizinti.getByText('Coming Soon')).toBeInTheDocument();
    expect(sizinti.getByRole('button', { name: 'Access Source: Sızıntı' })).toBeDisabled();
    expect(sizinti.queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the Arabic Quran card inert: no buttons, no links, no details', async () => {
    mockSourcesApi();
    renderPage();
    await loaded();
    const arabic = card('quran-arabic');
    expect(arabic).toHaveAttribute('data-inert', 'true');
    expect(within(arabic).getByRole('heading', { name: 'Arabic Quran' })).toBeInTheDocument();
    expect(within(arabic).queryByRole('button')).not.toBeInTheDocument();
    expect(within(arabic).queryByRole('link')).not.toBeInTheDocument();
    expect(within(arabic).queryByText('Details')).not.toBeInTheDocument();
    await userEvent.click(within(arabic).getByText(/Uthmani script\.$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('filters by category with counts; a second click on the badge turns the filter off', async () => {
    mockSourcesApi();
    renderPage();
    await loaded();
    const all = screen.getByRole('button', { name: 'All Categories' });
    const religious = screen.getByRole('button', { name: 'Religious Texts 3' });
    expect(screen.getByRole('button', { name: 'Commentaries 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hadith 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contemporary Works 4' })).toBeInTheDocument();
    expect(all).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(religious);
    expect(religious).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    expect(cardIds()).toEqual(['quran', 'bible', 'quran-arabic']);

    await userEvent.click(screen.getByRole('button', { name: 'Hadith 1' }));
    expect(cardIds()).toEqual(['hadith']);
    expect(religious).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Hadith 1' }));
    expect(cardIds()).toHaveLength(10);
    expect(all).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(religious);
    await userEvent.click(all);
    expect(cardIds()).toHaveLength(10);
  });

  it('filters by text over title, description and tags, combined with the category', async () => {
    mockSourcesApi();
    renderPage();
    await loaded();
    const search = screen.getByRole('searchbox', { name: 'Search sources' });
    await userEvent.type(search, 'MAGAZINE');
    expect(cardIds()).toEqual(['sizinti', 'caglayan']);
    expect(screen.getByText('2 of 10 sources shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Religious Texts 3' }));
    expect(screen.getByRole('heading', { level: 2, name: 'No sources found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search).toHaveValue('');
    expect(cardIds()).toHaveLength(10);
  });

  it('shows the empty state for a query nothing matches', async () => {
    mockSourcesApi();
    renderPage();
    await loaded();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sources' }), 'zzzz');
    expect(cardIds()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'No sources found' })).toBeInTheDocument();
  });

  it('reloads in Turkish on a language switch and folds text the Turkish way', async () => {
    const fetchMock = mockSourcesApi();
    renderPage();
    await loaded();
    act(() => languageBus.publish('tr'));
    await screen.findByRole('heading', { level: 2, name: "Kur'an-ı Kerim" });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/sources?lang=tr', expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Bilgi Kaynakları' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tüm Kategoriler' })).toBeInTheDocument();
    expect(within(card('quran')).getByText('Hemen Erişin')).toBeInTheDocument();
    expect(within(card('sizinti')).getByText('Yakında')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Kaynaklarda ara' });
    await userEvent.type(search, 'İNCİL');
    expect(cardIds()).toEqual(['bible']);
    await userEvent.clear(search);
    await userEvent.type(search, 'ışık');
    expect(cardIds()).toEqual(['sizinti']);
    await userEvent.clear(search);
    await userEvent.type(search, 'yok böyle bir şey');
    expect(screen.getByRole('heading', { name: 'Kaynak bulunamadı' })).toBeInTheDocument();
    expect(screen.getByText('Aramanızı veya filtrelerinizi değiştirmeyi deneyin.')).toBeInTheDocument();
  });

  it('shows an error with Retry when the API is down, and recovers', async () => {
    const fetchMock = mockSourcesApi();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sources could not be loaded.');
    expect(warn).toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await loaded();
    expect(cardIds()).toHaveLength(10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', jsonResponse({ success: false, error: 'Internal error' }, 500)],
    ['a body of the wrong shape', jsonResponse({ sources: 'none' })],
    ['a source with a bad status', jsonResponse({ ...sourcesBody('en'), sources: [{ ...sourcesBody('en').sources[0], status: 'maybe' }] })],
  ])('shows the error state for %s', async (_name, response) => {
    mockSourcesApi().mockResolvedValueOnce(response);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The sources could not be loaded.');
  });

  it('shows the error in Turkish too', async () => {
    act(() => languageBus.publish('tr'));
    mockSourcesApi().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Kaynaklar yüklenemedi.');
    expect(within(alert).getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
  });
});
