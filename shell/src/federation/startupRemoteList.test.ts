import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadExposedPage, registerRemotesAtStartup, registerRemotesFromManifest, registeredVersions } from './remotes';
import {
  PREVIEW_STORAGE_KEY,
  firstScreenScripts,
  modulesShownAt,
  remotesShownAt,
  startRemoteListRequest,
  takeStartupManifest,
  takeStartupRemoteList,
} from './startupRemoteList';

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

describe("the first screen's remote files", () => {
  const FORMS_MANIFEST = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: [
      { name: 'ContactPage', assets: { js: { sync: ['366.a.js', '500.b.js', '__federation_expose_ContactPage.c.js'], async: ['592.d.js'] } } },
      { name: 'NewsletterForm', assets: { js: { sync: ['366.a.js', '500.b.js', '__federation_expose_NewsletterForm.e.js'], async: ['592.d.js'] } } },
    ],
  };
  const base = new URL('/remotes/forms/0.1.0-0000000f/', window.location.href).href;
  /** Answers every fetch with 200 and the JSON `bodyFor(url)` gives. */
  const serve = (bodyFor: (url: string) => unknown): void => {
    globalThis.fetch = jest.fn(async (url: string) => {
      const response = { ok: true, status: 200, json: async () => bodyFor(url), clone: () => response };
      return response as unknown as Response;
    }) as unknown as typeof fetch;
  };

  it('are the remote entry and the shown modules\' synchronous chunks, each once', () => {
    expect(firstScreenScripts(`${base}mf-manifest.json`, FORMS_MANIFEST, ['ContactPage', 'NewsletterForm'])).toEqual([
      `${base}remoteEntry.js`,
      `${base}366.a.js`,
      `${base}500.b.js`,
      `${base}__federation_expose_ContactPage.c.js`,
      `${base}__federation_expose_NewsletterForm.e.js`,
    ]);
  });

  it('are none for a manifest the runtime would read otherwise', () => {
    const url = `${base}mf-manifest.json`;
    const withMeta = (metaData: object) => ({ ...FORMS_MANIFEST, metaData: { ...FORMS_MANIFEST.metaData, ...metaData } });
    expect(firstScreenScripts(url, withMeta({ publicPath: 'https://cdn.example/forms/' }), ['NewsletterForm'])).toEqual([]);
    expect(firstScreenScripts(url, withMeta({ remoteEntry: { name: 'remoteEntry.js', path: '', type: 'module' } }), ['NewsletterForm'])).toEqual([]);
    expect(firstScreenScripts('https://other.example/forms/mf-manifest.json', FORMS_MANIFEST, ['NewsletterForm'])).toEqual([]);
    expect(firstScreenScripts(url, 'not a manifest', ['NewsletterForm'])).toEqual([]);
  });

  it('are preloaded as scripts once the manifest answers, for the modules the page shows', async () => {
    const list = { remotes: [{ name: 'forms', version: '0.1.0-0000000f', entry: '/remotes/forms/0.1.0-0000000f/mf-manifest.json' }] };
    serve((url) => (url.startsWith('/remotes.json') ? list : FORMS_MANIFEST));
    startRemoteListRequest('', '/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(preloads.map((l) => [l.as, l.href])).toEqual([
      ['script', `${base}remoteEntry.js`],
      ['script', `${base}366.a.js`],
      ['script', `${base}500.b.js`],
      ['script', `${base}__federation_expose_NewsletterForm.e.js`],
    ]);
    preloads.forEach((l) => l.remove());
    takeStartupManifest(`${base}mf-manifest.json`);
  });

  it("wait until the shell's own scripts have downloaded, unless the runtime takes the manifest first", async () => {
    const list = { remotes: [{ name: 'forms', version: '0.1.0-0000000f', entry: '/remotes/forms/0.1.0-0000000f/mf-manifest.json' }] };
    serve((url) => (url.startsWith('/remotes.json') ? list : FORMS_MANIFEST));
    const remotePreloads = (): number => document.head.querySelectorAll('link[href*="/remotes/"]').length;
    const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

    const shellChunk = (): HTMLLinkElement => {
      const link = document.createElement('link');
      link.setAttribute('rel', 'preload');
      link.setAttribute('as', 'script');
      link.setAttribute('href', '/static/js/bootstrap.0000.js');
      return document.head.appendChild(link);
    };
    const chunk = shellChunk();
    startRemoteListRequest('', '/');
    await settle();
    expect(remotePreloads()).toBe(0);
    chunk.dispatchEvent(new Event('load'));
    await settle();
    expect(remotePreloads()).toBe(4);
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    takeStartupManifest(`${base}mf-manifest.json`);
    takeStartupRemoteList('');

    shellChunk();
    startRemoteListRequest('', '/');
    await settle();
    expect(remotePreloads()).toBe(0);
    expect(takeStartupManifest(`${base}mf-manifest.json`)).toBeDefined();
    await settle();
    expect(remotePreloads()).toBe(4);
    document.head.querySelectorAll('link').forEach((l) => l.remove());
  });

  it("on /chat, include the assistant frame's script, fetched into the cache from the frame's page", async () => {
    const version = '0.1.0-0000000a';
    const list = { remotes: [{ name: 'assistant', version, entry: `/remotes/assistant/${version}/mf-manifest.json` }] };
    const frameScript = `/assistant/${version}/static/frame.0b3df351.js`;
    const fetchMock = jest.fn(async (url: string) => {
      const html = `<!doctype html><html><head><script defer src=${frameScript}></script><script defer src=https://cdn.example/x.js></script></head></html>`;
      const body = url.startsWith('/remotes.json') ? list : {};
      const response = {
        ok: true,
        status: 200,
        json: async () => body,
        text: async () => html,
        arrayBuffer: async () => new ArrayBuffer(0),
        clone: () => response,
      };
      return response as unknown as Response;
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    startRemoteListRequest('', '/chat');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const asked = fetchMock.mock.calls.map(([url]) => new URL(url, window.location.href).pathname);
    expect(asked).toContain(`/assistant/${version}/index.html`);
    expect(asked).toContain(frameScript);
    expect(asked.filter((p) => p.endsWith('x.js'))).toEqual([]);
    takeStartupManifest(new URL(`/remotes/assistant/${version}/mf-manifest.json`, window.location.href).href);
  });

  it("on /knowledge, the footer's forms files only once the knowledge screen's files are in", async () => {
    const knowledgeBase = new URL('/remotes/knowledge/0.1.0-1a2b3c4d/', window.location.href).href;
    const knowledgeManifest = {
      metaData: FORMS_MANIFEST.metaData,
      exposes: [{ name: 'KnowledgePage', assets: { js: { sync: ['372.k.js'] } } }],
    };
    const list = { remotes: [KNOWLEDGE, { name: 'forms', version: '0.1.0-0000000f', entry: '/remotes/forms/0.1.0-0000000f/mf-manifest.json' }] };
    serve((url) => (url.startsWith('/remotes.json') ? list : url.includes('/knowledge/') ? knowledgeManifest : FORMS_MANIFEST));
    const preloaded = (): HTMLLinkElement[] => [...document.head.querySelectorAll<HTMLLinkElement>('link[href*="/remotes/"]')];
    startRemoteListRequest('', '/knowledge');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloaded().map((l) => l.href)).toEqual([`${knowledgeBase}remoteEntry.js`, `${knowledgeBase}372.k.js`]);
    preloaded().forEach((l) => l.dispatchEvent(new Event('load')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloaded().filter((l) => l.href.startsWith(base))).toHaveLength(4);
    preloaded().forEach((l) => l.remove());
    takeStartupManifest(`${knowledgeBase}mf-manifest.json`);
    takeStartupManifest(`${base}mf-manifest.json`);
  });

  it('follow the exposed modules each route shows', () => {
    expect(modulesShownAt('/contact')).toEqual([
      { remote: 'forms', module: 'ContactPage' },
      { remote: 'forms', module: 'NewsletterForm' },
    ]);
    expect(modulesShownAt('/chat/')).toEqual([{ remote: 'assistant', module: 'ChatPage' }]);
    expect(modulesShownAt('/about')).toEqual([{ remote: 'forms', module: 'NewsletterForm' }]);
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
