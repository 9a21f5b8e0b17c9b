import { act, renderHook } from '@testing-library/react';
import { LANGUAGE_BUS_KEY, LANGUAGE_EVENT, languageBus, useLanguage } from './languageBus';

beforeEach(() => {
  delete (window as unknown as Record<string, unknown>)[LANGUAGE_BUS_KEY];
});

describe('languageBus', () => {
  it('gives a late subscriber the current value at once', () => {
    languageBus.publish('tr');
    // A remote that mounts after the shell published reads the value without waiting.
    expect(languageBus.current()).toBe('tr');
    const { result } = renderHook(() => useLanguage());
    expect(result.current).toBe('tr');
  });

  it('notifies subscribers of each change, once, and stops after unsubscribe', () => {
    const seen: string[] = [];
    const stop = languageBus.subscribe((l) => seen.push(l));
    languageBus.publish('tr');
    languageBus.publish('tr'); // unchanged: no event
    languageBus.publish('en');
    stop();
    languageBus.publish('tr');
    expect(seen).toEqual(['tr', 'en']);
  });

  it('is shared through window, so a second copy of the package agrees', () => {
    languageBus.publish('tr');
    const state = (window as unknown as Record<string, { lang: string }>)[LANGUAGE_BUS_KEY];
    expect(state?.lang).toBe('tr');
    // Another copy only knows the window key and the event name.
    const seen: string[] = [];
    const other = (e: Event): void => {
      seen.push((e as CustomEvent<{ lang: string }>).detail.lang);
    };
    window.addEventListener(LANGUAGE_EVENT, other);
    languageBus.publish('en');
    window.removeEventListener(LANGUAGE_EVENT, other);
    expect(seen).toEqual(['en']);
  });

  it('re-renders useLanguage on publish', () => {
    const { result } = renderHook(() => useLanguage());
    expect(result.current).toBe('en');
    act(() => languageBus.publish('tr'));
    expect(result.current).toBe('tr');
  });

  it('delivers a remote request to the shell without changing the language itself', () => {
    const requested: string[] = [];
    const stop = languageBus.onRequest((l) => requested.push(l));
    languageBus.request('tr');
    stop();
    expect(requested).toEqual(['tr']);
    expect(languageBus.current()).toBe('en');
  });

  it('ignores malformed events and values', () => {
    const seen: string[] = [];
    const stop = languageBus.subscribe((l) => seen.push(l));
    window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: { lang: 'de' } }));
    window.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, { detail: null }));
    languageBus.publish('xx' as 'en');
    stop();
    expect(seen).toEqual([]);
    expect(languageBus.current()).toBe('en');
  });
});

describe('version skew', () => {
  it('a remote bundling its own copy of the package still receives the language', () => {
    languageBus.publish('tr');
    let other: typeof import('./languageBus') | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof import('./languageBus')>('./languageBus');
    });
    if (!other) throw new Error('the second copy did not load');
    expect(other.languageBus).not.toBe(languageBus); // truly another copy
    expect(other.languageBus.current()).toBe('tr');
    const seen: string[] = [];
    const stop = other.languageBus.subscribe((l) => seen.push(l));
    languageBus.publish('en');
    stop();
    expect(seen).toEqual(['en']);
  });
});
