import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadExposedPage, registerRemotesAtStartup, registerRemotesFromManifest, registeredVersions } from './remotes';
import { PREVIEW_STORAGE_KEY, remotesShownAt, startRemoteListRequest, takeStartupManifest, takeStartupRemoteList } from './startupRemoteList';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const Page = (): null => null;
const KNOWLEDGE = { name: 'knowledge', version: '0.1.0-1a2b3c4d', entry: '/remotes/knowledge/0.1.0-1a2b3c4d/mf-manifest.json' };

/** A global fetch answering every request with `body`; resolved only when `gate` is. */
function installFetch(body: unknown, gate: Promise<void> = Promise.resolve()): jest.Mock {
  const mock = jest.fn(async () => {
    await gate;
    const response = { ok: true, status: 200, json: async () => body, clone: () => response };
    return response as unknown as Response;
  });
  globalThis.fetch = mock;
  return mock;
}

const realFetch = globalThis.fetch;

beforeEach(() => {
  window.localStorage.setItem('kb.bucket', '7');
  window.sessionStorage.clear();
  mockedLoad.mockReset();
  mockedRegister.mockReset();
  takeStartupRemoteList(''); // forget a request an earlier test left
});
afterEach(() => {
  globalThis.fetch = realFetch;
  window.localStorage.removeItem('kb.bucket');
});

describe('the start-up /remotes.json request', () => {
  it('is asked once, with the bucket, and its answer registers the remotes', async () => {
    const fetchMock = installFetch({ remotes: [KNOWLEDGE] });
    startRemoteListRequest('', '/');
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json?bucket=7', { cache: 'no-store' });
    const ownFetch = jest.fn();
    const entries = await registerRemotesFromManifest(ownFetch);
    expect(entries.map((e) => e.name)).toEqual(['knowledge']);
    expect(ownFetch).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('serves one registration only: the next one asks again', async () => {
    installFetch({ remotes: [KNOWLEDGE] });
    startRemoteListRequest('');
    await registerRemotesFromManifest();
    const ownFetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ remotes: [] }) }) as Response);
    await registerRemotesFromManifest(ownFetch);
    expect(ownFetch).toHaveBeenCalledTimes(1);
  });

  it('is not made on a page that previews a release: the preview asks for its own list', () => {
    const fetchMock = installFetch({ remotes: [] });
    startRemoteListRequest('?release=knowledge@0.1.0-1a2b3c4d');
    window.sessionStorage.setItem(PREVIEW_STORAGE_KEY, 'knowledge@0.1.0-1a2b3c4d');
    startRemoteListRequest('');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeStartupRemoteList('/remotes.json?bucket=7')).toBeUndefined();
  });
});

describe('the manifests of the first screen', () => {
  const FORMS = { name: 'forms', version: '0.1.0-0000000f', entry: '/remotes/forms/0.1.0-0000000f/mf-manifest.json' };
  const absolute = (entry: string): string => new URL(entry, window.location.href).href;

  it('are asked for as soon as the list arrives, and handed to the runtime once', async () => {
    const fetchMock = installFetch({ remotes: [KNOWLEDGE, FORMS] });
    startRemoteListRequest('', '/knowledge');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledWith(absolute(KNOWLEDGE.entry), {});
    expect(fetchMock).toHaveBeenCalledWith(absolute(FORMS.entry), {});
    expect(takeStartupManifest(absolute(KNOWLEDGE.entry))).toBeDefined();
    expect(takeStartupManifest(absolute(KNOWLEDGE.entry))).toBeUndefined();
    takeStartupManifest(absolute(FORMS.entry));
  });

  it('only for the remotes that page shows', async () => {
    const fetchMock = installFetch({ remotes: [KNOWLEDGE, FORMS] });
    startRemoteListRequest('', '/about');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(takeStartupManifest(absolute(KNOWLEDGE.entry))).toBeUndefined();
    expect(takeStartupManifest(absolute(FORMS.entry))).toBeDefined();
  });

  it('follow the routes: assistant pages, the knowledge screen, and the footer everywhere else', () => {
    expect(remotesShownAt('/chat')).toEqual(['assistant']);
    expect(remotesShownAt('/search/')).toEqual(['assistant']);
    expect(remotesShownAt('/preview')).toEqual(['assistant']);
    expect(remotesShownAt('/knowledge')).toEqual(['knowledge', 'forms']);
    expect(remotesShownAt('/contact')).toEqual(['forms']);
    expect(remotesShownAt('/')).toEqual(['forms']);
  });
});

describe('a remote region during the start-up registration', () => {
  it('waits for it and loads its module without asking for the list again', async () => {
    let release: () => void = () => undefined;
    const fetchMock = installFetch({ remotes: [KNOWLEDGE] }, new Promise<void>((resolve) => (release = resolve)));
    startRemoteListRequest('');
    const registration = registerRemotesAtStartup();
    mockedLoad.mockResolvedValue({ default: Page });
    const loading = loadExposedPage('knowledge/KnowledgePage');
    release();
    await expect(loading).resolves.toEqual({ default: Page });
    await registration;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(mockedRegister).toHaveBeenCalledTimes(1);
    expect(registeredVersions().get('knowledge')).toBe(KNOWLEDGE.version);
  });
});
