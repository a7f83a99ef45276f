import { createQueryClient, queries } from '@blog/shared';
import { TestReads } from '@blog/shared/testing/reads';
import { render, screen, waitFor, within } from '@testing-library/react';
import { about, contactDetails, stubCms } from '../testing/cms';
import { AboutPage } from './AboutPage';

const renderAbout = (client = createQueryClient()) =>
  render(
    <TestReads client={client}>
      <AboutPage />
    </TestReads>,
  );

beforeEach(() => stubCms({ 'about-mes': about, 'contact-details': contactDetails }));
afterEach(() => jest.restoreAllMocks());

describe('About', () => {
  it('shows the title, the phrase and the description as the CMS holds them', async () => {
    renderAbout();
    expect(await screen.findByRole('heading', { level: 1, name: 'About the Author' })).toBeInTheDocument();
    expect(screen.getByText('Numbers before opinions.')).toBeInTheDocument();
    expect(screen.getByText(/^First paragraph/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'a source' })).toHaveAttribute('href', 'https://example.com/source');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('bold').closest('p')).toHaveTextContent(/^Second paragraph, in bold\.$/);
  });

  it('shows the photo from the media host at its own size, with its description, asked for first', async () => {
    renderAbout();
    const photo = await screen.findByRole('img', { name: 'The author at work' });
    expect(photo).toHaveAttribute('src', 'http://localhost:1337/uploads/author.jpg');
    expect(photo).toHaveAttribute('width', '800');
    expect(photo).toHaveAttribute('height', '1000');
    expect(photo.getAttribute('srcset')).toContain('http://localhost:1337/uploads/small_author.jpg 400w');
    // The page's largest image above the fold (its LCP).
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(photo).toHaveAttribute('fetchpriority', 'high');
  });

  it('links the author’s profiles from the contact details, leaving out unsafe ones', async () => {
    renderAbout();
    await screen.findByRole('link', { name: 'Facebook' });
    const profiles = within(screen.getByRole('list')).getAllByRole('link');
    expect(profiles.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Facebook', 'https://facebook.com/author'],
      ['LinkedIn', 'https://linkedin.com/in/author'],
    ]);
    expect(profiles[0]).toHaveAttribute('target', '_blank');
  });

  it('shows everything from its first render when the reads came with the page', () => {
    stubCms({});
    const client = createQueryClient();
    client.setQueryData(queries.about().queryKey, about);
    client.setQueryData(queries.contactDetails().queryKey, contactDetails);
    renderAbout(client);
    expect(screen.getByRole('article')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('heading', { level: 1, name: 'About the Author' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The author at work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facebook' })).toBeInTheDocument();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });

  it('keeps the photo’s place while the reads arrive after a navigation', async () => {
    renderAbout();
    const page = screen.getByRole('article');
    expect(page).toHaveAttribute('aria-busy', 'true');
    // The blank that holds the photo's place, before the text column.
    expect(page.firstElementChild).toHaveClass('photo', 'photoLoading');
    expect(page.firstElementChild).toHaveAttribute('aria-hidden');
    const photo = await screen.findByRole('img', { name: 'The author at work' });
    expect(page.firstElementChild).toBe(photo);
    expect(photo).toHaveClass('photo');
    expect(photo).not.toHaveClass('photoLoading');
  });

  it('stays empty, without crashing, when the CMS cannot be reached', async () => {
    stubCms({});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderAbout();
    const page = screen.getByRole('article');
    await waitFor(() => expect(page).toHaveAttribute('aria-busy', 'false'));
    expect(page).toHaveTextContent(/^$/);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Failed to load about-mes', expect.any(Error));
  });
});
