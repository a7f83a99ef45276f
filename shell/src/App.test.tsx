import { render, screen } from '@testing-library/react';

import { MemoryRouter } from 'react-router';
import { TestReads } from '@blog/shared/testing/reads';
import { App } from './App';

jest.mock('@blog/shared/federation', () => ({
  RemoteSection: ({ id, label }: { id: string; label: string }) => <p data-testid="section">{`${label}: ${id}`}</p>,
  loadRemoteModule: jest.fn(() => new Promise(() => undefined)),
}));
// The footer's data is the footer test's concern; here it never arrives.
beforeEach(() => {
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined));
});

function renderAt(path: string) {
  return render(
    <TestReads>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </TestReads>,
  );
}

describe('routes', () => {
  it.each([
    ['/', 'Home: mf_articles/Home', 'Home'],
    ['/Home', 'Home: mf_articles/Home', 'Home'],
    ['/Articles', 'Articles: mf_articles/Articles', 'Articles'],
    ['/New-start-here', 'Start here: mf_pages/StartHere', 'Start here'],
    ['/New-letter', 'Newsletter: mf_newsletter/Newsletter', 'Newsletter'],
    ['/About', 'About: mf_pages/About', 'About'],
    ['/Contact', 'Contact: mf_contact/Contact', 'Contact'],
  ])('%s shows its section inside the frame and names the page', (path, section, title) => {
    renderAt(path);
    expect(screen.getByTestId('section')).toHaveTextContent(section);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Defense Analysis`);
  });

  it('shows the not-found page for any other address', () => {
    renderAt('/Articles/extra');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByTestId('section')).not.toBeInTheDocument();
    expect(document.title).toBe('Page not found · Defense Analysis');
  });
});
