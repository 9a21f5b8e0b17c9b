import { StrictMode } from 'react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Answer, AskRequest } from '@kb/contracts';
import type { AnswerProgress } from './api/ask';
import { createFrameBridge } from './bridge';
import { CONVERSATION_STORAGE_KEY, tabStorage } from './conversationStore';
import { FrameApp } from './FrameApp';
import { fakeHost } from './testing/fakeHost';
import { joinedVersesAnswer, patienceAnswer } from './testing/fixtures';

type Ask = (request: AskRequest, onProgress: (progress: AnswerProgress) => void) => Promise<Answer>;

const [joined, single] = joinedVersesAnswer.citations;
const [verse153, verse154] = joined?.verses ?? [];
if (!joined || !single || !verse153 || !verse154) throw new Error('fixture without its joined verses');

/** Renders the frame app as `main.tsx` does, keeping the conversation in the tab's sessionStorage. */
function setup(ask: jest.Mock<Ask>, lang: 'en' | 'tr' = 'en') {
  const { host, send } = fakeHost();
  const bridge = createFrameBridge(host, lang);
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <FrameApp bridge={bridge} ask={ask} storage={tabStorage()} />
    </StrictMode>,
  );
  return { user, send: (data: unknown) => act(() => send(data)), unmount: view.unmount };
}

/** How many times `text` occurs in `element`'s text. */
function occurrences(element: HTMLElement, text: string): number {
  return (element.textContent ?? '').split(text).length - 1;
}

afterEach(() => {
  window.sessionStorage.clear();
  document.documentElement.lang = 'en';
});

describe('FrameApp: each verse quoted once', () => {
  it('shows the answer’s sentences with superscript markers and each verse’s text once, in its card', async () => {
    const ask = jest.fn<Ask>(async () => joinedVersesAnswer);
    const { user } = setup(ask);
    await user.type(screen.getByLabelText('Your question'), 'What does the Quran say about patience?{Enter}');
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    const cards = await within(conversation).findByRole('list', { name: 'Sources' });

    // The framing sentence stays as the server wrote it; the passages are not repeated in the text.
    expect(within(conversation).getByText(/^Here is what I found in the Quran/)).toHaveAttribute('lang', 'en');
    for (const text of [verse153.text, verse154.text, single.text]) {
      expect(occurrences(conversation, text)).toBe(1);
      expect(occurrences(cards, text)).toBe(1);
    }

    // Each marker is a raised link named "Source n" that moves focus to its card.
    const marker = within(conversation).getByRole('link', { name: 'Source 1' });
    expect(marker).toHaveTextContent('[1]');
    expect(marker.closest('sup')).not.toBeNull();
    expect(marker.closest('p')).toHaveTextContent(/^\[1\] Quran 2:153-154$/);
    const [first] = within(cards).getAllByRole('listitem');
    await user.click(marker);
    expect(first).toHaveFocus();

    // Copied as shown: each verse once.
    await user.click(screen.getByRole('button', { name: 'Copy answer' }));
    const copied = await navigator.clipboard.readText();
    expect(copied.split(verse153.text)).toHaveLength(2);
    expect(copied).toContain('[1] Quran 2:153-154\n');
    expect(within(conversation).getByRole('link', { name: 'Source 2' }).closest('p')).toHaveTextContent(/^\[2\] Quran 2:45$/);
  });

  it('numbers joined verses in the card, translation and Arabic alike, with spoken names', async () => {
    const ask = jest.fn<Ask>(async () => joinedVersesAnswer);
    const { user } = setup(ask);
    await user.type(screen.getByLabelText('Your question'), 'patience{Enter}');
    const [first, second] = within(await screen.findByRole('list', { name: 'Sources' })).getAllByRole('listitem');
    if (!first || !second) throw new Error('two cards expected');

    const quote = first.querySelector('blockquote');
    expect(quote?.textContent).toBe(`153Verse 153${verse153.text} 154Verse 154${verse154.text}`);
    expect(within(first).getAllByText('Verse 154')).toHaveLength(2);
    const arabic = within(first).getByText((_, element) => element?.getAttribute('lang') === 'ar' && element.tagName === 'P');
    expect(arabic.textContent).toBe(`153Verse 153${verse153.original ?? ''} 154Verse 154${verse154.original ?? ''}`);
    // A single verse has no number of its own: its card is its text alone.
    expect(second.querySelector('blockquote')?.textContent).toBe(single.text);
  });

  it('names markers and verse numbers in Turkish in the Turkish interface', async () => {
    const ask = jest.fn<Ask>(async () => joinedVersesAnswer);
    const { user } = setup(ask, 'tr');
    await user.type(screen.getByLabelText('Sorunuz'), 'sabır{Enter}');
    const cards = await screen.findByRole('list', { name: 'Kaynaklar' });
    expect(screen.getByRole('link', { name: 'Kaynak 1' })).toHaveTextContent('[1]');
    expect(within(cards).getAllByText('Ayet 153')).toHaveLength(2);
  });

  it('never shows a passage in the text while it streams in, only once its card holds it', async () => {
    let progress: (p: AnswerProgress) => void = () => undefined;
    const ask = jest.fn<Ask>((_request, onProgress) => {
      progress = onProgress;
      return new Promise<Answer>(() => undefined);
    });
    const { user } = setup(ask);
    await user.type(screen.getByLabelText('Your question'), 'patience{Enter}');
    const cut = joinedVersesAnswer.answer.indexOf('Indeed, Allah');
    act(() => progress({ mode: 'extractive', citations: [joined], text: joinedVersesAnswer.answer.slice(0, cut) }));
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(within(conversation).getByRole('link', { name: 'Source 1' }).closest('p')).toHaveTextContent(/^\[1\] Quran 2:153-154$/);
    expect(occurrences(conversation, verse153.text)).toBe(1);
  });
});

