import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { languageBus } from '@kb/contracts';
import { Navbar } from './Navbar';

function renderNavbar(path = '/'): void {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navbar />
    </MemoryRouter>,
  );
}

afterEach(() => act(() => languageBus.publish('en')));

describe('Navbar', () => {
  it('links every page and the AI Chat button', () => {
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Knowledge Base, home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Project' })).toHaveAttribute('href', '/project');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Knowledge' })).toHaveAttribute('href', '/knowledge');
    expect(screen.getByRole('link', { name: 'Open Data' })).toHaveAttribute('href', '/open-data');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    // jsdom's origin has no port 3000, so the knowledge application is this origin.
    expect(screen.getByRole('link', { name: 'AI Chat' })).toHaveAttribute('href', '/chat?lang=en');
    expect(screen.getByRole('link', { name: 'AI Chat' })).not.toHaveAttribute('aria-current');
  });

  it('marks the AI Chat button as the current page on /chat', () => {
    renderNavbar('/chat');
    expect(screen.getByRole('link', { name: 'AI Chat' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Project' })).not.toHaveAttribute('aria-current');
  });

  it('switches the language for every text at once', async () => {
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Türkçe' }));
    expect(languageBus.current()).toBe('tr');
    expect(screen.getByRole('link', { name: 'Proje' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yapay Zekâ Sohbet' })).toHaveAttribute('href', '/chat?lang=tr');
    expect(screen.getByRole('button', { name: 'Türkçe' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens and closes the mobile menu with the button, Escape and navigation', async () => {
    renderNavbar();
    // jsdom applies no media queries, so the phone-only menu button counts as hidden here;
    // Playwright checks it at 375 px.
    const menu = (name: string): HTMLElement => {
      const button = screen.getByText(name).closest('button');
      if (!button) throw new Error(`no ${name} button`);
      return button;
    };
    const button = menu('Open menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(menu('Close menu')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(menu('Open menu')).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu('Open menu'));
    await userEvent.click(screen.getByRole('link', { name: 'About', hidden: true }));
    expect(menu('Open menu')).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the open menu on a tap outside the bar, not on one inside it', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Navbar />
        <p>Page content</p>
      </MemoryRouter>,
    );
    const button = (name: string): HTMLElement => {
      const found = screen.getByText(name).closest('button');
      if (!found) throw new Error(`no ${name} button`);
      return found;
    };
    await userEvent.click(button('Open menu'));
    await userEvent.click(screen.getByRole('navigation', { name: 'Main', hidden: true }));
    expect(button('Close menu')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByText('Page content'));
    expect(button('Open menu')).toHaveAttribute('aria-expanded', 'false');
  });
});
