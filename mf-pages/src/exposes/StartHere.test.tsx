import { fetchStartHere, type StartHere as StartHereEntry } from '@blog/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import StartHere from './StartHere';

jest.mock('@blog/shared', () => ({ ...jest.requireActual('@blog/shared'), fetchStartHere: jest.fn() }));

const startHere: StartHereEntry = {
  id: 1,
  documentId: 'start-here',
  title: 'New here?',
  photo: { id: 3, url: '/uploads/start.jpg', width: 1200, height: 675, alternativeText: 'A harbour at dawn' },
  photo_by: 'Photo by Ana Ruiz',
  text: '## Where to begin\nRead the **budget** guide first.\n\n> Good analysis tells you what would change its mind.\nSee [SIPRI](https://www.sipri.org) and [this](javascript:alert(1)).',
};

beforeEach(() => jest.mocked(fetchStartHere).mockResolvedValue(startHere));

describe('Start here', () => {
  it('shows the title, and the photo with its credit as the CMS gives it', async () => {
    render(<StartHere />);
    expect(await screen.findByRole('heading', { level: 1, name: 'New here?' })).toBeInTheDocument();
    const photo = within(screen.getByRole('figure')).getByRole('img', { name: 'A harbour at dawn' });
    expect(photo).toHaveAttribute('src', 'http://localhost:1337/uploads/start.jpg');
    expect(within(screen.getByRole('figure')).getByText('Photo by Ana Ruiz').tagName).toBe('FIGCAPTION');
  });

  it('renders the formatted text with the shared markup, bold included', async () => {
    render(<StartHere />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Where to begin' })).toBeInTheDocument();
    expect(screen.getByText('budget').tagName).toBe('STRONG');
    expect(screen.getByText('budget').closest('p')).toHaveTextContent(/^Read the budget guide first\.$/);
    expect(screen.getByRole('article')).not.toHaveTextContent('**');
    expect(screen.getByText('Good analysis tells you what would change its mind.').tagName).toBe('BLOCKQUOTE');
    expect(screen.getByRole('link', { name: 'SIPRI' })).toHaveAttribute('href', 'https://www.sipri.org');
    expect(screen.queryByRole('link', { name: 'this' })).not.toBeInTheDocument();
  });

  it('shows the photo without a credit when the CMS has none', async () => {
    jest.mocked(fetchStartHere).mockResolvedValue({ ...startHere, photo_by: null });
    render(<StartHere />);
    expect(await screen.findByRole('img', { name: 'A harbour at dawn' })).toBeInTheDocument();
    expect(screen.getByRole('figure').querySelector('figcaption')).toBeNull();
  });

  it('stays empty, without crashing, when the CMS cannot be reached', async () => {
    jest.mocked(fetchStartHere).mockResolvedValue(null);
    render(<StartHere />);
    const page = screen.getByRole('article');
    await waitFor(() => expect(page).toHaveAttribute('aria-busy', 'false'));
    expect(page).toBeEmptyDOMElement();
  });
});