describe('FrameApp: the conversation kept for the tab’s life', () => {
  it('shows the kept conversation again after a reload, without asking again', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const first = setup(ask);
    await first.user.type(screen.getByLabelText('Your question'), 'What is patience?{Enter}');
    await screen.findByRole('list', { name: 'Sources' });
    first.unmount();

    const again = jest.fn<Ask>(async () => patienceAnswer);
    setup(again);
    expect(screen.getByRole('heading', { level: 2, name: 'Question: What is patience?' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Sources' })).toHaveTextContent('Quran 2:45');
    expect(again).not.toHaveBeenCalled();
  });

  it('does not ask again when the reloaded page sends the kept conversation’s last question (/search?q=)', async () => {
    const first = setup(jest.fn<Ask>(async () => patienceAnswer));
    first.send({ type: 'ask', query: 'patience and prayer' });
    await screen.findByRole('list', { name: 'Sources' });
    first.unmount();

    const again = jest.fn<Ask>(async () => patienceAnswer);
    const { send } = setup(again);
    send({ type: 'ask', query: 'patience and prayer' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
    expect(again).not.toHaveBeenCalled();
    // Asked once more after that, it is a new question.
    send({ type: 'ask', query: 'patience and prayer' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('brings back an answer cut off by the reload as interrupted, and Retry asks it again', async () => {
    const first = setup(jest.fn<Ask>(() => new Promise<Answer>(() => undefined)));
    await first.user.type(screen.getByLabelText('Your question'), 'prayer{Enter}');
    first.unmount();

    const again = jest.fn<Ask>(async () => patienceAnswer);
    const { user } = setup(again);
    expect(screen.getByText('The page was reloaded before this answer arrived. Retry to ask again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Sources' })).toBeInTheDocument();
    expect(again).toHaveBeenCalledWith({ question: 'prayer', lang: 'en' }, expect.any(Function));
  });

  it('New conversation empties the conversation and its storage and puts focus in the question box', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { user, unmount } = setup(ask);
    const button = screen.getByRole('button', { name: 'New conversation' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Your question'), 'patience{Enter}');
    await screen.findByRole('list', { name: 'Sources' });
    expect(window.sessionStorage.getItem(CONVERSATION_STORAGE_KEY)).toContain('patience');

    await user.click(button);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByText(/Ask a question and get an answer quoted/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your question')).toHaveFocus();
    expect(screen.getByTestId('announcer')).toHaveTextContent('New conversation started.');
    expect(window.sessionStorage.getItem(CONVERSATION_STORAGE_KEY)).toBeNull();
    unmount();
    setup(ask);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('Yeni sohbet: the same in Turkish', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { user } = setup(ask, 'tr');
    await user.type(screen.getByLabelText('Sorunuz'), 'sabır{Enter}');
    await screen.findByRole('list', { name: 'Kaynaklar' });
    await user.click(screen.getByRole('button', { name: 'Yeni sohbet' }));
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Sorunuz')).toHaveFocus();
    expect(screen.getByTestId('announcer')).toHaveTextContent('Yeni sohbet başladı.');
  });
});
