import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import type { FrameToPageMessage } from '@kb/contracts';

const ORIGIN = window.location.origin;

afterEach(() => {
  document.documentElement.lang = 'en';
});

describe('frame entry (main.tsx)', () => {
  it('says ready to its parent at once and applies the parent’s messages once the UI is up', async () => {
    const postMessage = jest.fn<(message: FrameToPageMessage, targetOrigin: string) => void>();
    const parent = { postMessage };
    Object.defineProperty(window, 'parent', { configurable: true, get: () => parent });
    document.body.innerHTML = '<div id="root"></div>';

    await act(async () => {
      await import('./main');
    });

    expect(postMessage).toHaveBeenCalledWith({ type: 'ready' }, ORIGIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Assistant' })).toBeInTheDocument();

    const fromParent = (data: unknown, origin = ORIGIN) =>
      act(() => {
        window.dispatchEvent(Object.assign(new Event('message'), { data, origin, source: parent }));
      });
    fromParent({ type: 'language', lang: 'tr' }, 'https://evil.example');
    expect(document.documentElement.lang).toBe('en');
    fromParent({ type: 'language', lang: 'tr' });
    expect(document.documentElement.lang).toBe('tr');
    expect(screen.getByRole('heading', { level: 1, name: 'Asistan' })).toBeInTheDocument();
  });
});
