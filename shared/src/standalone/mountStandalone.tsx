import { QueryClientProvider } from '../query';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from '../router';
import { sectionsOf } from '../pages/routes';
import { createQueryClient } from '../queries';

import '../styles/theme.css';
import './standalone.css';

/**
 * A section's own page, for developing it without the shell: its routes (from the site's route
 * table) under a router of its own, and a bar to move between them. Rendered in the browser only;
 * inside the site the shell's router, frame and render server take this place.
 * `pages` maps each exposed page's name (`Home` of `mf_articles/Home`) to its component.
 */
export function mountStandalone(container: string, pages: Record<string, ComponentType>): void {
  const routes = sectionsOf(container).flatMap(({ module, paths, title }) => {
    const Page = pages[module.slice(container.length + 1)];
    return Page ? [{ paths, title, Page }] : [];
  });
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <header className="standalone-bar">
            <strong>{container}</strong> <span>standalone</span>
            <nav aria-label={`${container} pages`}>
              {routes.map(({ paths, title }) => (
                <NavLink key={title} to={paths[0]}>
                  {title}
                </NavLink>
              ))}
            </nav>
          </header>
          <main id="main">
            <Routes>
              {routes.flatMap(({ paths, Page }) =>
                paths.map((path) => <Route key={path} path={path} element={<Page />} />),
              )}
              <Route path="*" element={<Navigate to={routes[0].paths[0]} replace />} />
            </Routes>
          </main>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
