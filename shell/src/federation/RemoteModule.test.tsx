import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { languageBus } from '@kb/contracts';
import type { ExposedModuleId, ExposedPageModule } from './remotes';
import { RemoteModule } from './RemoteModule';

jest.mock('./remotes', () => ({ loadExposedPage: jest.fn() }));
const { loadExposedPage } = jest.requireMock('./remotes') as { loadExposedPage: jest.Mock<Promise<ExposedPageModule>, [ExposedModuleId, boolean]> };

/** A promise and the functions that settle it. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const moduleShowing = (text: string): ExposedPageModule => ({ default: () => <p>{text}</p> });

beforeEach(() => {
  loadExposedPage.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => languageBus.publish('en'));
});

describe('RemoteModule', () => {
  it('shows the loading line, then the module as soon as it arrives', async () => {
    const load = deferred<ExposedPageModule>();
    loadExposedPage.mockReturnValueOnce(load.promise);
    render(<RemoteModule id="knowledge/KnowledgePage" part="partKnowledge" page />);
    expect(screen.getByRole('status')).toHaveTextContent('The knowledge browser is loading…');
    await act(async () => load.resolve(moduleShowing('the sources')));
    expect(screen.getByText('the sources')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(loadExposedPage).toHaveBeenCalledWith('knowledge/KnowledgePage', false);
  });

  it('shows the unavailable panel when the module cannot be loaded, and Retry asks again afresh', async () => {
    const first = deferred<ExposedPageModule>();
    loadExposedPage.mockReturnValueOnce(first.promise).mockResolvedValueOnce(moduleShowing('the contact form'));
    render(<RemoteModule id="forms/ContactPage" part="partForms" page />);
    await act(async () => first.reject(new Error('remoteEntry.js: 503')));
    expect(screen.getByRole('alert')).toHaveTextContent('The form is temporarily unavailable.');
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('alert')).toHaveTextContent('Form geçici olarak kullanılamıyor.');
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('the contact form')).toBeInTheDocument();
    expect(loadExposedPage).toHaveBeenLastCalledWith('forms/ContactPage', true);
  });

  it('reuses a module once loaded: a second region of it shows at once, without loading again', async () => {
    loadExposedPage.mockResolvedValueOnce(moduleShowing('the newsletter form'));
    const { unmount } = render(<RemoteModule id="forms/NewsletterForm" part="partNewsletter" />);
    expect(await screen.findByText('the newsletter form')).toBeInTheDocument();
    unmount();
    render(<RemoteModule id="forms/NewsletterForm" part="partNewsletter" />);
    expect(screen.getByText('the newsletter form')).toBeInTheDocument();
    expect(loadExposedPage).toHaveBeenCalledTimes(1);
  });
});
