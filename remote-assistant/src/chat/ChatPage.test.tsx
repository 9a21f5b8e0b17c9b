import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { ASSISTANT_FRAME_PATH, FRAME_LOAD_ASK_DELAY_MS, languageBus } from '@kb/contracts';
import ChatPage from './ChatPage';

const ORIGIN = window.location.origin;

function renderChat(url: string, { strict = false } = {}) {
  const page = (
    <MemoryRouter initialEntries={[url]}>
      <ChatPage />
    </MemoryRouter>
  );
  render(strict ? <StrictMode>{page}</StrictMode> : page);
  const iframe = screen.getByTitle<HTMLIFrameElement>('AI assistant');
  const frameWindow = iframe.contentWindow;
  if (!frameWindow) throw new Error('the iframe has no window');
  const post = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
  const sent = () => post.mock.calls.map((call) => call[0]);
  const asks = () => sent().filter((m) => (m as { type?: string }).type === 'ask');
  const sayReady = (origin = ORIGIN, source: MessageEventSource | null = frameWindow) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'ready' }, origin, source }));
    });
  const load = () => act(() => fireEvent.load(iframe));
  return { iframe, post, sent, asks, sayReady, load };
}

/** Shows the router's current URL and can navigate, as the shell's links would. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate('/chat?q=mercy')}>
        ask mercy again
      </button>
    </>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  languageBus.publish('en');
});

afterEach(() => {
  jest.useRealTimers();
});

describe('ChatPage', () => {
  it('shows the assistant frame with its version and the language at mount in the URL', () => {
    const { iframe } = renderChat('/chat');
    expect(iframe).toHaveAttribute('src', `${ASSISTANT_FRAME_PATH}?lang=en`);
    expect(iframe.closest('[data-remote-version]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('sends the language and q once when the frame says ready', () => {
    const { sent, post, sayReady } = renderChat('/chat?q=%20What%20is%20patience%3F%20');
    sayReady();
    expect(sent()).toEqual([
      { type: 'language', lang: 'en' },
      { type: 'ask', query: 'What is patience?' },
    ]);
    for (const call of post.mock.calls) expect(call[1]).toBe(ORIGIN);
    sayReady();
    act(() => jest.advanceTimersByTime(1000));
    expect(sent().filter((m) => (m as { type: string }).type === 'ask')).toHaveLength(1);
  });

  it('sends q once under StrictMode too (effects mounted twice)', () => {
    const { asks, load, sayReady } = renderChat('/chat?q=mercy', { strict: true });
    load();
    sayReady();
    act(() => jest.advanceTimersByTime(1000));
    expect(asks()).toEqual([{ type: 'ask', query: 'mercy' }]);
  });

  it('sends q once, 50 ms after load, to a frame that never says ready', () => {
    const { asks, sent, load } = renderChat('/chat?q=sabır');
    load();
    expect(sent()).toEqual([{ type: 'language', lang: 'en' }]);
    act(() => jest.advanceTimersByTime(FRAME_LOAD_ASK_DELAY_MS - 1));
    expect(asks()).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));
    expect(asks()).toEqual([{ type: 'ask', query: 'sabır' }]);
    act(() => jest.advanceTimersByTime(1000));
    expect(asks()).toHaveLength(1);
  });

  it('sends q only once when the frame loads and then says ready', () => {
    const { asks, load, sayReady } = renderChat('/chat?q=mercy');
    load();
    act(() => jest.advanceTimersByTime(10));
    sayReady();
    expect(asks()).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(asks()).toHaveLength(1);
  });

  it('sends q only once when ready comes first and load follows', () => {
    const { asks, load, sayReady } = renderChat('/chat?q=mercy');
    sayReady();
    load();
    act(() => jest.advanceTimersByTime(1000));
    sayReady();
    expect(asks()).toEqual([{ type: 'ask', query: 'mercy' }]);
  });

  it('sends q only once when the load timer fired before a late ready', () => {
    const { asks, load, sayReady } = renderChat('/chat?q=mercy');
    load();
    act(() => jest.advanceTimersByTime(FRAME_LOAD_ASK_DELAY_MS));
    sayReady();
    expect(asks()).toHaveLength(1);
  });

  it('ignores a ready message from a foreign origin or from another window', () => {
    const { sent, sayReady } = renderChat('/chat?q=mercy');
    sayReady('https://evil.example');
    sayReady(ORIGIN, window);
    act(() => jest.advanceTimersByTime(1000));
    expect(sent()).toEqual([]);
  });

  it('sends no ask without q', () => {
    const { sent, sayReady, load } = renderChat('/chat');
    sayReady();
    load();
    act(() => jest.advanceTimersByTime(1000));
    expect(sent().every((m) => (m as { type: string }).type === 'language')).toBe(true);
  });

  it('re-sends the language on every change of the bus', () => {
    const { sent, sayReady, iframe } = renderChat('/chat');
    sayReady();
    act(() => languageBus.publish('tr'));
    expect(sent()).toContainEqual({ type: 'language', lang: 'tr' });
    expect(iframe).toHaveAttribute('title', 'Yapay zekâ asistanı');
    // The frame keeps its document: the language travels as a message, not a reload.
    expect(iframe).toHaveAttribute('src', `${ASSISTANT_FRAME_PATH}?lang=en`);
    act(() => languageBus.publish('en'));
    expect(sent().at(-1)).toEqual({ type: 'language', lang: 'en' });
  });

  it('sends the source from the URL before the question', () => {
    const { sent, sayReady } = renderChat('/chat?q=light&source=quran');
    sayReady();
    expect(sent()).toEqual([
      { type: 'language', lang: 'en' },
      { type: 'source', source: 'quran' },
      { type: 'ask', query: 'light' },
    ]);
  });

  it('drops q from the URL once the frame has it, keeping the rest, so a reload does not ask again', () => {
    render(
      <MemoryRouter initialEntries={['/chat?q=mercy&source=quran']}>
        <ChatPage />
        <LocationProbe />
      </MemoryRouter>,
    );
    const frameWindow = screen.getByTitle<HTMLIFrameElement>('AI assistant').contentWindow;
    if (!frameWindow) throw new Error('the iframe has no window');
    const post = jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
    const asks = () => post.mock.calls.map((call) => call[0]).filter((m) => (m as { type?: string }).type === 'ask');
    expect(screen.getByTestId('location')).toHaveTextContent('/chat?q=mercy&source=quran');
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'ready' }, origin: ORIGIN, source: frameWindow }));
    });
    expect(asks()).toEqual([{ type: 'ask', query: 'mercy' }]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chat\?source=quran$/);

    // The same question asked again later (a link to /chat?q=…) is a new question.
    act(() => fireEvent.click(screen.getByRole('button', { name: 'ask mercy again' })));
    expect(asks()).toEqual([
      { type: 'ask', query: 'mercy' },
      { type: 'ask', query: 'mercy' },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/chat$/);
  });

  it('does not send a malformed source', () => {
    const { sent, sayReady } = renderChat('/chat?source=%3Cscript%3E');
    sayReady();
    expect(sent()).toEqual([{ type: 'language', lang: 'en' }]);
  });
});
