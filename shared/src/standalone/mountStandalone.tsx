import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { ROUTER_FUTURE } from '../router';
import '../styles/theme.css';
import './standalone.css';

export interface StandalonePage {
  path: string;
  label: string;
  element: ReactNode;
}

/**
 * A section's own page, for developing it without the shell: its pages under a router of its own
 * and a bar to move between them. Inside the site the shell's router and frame take this place.
 */
export function mountStandalone(section: string, pages: StandalonePage[]): void {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <BrowserRouter future={ROUTER_FUTURE}>
        <header className="standalone-bar">
          <strong>{section}</strong> <span>standalone</span>
          <nav aria-label={`${section} pages`}>
            {pages.map(({ path, label }) => (
              <NavLink key={path} to={path}>
                {label}
              </NavLink>
            ))}
          </nav>
        </header>
        <main id="main">
          <Routes>
            {pages.map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
            <Route path="*" element={<Navigate to={pages[0].path} replace />} />
          </Routes>
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
