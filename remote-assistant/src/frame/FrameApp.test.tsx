import { StrictMode } from 'react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Answer, AskRequest } from '@kb/contracts';
import { AskError, type AnswerProgress } from './api/ask';
import { createFrameBridge } from './bridge';
import { FrameApp } from './FrameApp';
import { fakeHost } from './testing/fakeHost';
import { patienceAnswer, refusedAnswer, relatedAnswer, relatedAnswerTr } from './testing/fixtures';

type Ask = (request: AskRequest, onProgress: (progress: AnswerProgress) => void) => Promise<Answer>;

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
    expect(ask.mock.calls.map(([request]) => request)).toEqual([
      { question: 'sabır nedir?', lang: 'tr', source: 'quran' },
      { question: 'namaz', lang: 'tr', source: 'quran' },
    ]);
  });

  it('asks what the visitor types, shows a status while searching, then the answer with numbered citations', async () => {
    let resolve: (answer: Answer) => void = () => undefined;
    const ask = jest.fn<Ask>(() => new Promise<Answer>((r) => (resolve = r)));
    const { user } = setup(ask);
    await askTyped(user, '  What is patience?  ');
    expect(ask).toHaveBeenCalledWith({ question: 'What is patience?', lang: 'en' }, expect.any(Function));
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
    // The cited passage's reading page opens at the verse, in a new tab.
    const read = within(first).getByRole('link', { name: /Read in context/ });
    expect(read).toHaveAttribute('href', '/read/quran/2%3A45?lang=en#v-2-45');
    expect(read).toHaveAttribute('target', '_blank');
    // A citation without a reading page gets no link.
    expect(within(second).queryByRole('link', { name: /Read in context/ })).not.toBeInTheDocument();

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
    expect(ask.mock.calls[1]?.[0]).toEqual(ask.mock.calls[0]?.[0]);
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
    expect(ask).toHaveBeenCalledWith({ question: 'line one\nline two', lang: 'en' }, expect.any(Function));
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
    expect(ask).toHaveBeenCalledWith({ question: 'sabır', lang: 'tr' }, expect.any(Function));
    const first = await screen.findByRole('list', { name: 'Kaynaklar' });
    expect(screen.getByRole('button', { name: 'Cevabı kopyala' })).toBeInTheDocument();
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
    expect(ask).toHaveBeenLastCalledWith({ question: 'patience', lang: 'en', source: 'quran' }, expect.any(Function));

    await user.click(screen.getByRole('button', { name: 'Remove the filter Quran and search all sources' }));
    expect(screen.queryByRole('button', { name: /Remove the filter/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your question')).toHaveFocus();
    expect(bridge.getSettings().source).toBeNull();
    await askTyped(user, 'mercy');
    expect(ask).toHaveBeenLastCalledWith({ question: 'mercy', lang: 'en' }, expect.any(Function));
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

  it('shows a streamed answer as it arrives and replaces it with the final answer object', async () => {
    let progress: (p: AnswerProgress) => void = () => undefined;
    let finish: (answer: Answer) => void = () => undefined;
    const ask = jest.fn<Ask>((_request, onProgress) => {
      progress = onProgress;
      return new Promise<Answer>((resolve) => (finish = resolve));
    });
    const { user } = setup(ask);
    await askTyped(user, 'patience');
    const [first] = patienceAnswer.citations;
    if (!first) throw new Error('fixture without citations');

    act(() => progress({ mode: 'generative', citations: [first], text: '' }));
    expect(screen.getByRole('list', { name: 'Sources' })).toHaveTextContent('Quran 2:45');
    expect(screen.getByRole('status')).toHaveTextContent('Writing the answer…');
    act(() => progress({ mode: 'generative', citations: [first], text: 'Patience is praised [1] and' }));
    expect(screen.getByText(/Patience is praised/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Source 1' })).toBeInTheDocument();
    // Nothing is read aloud until the answer is complete.
    expect(screen.getByTestId('announcer')).toHaveTextContent('');
    expect(screen.queryByRole('button', { name: 'Copy answer' })).not.toBeInTheDocument();

    // `done` is authoritative: it carries another answer (the model's failed its checks).
    await act(async () => finish(patienceAnswer));
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(within(conversation).queryByText(/Patience is praised/)).not.toBeInTheDocument();
    expect(within(conversation).getByText(/Seek help through patience and prayer/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent(
      'Answer ready: Seek help through patience and prayer. Allah is with the patient.',
    );
  });

  it('brings a new question to the top of the conversation by scrolling the log, never the page', async () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { user } = setup(ask);
    const log = screen.getByRole('region', { name: 'Conversation' });
    // Reachable by keyboard, so keys scroll it.
    expect(log).toHaveAttribute('tabindex', '0');
    // jsdom has no layout: the log's top is at 100 px, the entry 700 px down its content.
    let scrollTop = 0;
    Object.defineProperty(log, 'scrollTop', {
      configurable: true,
      get: () => scrollTop,
      set: (value: number) => (scrollTop = value),
    });
    jest.spyOn(log, 'getBoundingClientRect').mockReturnValue({ top: 100 } as DOMRect);
    const entryRect = jest
      .spyOn(HTMLLIElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() => ({ top: 700 - scrollTop }) as DOMRect);
    try {
      await askTyped(user, 'patience');
      await screen.findByRole('list', { name: 'Sources' });
      expect(scrollTop).toBe(700 - 100 - 12);
      expect(scrollIntoView).not.toHaveBeenCalled();
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      entryRect.mockRestore();
      scrollTo.mockRestore();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('keeps the conversation: every question of the visit stays, in order', async () => {
    const ask = jest
      .fn<Ask>()
      .mockResolvedValueOnce(patienceAnswer)
      .mockResolvedValueOnce(refusedAnswer);
    const { user } = setup(ask);
    await askTyped(user, 'patience');
    await screen.findByRole('list', { name: 'Sources' });
    await askTyped(user, 'football');
    await screen.findByRole('note');
    const questions = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(questions).toEqual(['Question: patience', 'Question: football']);
  });

  it('copies the answer with its sources and says so', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { user } = setup(ask);
    await askTyped(user, 'patience');
    await user.click(await screen.findByRole('button', { name: 'Copy answer' }));
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(conversation).findByText('Answer copied to the clipboard.')).toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent('Answer copied to the clipboard.');
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain(patienceAnswer.answer);
    expect(copied).toContain('[1] Quran 2:45 (Translation: Saheeh International)');
    expect(copied).toContain(`${window.location.origin}/read/quran/2%3A45`);
  });

  it('copies with the older execCommand way when the Clipboard API is refused, and says when both fail', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { user } = setup(ask);
    await askTyped(user, 'patience');
    const button = await screen.findByRole('button', { name: 'Copy answer' });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const execCommand = jest.fn<(command: string) => boolean>(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    try {
      await user.click(button);
      expect(await within(conversation).findByText('Answer copied to the clipboard.')).toBeInTheDocument();
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(button).toHaveFocus();

      execCommand.mockReturnValue(false);
      await user.click(button);
      expect(
        await within(conversation).findByText('The answer could not be copied. Select the text and copy it instead.'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('announcer')).toHaveTextContent('The answer could not be copied.');
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('writes a question in Arabic right to left', async () => {
    const ask = jest.fn<Ask>(async () => refusedAnswer);
    const { user } = setup(ask);
    expect(screen.getByLabelText('Your question')).toHaveAttribute('dir', 'auto');
    await askTyped(user, 'ما هو الصبر؟');
    expect(screen.getByRole('heading', { level: 2, name: 'Question: ما هو الصبر؟' })).toHaveAttribute('dir', 'auto');
  });
});

describe('FrameApp: related passages and the answer’s language', () => {
  const RELATED_EN = 'Closest passages — not a direct answer';
  const RELATED_TR = 'En yakın metinler — doğrudan bir cevap değil';

  it('labels related passages as not a direct answer and never calls them one (English)', async () => {
    const ask = jest.fn<Ask>(async () => relatedAnswer);
    const { user } = setup(ask);
    await askTyped(user, 'Is it fine to keep a wallet I found?');
    const conversation = await screen.findByRole('region', { name: 'Conversation' });

    const label = await within(conversation).findByRole('heading', { level: 3, name: RELATED_EN });
    expect(label).toBeVisible();
    const cards = within(conversation).getByRole('list', { name: RELATED_EN });
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Quran 2:188');
    expect(items[1]).toHaveTextContent('Quran 4:29');
    // The server's plain sentence comes first; nothing on screen says "answer".
    expect(within(conversation).getByText(/^I found no passage that answers this directly; these are the closest\./)).toBeVisible();
    expect(within(conversation).queryByRole('list', { name: 'Sources' })).not.toBeInTheDocument();
    expect(within(conversation).queryByRole('heading', { name: 'Answer' })).not.toBeInTheDocument();
    expect(within(conversation).getByRole('heading', { level: 3, name: 'Related passages' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy answer' })).not.toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent(
      'Related passages found, not a direct answer: I found no passage that answers this directly; these are the closest.',
    );
    expect(screen.getByTestId('announcer')).not.toHaveTextContent('Answer ready');

    await user.click(screen.getByRole('button', { name: 'Copy passages' }));
    expect(await within(conversation).findByText('Passages copied to the clipboard.')).toBeInTheDocument();
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain(`${RELATED_EN}:`);
    expect(copied).not.toContain('Sources:');
  });

  it('labels related passages in Turkish in the Turkish interface', async () => {
    const ask = jest.fn<Ask>(async () => relatedAnswerTr);
    const { user, deliver } = setup(ask);
    deliver({ type: 'language', lang: 'tr' });
    await user.type(screen.getByLabelText('Sorunuz'), 'bulduğum cüzdanı saklayabilir miyim{Enter}');
    const conversation = await screen.findByRole('region', { name: 'Sohbet' });

    expect(await within(conversation).findByRole('heading', { level: 3, name: RELATED_TR })).toBeVisible();
    const cards = within(conversation).getByRole('list', { name: RELATED_TR });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
    expect(cards).toHaveTextContent("Kur'an-ı Kerim 2:188");
    expect(within(conversation).getByText(/^Bu soruyu doğrudan cevaplayan bir metin bulamadım/)).toBeVisible();
    expect(within(conversation).queryByRole('list', { name: 'Kaynaklar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Metinleri kopyala' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cevabı kopyala' })).not.toBeInTheDocument();
    expect(screen.getByTestId('announcer')).toHaveTextContent(
      'İlgili metinler bulundu, doğrudan bir cevap değil: Bu soruyu doğrudan cevaplayan bir metin bulamadım',
    );
  });

  it('shows an answer (related: false) without the related label', async () => {
    const ask = jest.fn<Ask>(async () => patienceAnswer);
    const { user, deliver } = setup(ask);
    await askTyped(user, 'patience');
    expect(await screen.findByRole('list', { name: 'Sources' })).toBeInTheDocument();
    expect(screen.queryByText(RELATED_EN)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy answer' })).toBeInTheDocument();

    deliver({ type: 'language', lang: 'tr' });
    expect(screen.getByRole('list', { name: 'Kaynaklar' })).toBeInTheDocument();
    expect(screen.queryByText(RELATED_TR)).not.toBeInTheDocument();
  });

  it('marks the answer text with the answer’s language, not the interface’s', async () => {
    const ask = jest
      .fn<Ask>()
      .mockResolvedValueOnce(relatedAnswer)
      .mockResolvedValueOnce(patienceAnswer)
      .mockResolvedValueOnce(refusedAnswer)
      .mockResolvedValueOnce(relatedAnswerTr);
    const { user, deliver } = setup(ask);
    deliver({ type: 'language', lang: 'tr' });
    const box = screen.getByLabelText('Sorunuz');
    await user.type(box, 'Is it fine to keep a wallet I found?{Enter}');
    const conversation = await screen.findByRole('region', { name: 'Sohbet' });
    // An English text inside the Turkish interface is marked English…
    expect(await within(conversation).findByText(/^I found no passage/)).toHaveAttribute('lang', 'en');
    expect(document.documentElement.lang).toBe('tr');
    await user.type(box, 'patience{Enter}');
    expect(await within(conversation).findByText(/^Seek help through patience/)).toHaveAttribute('lang', 'en');
    await user.type(box, 'Who wins the cup?{Enter}');
    expect(await within(conversation).findByText(refusedAnswer.answer)).toHaveAttribute('lang', 'en');

    // …and a Turkish one inside the English interface Turkish.
    deliver({ type: 'language', lang: 'en' });
    await user.type(screen.getByLabelText('Your question'), 'bulduğum cüzdan{Enter}');
    expect(await within(conversation).findByText(/^Bu soruyu doğrudan/)).toHaveAttribute('lang', 'tr');
    expect(document.documentElement.lang).toBe('en');
  });
});
