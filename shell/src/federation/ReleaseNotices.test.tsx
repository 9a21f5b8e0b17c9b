import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { Link, MemoryRouter } from 'react-router-dom';
import { languageBus, type RemotesManifest } from '@kb/contracts';
import { BUCKET_STORAGE_KEY } from './bucket';
import { PREVIEW_STORAGE_KEY, startReleasePreview } from './releasePreview';
import { ReleaseNotices } from './ReleaseNotices';
import { registerRemotesFromManifest } from './remotes';
import { resetReleaseWatch } from './releaseWatch';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const LIVE = { name: 'assistant', version: '0.1.0-000000a1', entry: '/remotes/assistant/0.1.0-000000a1/mf-manifest.json' };
const NEXT = { name: 'assistant', version: '0.1.0-000000a2', entry: '/remotes/assistant/0.1.0-000000a2/mf-manifest.json' };

/** A `/remotes.json` that answers `body`, recording the URLs asked. */
function server(body: RemotesManifest): jest.MockedFunction<typeof fetch> {
  return jest.fn<ReturnType<typeof fetch>, Parameters<typeof fetch>>(async () => ({ ok: true, status: 200, json: async () => body }) as Response);
}

/** A page at `url` that has started as the shell does: preview first, then the remote list. */
async function startAt(url: string, answer: RemotesManifest): Promise<jest.MockedFunction<typeof fetch>> {
  window.history.replaceState(null, '', url);
  startReleasePreview();
  const fetchImpl = server(answer);
  await registerRemotesFromManifest(fetchImpl);
  return fetchImpl;
}

function renderNotices(props: Parameters<typeof ReleaseNotices>[0] = {}): void {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Link to="/about">About</Link>
      <ReleaseNotices {...props} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  // The visitor's bucket goes with every request for the list (the canary's share).
  localStorage.setItem(BUCKET_STORAGE_KEY, '7');
  resetReleaseWatch();
});
afterEach(() => {
  act(() => languageBus.publish('en'));
  window.history.replaceState(null, '', '/');
});

describe('the preview bar', () => {
  it('previews the linked release for the tab, and leaves it on request', async () => {
    const fetchImpl = await startAt('/?release=assistant@0.1.0-000000a2', {
      remotes: [NEXT],
      preview: { release: 'assistant@0.1.0-000000a2', available: true },
    });
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json?bucket=7&release=assistant%400.1.0-000000a2', { cache: 'no-store' });
    expect(sessionStorage.getItem(PREVIEW_STORAGE_KEY)).toBe('assistant@0.1.0-000000a2');
    const navigate = jest.fn();
    renderNotices({ navigate });
    const bar = screen.getByRole('region', { name: 'Release preview' });
    expect(bar).toHaveTextContent('Preview of assistant@0.1.0-000000a2: this release is not live yet.');

    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('region', { name: 'Sürüm önizlemesi' })).toHaveTextContent(
      'assistant@0.1.0-000000a2 önizlemesi: bu sürüm henüz yayında değil.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Önizlemeden çık' }));
    expect(navigate).toHaveBeenCalledWith('/');
    expect(sessionStorage.getItem(PREVIEW_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sürüm önizlemesi' })).not.toBeInTheDocument();
  });

  it('keeps the preview on later pages of the tab without the link', async () => {
    sessionStorage.setItem(PREVIEW_STORAGE_KEY, 'assistant@0.1.0-000000a2');
    const fetchImpl = await startAt('/about', { remotes: [NEXT], preview: { release: 'assistant@0.1.0-000000a2', available: true } });
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json?bucket=7&release=assistant%400.1.0-000000a2', { cache: 'no-store' });
    renderNotices();
    expect(screen.getByRole('region', { name: 'Release preview' })).toHaveTextContent('Preview of assistant@0.1.0-000000a2');
  });

  it('says when the release cannot be previewed, and shows the live site', async () => {
    await startAt('/?release=assistant@0.1.0-000000a9', {
      remotes: [LIVE],
      preview: { release: 'assistant@0.1.0-000000a9', available: false },
    });
    renderNotices();
    expect(screen.getByRole('region', { name: 'Release preview' })).toHaveTextContent(
      'Release assistant@0.1.0-000000a9 is not available for preview. You are seeing the live site.',
    );
    expect(screen.getByRole('button', { name: 'Leave preview' })).toBeInTheDocument();
  });

  it('never sends a malformed release to the server, and says it is not available', async () => {
    const fetchImpl = await startAt('/?release=../../etc', { remotes: [LIVE] });
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json?bucket=7', { cache: 'no-store' });
    expect(sessionStorage.getItem(PREVIEW_STORAGE_KEY)).toBeNull();
    renderNotices();
    expect(screen.getByRole('region', { name: 'Release preview' })).toHaveTextContent(
      'Release ../../etc is not available for preview.',
    );
  });

  it('is absent without a preview', async () => {
    await startAt('/', { remotes: [LIVE] });
    renderNotices();
    expect(screen.queryByRole('region', { name: 'Release preview' })).not.toBeInTheDocument();
  });
});

describe('the reload offer', () => {
  it('appears after an in-app navigation once a loaded release changed, and reloads on request', async () => {
    await startAt('/', { remotes: [LIVE] });
    const reload = jest.fn();
    const fetchImpl = server({ remotes: [NEXT] });
    renderNotices({ reload, fetchImpl });
    // The first render reads nothing: the list was just read at start-up.
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Site update' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json?bucket=7', { cache: 'no-store' });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Site update' })).toHaveTextContent('A new version of this site is available.'),
    );
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('region', { name: 'Site güncellemesi' })).toHaveTextContent('Sitenin yeni bir sürümü var.');
    await userEvent.click(screen.getByRole('button', { name: 'Yeniden yükle' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stays away while the loaded releases are still the live ones', async () => {
    await startAt('/', { remotes: [LIVE] });
    const fetchImpl = server({ remotes: [LIVE] });
    renderNotices({ fetchImpl });
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('region', { name: 'Site update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });
});
