import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ASSISTANT_FRAME_PATH, FRAME_LOAD_ASK_DELAY_MS, languageBus, type Lang } from '@kb/contracts';
import SearchPage from './SearchPage';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
}

function mockViewport(narrow: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: narrow && query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

beforeEach(() => {
  languageBus.publish('en');
});

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('SearchPage without q', () => {
  it('shows the header, a disabled Detailed Search button and the Empty message', () => {
    renderSearch('/search');
    expect(screen.getByRole('link', { name: /Knowledge Base/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('searchbox', { name: 'Search the sources' })).toHaveAttribute(
      'placeholder',
      'Search the Quran, the Bible and the other sources…',
    );
    expect(screen.getByRole('button', { name: 'Detailed Search' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Empty' })).toBeInTheDocument();
    expect(screen.getByText('Empty').closest('[data-remote-version]')).toHaveAttribute('data-remote-version', 'dev');
    expect(screen.queryByTitle('AI assistant')).not.toBeInTheDocument();
  });

  it('uses the shorter placeholder under 768 px', () => {
    mockViewport(true);
    renderSearch('/search');
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'Search sources…');
  });

  it('navigates to /search?q=<trimmed> on a non-blank submit and does nothing on a blank one', async () => {
    const user = userEvent.setup();
    renderSearch('/search');
    const box = screen.getByRole('searchbox');
    await user.type(box, '    {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search$/);
    await user.clear(box);
    await user.type(box, '  sabır ve namaz {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=sab%C4%B1r%20ve%20namaz');
    expect(screen.getByTitle('AI assistant')).toBeInTheDocument();
  });

  it('asks the shell for a language with the TR/EN toggle and follows the bus', async () => {
    const user = userEvent.setup();
    const requested: Lang[] = [];
    const stop = languageBus.onRequest((lang) => requested.push(lang));
    renderSearch('/search');
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'TR' }));
    expect(requested).toEqual(['tr']);
    // Only the shell publishes; until it does, nothing changes.
    expect(screen.getByRole('heading', { name: 'Empty' })).toBeInTheDocument();
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('heading', { name: 'Boş' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ayrıntılı Arama' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'TR' })).toHaveAttribute('aria-pressed', 'true');
    stop();
  });
});

describe('SearchPage with q', () => {
  it('goes home from the results, in Turkish too', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=mercy');
    act(() => languageBus.publish('tr'));
    await user.click(screen.getByRole('link', { name: 'Bilgi Tabanı – Ana sayfa' }));
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows the full-screen frame under a bar home and sends it the language and q', () => {
    renderSearch('/search?q=mercy');
    const iframe = screen.getByTitle<HTMLIFrameElement>('AI assistant');
    expect(iframe).toHaveAttribute('src', `${ASSISTANT_FRAME_PATH}?lang=en`);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Knowledge Base – Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    const frameWindow = iframe.contentWindow;
    if (!frameWindow) throw new Error('the iframe has no window');
    const post = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: 'ready' }, origin: window.location.origin, source: frameWindow }),
      );
    });
    expect(post.mock.calls).toEqual([
      [{ type: 'language', lang: 'en' }, window.location.origin],
      [{ type: 'ask', query: 'mercy' }, window.location.origin],
    ]);
  });

  it('sends q once, 50 ms after load, to a frame that never says ready (and not again on a late ready)', () => {
    jest.useFakeTimers();
    try {
      renderSearch('/search?q=%20mercy%20&source=quran');
      const iframe = screen.getByTitle<HTMLIFrameElement>('AI assistant');
      const frameWindow = iframe.contentWindow;
      if (!frameWindow) throw new Error('the iframe has no window');
      const post = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
      const asks = () => post.mock.calls.filter(([m]) => (m as { type?: string }).type === 'ask');
      act(() => fireEvent.load(iframe));
      expect(post.mock.calls.map(([m]) => m)).toEqual([
        { type: 'language', lang: 'en' },
        { type: 'source', source: 'quran' },
      ]);
      act(() => jest.advanceTimersByTime(FRAME_LOAD_ASK_DELAY_MS - 1));
      expect(asks()).toHaveLength(0);
      act(() => jest.advanceTimersByTime(1));
      expect(asks()).toEqual([[{ type: 'ask', query: 'mercy' }, window.location.origin]]);
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data: { type: 'ready' }, origin: window.location.origin, source: frameWindow }),
        );
      });
      act(() => jest.advanceTimersByTime(1000));
      expect(asks()).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
