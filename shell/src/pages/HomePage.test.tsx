import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { act } from 'react';
import { languageBus } from '@kb/contracts';
import { HomePage } from './HomePage';

function Where(): React.ReactNode {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderHome(): void {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => act(() => languageBus.publish('en')));

describe('Home', () => {
  it('shows the headline and three badges', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Knowledge You can Trust' })).toBeInTheDocument();
    expect(screen.getByText('Verified Sources')).toBeInTheDocument();
    expect(screen.getByText('Multi-language Support')).toBeInTheDocument();
    expect(screen.getByText('AI-powered Answers')).toBeInTheDocument();
  });

  it('opens /chat with the trimmed, encoded question', async () => {
    renderHome();
    await userEvent.type(screen.getByLabelText('Your question'), '  What is patience & prayer?  ');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/chat?q=${encodeURIComponent('What is patience & prayer?')}`,
    );
  });

  it('submits with Enter too', async () => {
    renderHome();
    await userEvent.type(screen.getByLabelText('Your question'), 'sabır{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent(`/chat?q=${encodeURIComponent('sabır')}`);
  });

  it('does nothing for a blank question', async () => {
    renderHome();
    await userEvent.type(screen.getByLabelText('Your question'), '    ');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('speaks Turkish when the shell switches', () => {
    renderHome();
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('heading', { level: 1, name: 'Güvenebileceğiniz Bilgi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sor' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sorunuz')).toBeInTheDocument();
  });
});

describe('Home on a phone', () => {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    // Under 768 px, as a phone reports it.
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width: 767px'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('shows the shorter placeholder', () => {
    renderHome();
    expect(screen.getByLabelText('Your question')).toHaveAttribute('placeholder', 'Ask a question…');
  });
});

it('shows the long placeholder on a wide screen', () => {
  renderHome();
  expect(screen.getByLabelText('Your question')).toHaveAttribute(
    'placeholder',
    'Ask anything, e.g. What does the Quran say about patience?',
  );
});
