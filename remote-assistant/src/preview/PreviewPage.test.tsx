import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { languageBus } from '@kb/contracts';
import PreviewPage from './PreviewPage';

function renderPreview(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/preview" element={<PreviewPage />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  languageBus.publish('en');
});

describe('PreviewPage', () => {
  it('without a link shows the Document Preview card and Go Home goes home', async () => {
    const user = userEvent.setup();
    renderPreview('/preview');
    expect(screen.getByRole('heading', { name: 'Document Preview' })).toBeInTheDocument();
    expect(screen.getByText('No document link provided')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open in New Tab/ })).not.toBeInTheDocument();
    expect(screen.getByText('No document link provided').closest('[data-remote-version]')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('with a link shows it and opens it in a new tab', () => {
    renderPreview('/preview?link=' + encodeURIComponent('https://example.org/doc.pdf'));
    expect(screen.getByText('https://example.org/doc.pdf')).toBeInTheDocument();
    const open = screen.getByRole('link', { name: /Open in New Tab/ });
    expect(open).toHaveAttribute('href', 'https://example.org/doc.pdf');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('never turns a non-http link into a link', () => {
    renderPreview('/preview?link=' + encodeURIComponent('javascript:alert(1)'));
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText(/only http and https links are supported/)).toBeInTheDocument();
  });

  it('speaks Turkish when the bus does', () => {
    renderPreview('/preview');
    act(() => languageBus.publish('tr'));
    expect(screen.getByRole('heading', { name: 'Belge Önizleme' })).toBeInTheDocument();
    expect(screen.getByText('Belge bağlantısı verilmedi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ana Sayfaya Dön' })).toBeInTheDocument();
  });
});
