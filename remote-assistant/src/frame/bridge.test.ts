import { describe, expect, it, jest } from '@jest/globals';
import type { FrameToPageMessage } from '@kb/contracts';
import { createFrameBridge, type FrameHost, type QueuedAsk } from './bridge';
import { FAKE_ORIGIN, fakeHost } from './testing/fakeHost';

const ORIGIN = FAKE_ORIGIN;

describe('createFrameBridge', () => {
  it('says ready to its parent, with the own origin as target, as soon as it starts', () => {
    const { host, posted } = fakeHost();
    createFrameBridge(host, 'en');
    expect(posted).toEqual([[{ type: 'ready' }, ORIGIN]]);
  });

  it('does not post ready when it is not framed (its parent is itself)', () => {
    const target = new EventTarget();
    const postMessage = jest.fn<(message: FrameToPageMessage, origin: string) => void>();
    const host: FrameHost & { postMessage: typeof postMessage } = {
      location: { origin: ORIGIN },
      postMessage,
      get parent() {
        return host;
      },
      addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
      removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
    };
    createFrameBridge(host, 'en');
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('applies language and source messages from the parent', () => {
    const { host, send } = fakeHost();
    const bridge = createFrameBridge(host, 'en');
    const changed = jest.fn();
    bridge.subscribe(changed);
    send({ type: 'language', lang: 'tr' });
    send({ type: 'source', source: 'quran' });
    expect(bridge.getSettings()).toEqual({ lang: 'tr', source: 'quran' });
    expect(changed).toHaveBeenCalledTimes(2);
    send({ type: 'source', source: null });
    expect(bridge.getSettings().source).toBeNull();
  });

  it('rejects messages from a foreign origin or from a window other than its parent', () => {
    const { host, send } = fakeHost();
    const bridge = createFrameBridge(host, 'en');
    const asks: QueuedAsk[] = [];
    bridge.onAsk((ask) => asks.push(ask));
    send({ type: 'language', lang: 'tr' }, { origin: 'https://evil.example' });
    send({ type: 'ask', query: 'hi' }, { origin: 'https://evil.example' });
    send({ type: 'language', lang: 'tr' }, { source: null });
    send({ type: 'ask', query: 'hi' }, { source: {} });
    expect(bridge.getSettings().lang).toBe('en');
    expect(asks).toEqual([]);
  });

  it('rejects malformed messages', () => {
    const { host, send } = fakeHost();
    const bridge = createFrameBridge(host, 'en');
    const asks: QueuedAsk[] = [];
    bridge.onAsk((ask) => asks.push(ask));
    for (const data of [
      'ask',
      null,
      { type: 'language', lang: 'de' },
      { type: 'source', source: '<script>' },
      { type: 'ask', query: '   ' },
      { type: 'ask', query: 'x'.repeat(1001) },
      { type: 'ask' },
      { type: 'ready' },
    ]) {
      send(data);
    }
    expect(bridge.getSettings()).toEqual({ lang: 'en', source: null });
    expect(asks).toEqual([]);
  });

  it('queues asks until the UI takes them, hands each over once, in order', () => {
    const { host, send } = fakeHost();
    const bridge = createFrameBridge(host, 'en');
    send({ type: 'source', source: 'quran' });
    send({ type: 'ask', query: ' first ' });
    send({ type: 'language', lang: 'tr' });
    send({ type: 'ask', query: 'second' });
    const handler = jest.fn();
    const stop = bridge.onAsk(handler);
    expect(handler.mock.calls).toEqual([
      [{ query: 'first', lang: 'en', source: 'quran' }],
      [{ query: 'second', lang: 'tr', source: 'quran' }],
    ]);
    stop();
    const again = jest.fn();
    bridge.onAsk(again);
    expect(again).not.toHaveBeenCalled();
    send({ type: 'ask', query: 'third' });
    expect(again).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('stops listening once disposed', () => {
    const { host, send } = fakeHost();
    const bridge = createFrameBridge(host, 'en');
    bridge.dispose();
    send({ type: 'language', lang: 'tr' });
    expect(bridge.getSettings().lang).toBe('en');
  });
});
