import { createQueryClient, queries } from '@blog/shared';
import { TestReads } from '@blog/shared/testing/reads';
import { render, screen, waitFor, within } from '@testing-library/react';
import { startHere, stubCms } from '../testing/cms';
import { StartHerePage } from './StartHerePage';

const renderStartHere = (client = createQueryClient()) =>
  render(
    <TestReads client={client}>
      <StartHerePage />
    </TestReads>,
  );

beforeEach(() => stubCms({ 'new-start-heres': startHere }));
afterEach(() => jest.restoreAllMocks());

describe('Start here', () => {
  it('shows the title, and the photo with its credit as the CMS gives it', async () => {
    renderStartHere();
    expect(await screen.findByRole('heading', { level: 1, name: 'New here?' })).toBeInTheDocument();
    const figure = screen.getByRole('figure');
    const photo = within(figure).getByRole('img', { name: 'A harbour at dawn' });
    expect(photo).toHaveAttribute('src', 'http://localhost:1337/uploads/start.jpg');
    expect(photo).toHaveAttribute('width', '1200');
    expect(photo).toHaveAttribute('height', '675');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
    expect(within(figure).getByText('Photo by Ana Ruiz').tagName).toBe('FIGCAPTION');
  });

  it('renders the formatted text with the shared markup, bold included', async () => {
    renderStartHere();
    expect(await screen.findByRole('heading', { level: 2, name: 'Where to begin' })).toBeInTheDocument();
    expect(screen.getByText('budget').tagName).toBe('STRONG');
    expect(screen.getByText('budget').closest('p')).toHaveTextContent(/^Read the budget guide first\.$/);
    expect(screen.getByRole('article')).not.toHaveTextContent('**');
    expect(screen.getByText('Good analysis tells you what would change its mind.').tagName).toBe('BLOCKQUOTE');
    expect(screen.getByRole('link', { name: 'SIPRI' })).toHaveAttribute('href', 'https://www.sipri.org');
    expect(screen.queryByRole('link', { name: 'this' })).not.toBeInTheDocument();
  });

  it('shows the photo without a credit when the CMS has none', async () => {
    stubCms({ 'new-start-heres': { ...startHere, photo_by: null } });
    renderStartHere();
    expect(await screen.findByRole('img', { name: 'A harbour at dawn' })).toBeInTheDocument();
    expect(screen.getByRole('figure').querySelector('figcaption')).toBeNull();
  });

  it('shows everything from its first render when the reads came with the page', () => {
    stubCms({});
    const client = createQueryClient();
    client.setQueryData(queries.startHere().queryKey, startHere);
    renderStartHere(client);
    expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('heading', { level: 1, name: 'New here?' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A harbour at dawn' })).toBeInTheDocument();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('keeps the photo’s place while the reads arrive after a navigation', async () => {
    renderStartHere();
    expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'true');
    const blank = screen.getByRole('figure', { hidden: true }).firstElementChild;
    expect(blank).toHaveClass('photoLoading');
    expect(blank).toHaveAttribute('aria-hidden');
    const photo = await screen.findByRole('img', { name: 'A harbour at dawn' });
    expect(photo).not.toHaveClass('photoLoading');
  });

  it('stays empty, without crashing, when the CMS cannot be reached', async () => {
    stubCms({});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderStartHere();
    const page = screen.getByRole('article');
    await waitFor(() => expect(page).toHaveAttribute('aria-busy', 'false'));
    expect(page).toBeEmptyDOMElement();
    expect(console.error).toHaveBeenCalledWith('Failed to load new-start-heres', expect.any(Error));
  });
});
