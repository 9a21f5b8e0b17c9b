import { languageBus, LANGUAGE_BUS_KEY, LANGUAGE_STORAGE_KEY } from '@kb/contracts';
import { setLanguage, startLanguage } from './shellLanguage';

function visit(url: string): void {
  window.history.replaceState(null, '', url);
}

beforeEach(() => {
  localStorage.clear();
  delete (window as unknown as Record<string, unknown>)[LANGUAGE_BUS_KEY];
  visit('/');
});

describe('shell language', () => {
  it('remembers a choice and restores it on the next visit', () => {
    setLanguage('tr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');
    delete (window as unknown as Record<string, unknown>)[LANGUAGE_BUS_KEY];
    const stop = startLanguage();
    stop();
    expect(languageBus.current()).toBe('tr');
  });

  it('lets ?lang= win over the stored choice', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    visit('/chat?lang=tr');
    const stop = startLanguage();
    stop();
    expect(languageBus.current()).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');
  });

  it("honours a remote's request", () => {
    const stop = startLanguage();
    languageBus.request('tr');
    stop();
    expect(languageBus.current()).toBe('tr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('tr');
  });
});
