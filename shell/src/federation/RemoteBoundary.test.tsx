import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, lazy, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { languageBus } from '@kb/contracts';
import { RemoteBoundary } from './RemoteBoundary';

let healthy = false;

function Flaky(): React.ReactNode {
  if (!healthy) throw new Error('remote module threw');
  return <p>remote content</p>;
}

function Harness(): React.ReactNode {
  const [, setAttempt] = useState(0);
  return (
    <>
      <p>navbar stays</p>
      <RemoteBoundary part="partForms" onRetry={() => setAttempt((n) => n + 1)}>
        <Flaky />
      </RemoteBoundary>
    </>
  );
}

beforeEach(() => {
  healthy = false;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => languageBus.publish('en'));
});

describe('RemoteBoundary', () => {
  it('contains a failing remote and recovers on Retry', async () => {
    render(<Harness />);
    expect(screen.getByText('navbar stays')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The form is temporarily unavailable.');
    healthy = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('remote content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it in Turkish', () => {
    render(<Harness />);
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('alert')).toHaveTextContent('Form geçici olarak kullanılamıyor.');
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
  });

  it('links home from a remote that is the whole page, in the visitor language', () => {
    render(
      <MemoryRouter>
        <RemoteBoundary part="partAssistant" home onRetry={() => undefined}>
          <Flaky />
        </RemoteBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The assistant is temporarily unavailable.');
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('alert')).toHaveTextContent('Asistan geçici olarak kullanılamıyor.');
    expect(screen.getByRole('link', { name: 'Ana Sayfaya Dön' })).toHaveAttribute('href', '/');
  });

  it('says which part is loading in a sentence that starts with it, in both languages', () => {
    // A remote module that never arrives: the boundary shows its loading state.
    const Pending = lazy(() => new Promise<{ default: () => React.ReactNode }>(() => undefined));
    render(
      <RemoteBoundary part="partAssistant" onRetry={() => undefined}>
        <Pending />
      </RemoteBoundary>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^The assistant is loading…$/);
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Asistan yükleniyor…$/);
  });

  it('has no home link inside a page that keeps its navbar', () => {
    render(<Harness />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    // A region inside a page (the footer's newsletter) is no page heading.
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it("gives a route's page its h1 while its remote is down (/chat keeps its navbar, no home link)", () => {
    act(() => languageBus.publish('tr'));
    render(
      <MemoryRouter>
        <RemoteBoundary part="partAssistant" page onRetry={() => undefined}>
          <Flaky />
        </RemoteBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Asistan geçici olarak kullanılamıyor.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
