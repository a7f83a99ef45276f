import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { loadRemoteModule } from '@blog/shared/federation';
import { NavBar } from './NavBar';

jest.mock('@blog/shared/federation', () => ({ loadRemoteModule: jest.fn(() => Promise.resolve({})) }));
const load = jest.mocked(loadRemoteModule);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderNav(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <NavBar />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  load.mockClear();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

describe('navigation bar', () => {
  it('links the logo to /Home and the sections in the spec’s order', () => {
    renderNav();
    expect(screen.getByRole('link', { name: 'Defense Analysis' })).toHaveAttribute('href', '/Home');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = Array.from(nav.querySelectorAll('.nav-links a')).map((link) => link.textContent);
    expect(labels).toEqual(['Articles', 'New? Start here', 'Newsletter', 'About', 'Contact']);
  });

  it('marks the current section', () => {
    renderNav('/New-letter');
    const current = screen.getAllByRole('link', { name: 'Newsletter' })[0];
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link', { name: 'About' })[0]).not.toHaveAttribute('aria-current');
  });

  it('shows log in and sign up as labels that do nothing', () => {
    renderNav();
    expect(screen.getByText('Log in').closest('a, button')).toBeNull();
    expect(screen.getByText('Sign up').closest('a, button')).toBeNull();
  });

  it('opens and closes the mobile menu; each of its links closes it', async () => {
    renderNav();
    const menu = document.getElementById('mobile-menu') as HTMLElement;
    expect(menu).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    const link = Array.from(menu.querySelectorAll('a')).find((a) => a.textContent === 'Contact') as HTMLElement;
    await userEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/Contact');
    expect(menu).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles dark mode on the page and remembers it under the user info', async () => {
    renderNav();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('userInfo') as string)).toEqual({ darkMode: true });
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(JSON.parse(localStorage.getItem('userInfo') as string)).toEqual({ darkMode: false });
  });

  it('offers the other theme than the saved one (the page applied the saved one before painting)', async () => {
    localStorage.setItem('userInfo', JSON.stringify({ darkMode: true }));
    renderNav();
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('hover prefetch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const aboutLink = () => screen.getAllByRole('link', { name: 'About' })[0];

  it('loads the section after the pointer rests 100 ms on its link', () => {
    renderNav();
    fireEvent.mouseEnter(aboutLink());
    act(() => jest.advanceTimersByTime(99));
    expect(load).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(load).toHaveBeenCalledWith('mf_pages/About');
  });

  it('does not load it when the pointer leaves sooner', () => {
    renderNav();
    fireEvent.mouseEnter(aboutLink());
    act(() => jest.advanceTimersByTime(60));
    fireEvent.mouseLeave(aboutLink());
    act(() => jest.advanceTimersByTime(500));
    expect(load).not.toHaveBeenCalled();
  });

  it('preloads on keyboard focus too', () => {
    renderNav();
    fireEvent.focus(aboutLink());
    act(() => jest.advanceTimersByTime(100));
    expect(load).toHaveBeenCalledWith('mf_pages/About');
  });
});
