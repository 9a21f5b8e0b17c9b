import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadExposedPage, registerRemotesFromManifest, registeredVersions, RETRY_DELAYS_MS } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

function manifest(body: unknown, ok = true): typeof fetch {
  return jest.fn(async () => ({ ok, status: ok ? 200 : 503, json: async () => body }) as Response);
}

const Page = (): null => null;

beforeEach(() => {
  jest.useFakeTimers();
  mockedLoad.mockReset();
  mockedRegister.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('registerRemotesFromManifest', () => {
  it('registers the listed remotes at absolute manifest URLs, ignoring unknown names', async () => {
    const entries = await registerRemotesFromManifest(
      manifest({
        remotes: [
          { name: 'knowledge', version: '0.1.0-1a2b3c4d', entry: '/remotes/knowledge/0.1.0-1a2b3c4d/mf-manifest.json' },
          { name: 'evil', version: '1', entry: 'https://evil.example/x.json' },
          { name: 'forms' },
        ],
      }),
    );
    expect(entries.map((e) => e.name)).toEqual(['knowledge']);
    expect(mockedRegister).toHaveBeenCalledWith(
      [{ name: 'knowledge', entry: `${window.location.origin}/remotes/knowledge/0.1.0-1a2b3c4d/mf-manifest.json` }],
      { force: true },
    );
    expect(registeredVersions().get('knowledge')).toBe('0.1.0-1a2b3c4d');
  });

  it("asks for the visitor's bucket only, the one kept in localStorage, the same on every load", async () => {
    window.localStorage.setItem('kb.bucket', '90');
    const fetchImpl = manifest({ remotes: [] });
    await registerRemotesFromManifest(fetchImpl);
    await registerRemotesFromManifest(fetchImpl);
    expect(fetchImpl).toHaveBeenNthCalledWith(1, '/remotes.json?bucket=90', { cache: 'no-store' });
    expect(fetchImpl).toHaveBeenNthCalledWith(2, '/remotes.json?bucket=90', { cache: 'no-store' });
    window.localStorage.removeItem('kb.bucket');
  });

  it('leaves the shell running when /remotes.json cannot be read', async () => {
    expect(await registerRemotesFromManifest(manifest({}, false))).toEqual([]);
  });
});

describe('loadExposedPage', () => {
  beforeEach(async () => {
    await registerRemotesFromManifest(
      manifest({ remotes: [{ name: 'forms', version: '0.1.0-00000001', entry: '/remotes/forms/0.1.0-00000001/mf-manifest.json' }] }),
    );
    mockedRegister.mockClear();
  });

  it('retries with back-off, registering the remote anew before each retry', async () => {
    mockedLoad
      .mockRejectedValueOnce(new Error('503'))
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValueOnce({ default: Page });
    const loading = loadExposedPage('forms/ContactPage');
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] ?? 0);
    expect(mockedLoad).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1] ?? 0);
    await expect(loading).resolves.toEqual({ default: Page });
    expect(mockedLoad).toHaveBeenCalledTimes(3);
    expect(mockedRegister).toHaveBeenCalledTimes(2);
  });

  it('reports a load that failed after every retry to the server, once, without anything about the visitor', async () => {
    const realFetch = globalThis.fetch;
    const sent = jest.fn(async () => ({ ok: true, status: 204 }) as Response);
    globalThis.fetch = sent;
    try {
      mockedLoad.mockRejectedValue(new Error('still down'));
      const loading = loadExposedPage('forms/ContactPage');
      const settled = expect(loading).rejects.toThrow('still down');
      await jest.advanceTimersByTimeAsync(10_000);
      await settled;
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith('/api/client-events', {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'remote-load-failed', remote: 'forms', version: '0.1.0-00000001' }),
    });
  });

  it('reports nothing when a retry succeeds', async () => {
    const realFetch = globalThis.fetch;
    const sent = jest.fn(async () => ({ ok: true, status: 204 }) as Response);
    globalThis.fetch = sent;
    try {
      mockedLoad.mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce({ default: Page });
      const loading = loadExposedPage('forms/ContactPage');
      await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] ?? 0);
      await expect(loading).resolves.toEqual({ default: Page });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent).not.toHaveBeenCalled();
  });

  it('gives up after the last attempt with the error, and a later call tries afresh', async () => {
    mockedLoad.mockRejectedValue(new Error('still down'));
    const loading = loadExposedPage('forms/NewsletterForm');
    const settled = expect(loading).rejects.toThrow('still down');
    await jest.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(mockedLoad).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);
    mockedLoad.mockReset();
    mockedLoad.mockResolvedValueOnce({ default: Page });
    await expect(loadExposedPage('forms/NewsletterForm')).resolves.toEqual({ default: Page });
  });

  it('on Retry, reads the active release anew and registers only that remote', async () => {
    const fresh = { name: 'forms', version: '0.1.0-00000002', entry: '/remotes/forms/0.1.0-00000002/mf-manifest.json' };
    const other = { name: 'knowledge', version: '0.1.0-0000000k', entry: '/remotes/knowledge/0.1.0-0000000k/mf-manifest.json' };
    const fetchMock = manifest({ remotes: [other, fresh] });
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchMock;
    try {
      mockedLoad.mockResolvedValueOnce({ default: Page });
      await expect(loadExposedPage('forms/ContactPage', true)).resolves.toEqual({ default: Page });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(mockedRegister).toHaveBeenCalledTimes(1);
    expect(mockedRegister).toHaveBeenCalledWith(
      [{ name: 'forms', entry: `${window.location.origin}/remotes/forms/0.1.0-00000002/mf-manifest.json` }],
      { force: true },
    );
    expect(registeredVersions().get('forms')).toBe('0.1.0-00000002');
  });

  it('treats a module without a component as unavailable', async () => {
    mockedLoad.mockResolvedValue({ default: 'not a component' });
    const loading = loadExposedPage('forms/ContactPage');
    const settled = expect(loading).rejects.toThrow(/unavailable/);
    await jest.advanceTimersByTimeAsync(10_000);
    await settled;
  });
});
