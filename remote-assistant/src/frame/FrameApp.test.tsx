import { StrictMode } from 'react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Answer, AskRequest } from '@kb/contracts';
import { AskError } from './api/ask';
import { createFrameBridge } from './bridge';
import { FrameApp } from './FrameApp';
import { fakeHost } from './testing/fakeHost';
import { patienceAnswer, refusedAnswer } from './testing/fixtures';

type Ask = (request: AskRequest) => Promise<Answer>;

function setup(ask: jest.Mock<Ask>, { before }: { before?: (send: (data: unknown) => void) => void } = {}) {
  const { host, send } = fakeHost();
  const bridge = createFrameBridge(host, 'en');
  before?.(send);
  const user = userEvent.setup();
  render(
    <StrictMode>
      <FrameApp bridge={bridge} ask={ask} />
    </StrictMode>,
  );
  const deliver = (data: unknown) => act(() => send(data));
  return { user, deliver, bridge };
}

async function askTyped(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(screen.getByLabelText('Your question'), `${question}{Enter}`);
}

afterEach(() => {
  document.documentElement.lang = 'en';
});

describe('FrameApp', () => {
  it('runs asks that arrived before it mounted, each exactly once, with the settings they came with', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    setup(ask, {
      before: (send) => {
        send({ type: 'language', lang: 'tr' });
        send({ type: 'source', source: 'quran' });
        send({ type: 'ask', query: 'sabır nedir?' });
        send({ type: 'ask', query: 'namaz' });
      },
    });
    expect(await screen.findAllByRole('list', { name: 'Kaynaklar' })).toHaveLength(2);
    expect(ask.mock.calls).toEqual([
      [{ question: 'sabır nedir?', lang: 'tr', source: 'quran' }],
      [{ question: 'namaz', lang: 'tr', source: 'quran' }],
    ]);
  });

  it('asks what the visitor types, shows a status while searching, then the answer with numbered citations', async () => {
    let resolve: (answer: Answer) => void = () => undefined;
    const ask = jest.fn<Ask>(() => new Promise<Answer>((r) => (resolve = r)));
    const { user } = setup(ask);
    await askTyped(user, '  What is patience?  ');
    expect(ask).toHaveBeenCalledWith({ question: 'What is patience?', lang: 'en' });
    expect(screen.getByRole('heading', { level: 2, name: 'Question: What is patience?' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Searching the sources…');
    expect(screen.getByLabelText('Your question')).toHaveValue('');

    await act(async () => resolve(patienceAnswer));

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const sources = screen.getByRole('list', { name: 'Sources' });
    const items = within(sources).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items;
    if (!first || !second) throw new Error('two citations expected');
    expect(first).toHaveTextContent('[1]');
    expect(first).toHaveTextContent('Quran 2:45');
    expect(first).toHaveTextContent('Translation: Saheeh International');
    expect(first).toHaveTextContent('And seek help through patience and prayer');
    expect(second).toHaveTextContent('Quran 2:153');

    const arabic = within(second).getByText('إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    expect(arabic).toHaveAttribute('lang', 'ar');
    expect(within(first).getByRole('link', { name: /Read in context/ })).toHaveAttribute(
      'href',
      '/read/quran/2%3A45?lang=en',
    );

    const marker = screen.getByRole('link', { name: 'Source 2' });
    expect(marker).toHaveTextContent('[2]');
    expect(marker).toHaveAttribute('href', `#${second.id}`);
    await user.click(marker);
    expect(second).toHaveFocus();

    expect(screen.getByTestId('announcer')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByTestId('announcer')).toHaveTextContent(
      'Answer ready: Seek help through patience and prayer. Allah is with the patient.',
    );
  });

  it('shows a refused answer as a notice with the server text and no citations', async () => {
    const ask = jest.fn<Ask>(async () => refusedAnswer);
    const { user } = setup(ask);
    await askTyped(user, 'Who wins the cup?');
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('No answer in the sources');
    expect(notice).toHaveTextContent(refusedAnswer.answer);
    expect(screen.queryByRole('list', { name: 'Sources' })).not.toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent(`No answer in the sources: ${refusedAnswer.answer}`);
  });

  it('shows an error with Retry, and Retry sends the same question again', async () => {
    const ask = jest
      .fn<Ask>()
      .mockRejectedValueOnce(new AskError('network', 'Failed to fetch'))
      .mockResolvedValueOnce(patienceAnswer);
    const { user } = setup(ask);
    await askTyped(user, 'patience');
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(
      await within(conversation).findByText('The assistant could not be reached. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent('The assistant could not be reached.');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Sources' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(ask).toHaveBeenCalledTimes(2);
    expect(ask.mock.calls[1]).toEqual(ask.mock.calls[0]);
  });

  it('tells a rate-limited visitor to wait', async () => {
    const ask = jest.fn<Ask>(async () => {
      throw new AskError('http', 'Too many requests', 429);
    });
    const { user } = setup(ask);
    await askTyped(user, 'patience');
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(conversation).findByText(/Too many questions in a short time/)).toBeInTheDocument();
  });

  it('ignores a blank question; Shift+Enter adds a line instead of sending', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { user } = setup(ask);
    const box = screen.getByLabelText('Your question');
    expect(box).toHaveAttribute('maxLength', '1000');
    await user.type(box, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(ask).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(ask).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(ask).toHaveBeenCalledWith({ question: 'line one\nline two', lang: 'en' });
  });

  it('switches every text to Turkish on a language message and sets <html lang>', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { deliver, user } = setup(ask);
    expect(screen.getByRole('heading', { level: 1, name: 'Assistant' })).toBeInTheDocument();
    deliver({ type: 'language', lang: 'tr' });
    expect(document.documentElement.lang).toBe('tr');
    expect(screen.getByRole('heading', { level: 1, name: 'Asistan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sor' })).toBeInTheDocument();
    expect(screen.getByText(/dinî bir hüküm \(fetva\) değildir/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Sorunuz'), 'sabır{Enter}');
    expect(ask).toHaveBeenCalledWith({ question: 'sabır', lang: 'tr' });
    const first = await screen.findByRole('list', { name: 'Kaynaklar' });
    expect(first).toHaveTextContent("Kur'an-ı Kerim 2:45");
    expect(first).toHaveTextContent('Çeviri: Saheeh International');
    expect(first).toHaveTextContent('Arapça aslı');
  });

  it('shows the source chip, sends the source with asks, and removes it on request', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { deliver, user, bridge } = setup(ask);
    deliver({ type: 'source', source: 'quran' });
    expect(screen.getByText('Searching in: Quran')).toBeInTheDocument();
    await askTyped(user, 'patience');
    expect(ask).toHaveBeenLastCalledWith({ question: 'patience', lang: 'en', source: 'quran' });

    await user.click(screen.getByRole('button', { name: 'Remove the filter Quran and search all sources' }));
    expect(screen.queryByRole('button', { name: /Remove the filter/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your question')).toHaveFocus();
    expect(bridge.getSettings().source).toBeNull();
    await askTyped(user, 'mercy');
    expect(ask).toHaveBeenLastCalledWith({ question: 'mercy', lang: 'en' });
  });

  it('ignores page messages from a foreign origin', () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { host, send } = fakeHost();
    const bridge = createFrameBridge(host, 'en');
    render(<FrameApp bridge={bridge} ask={ask} />);
    act(() => {
      send({ type: 'language', lang: 'tr' }, { origin: 'https://evil.example' });
      send({ type: 'ask', query: 'hello' }, { origin: 'https://evil.example' });
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Assistant' })).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
  });
});
