import { render, screen, within } from '@testing-library/react';
import { ROUTER_FUTURE } from '@blog/shared';
import { MemoryRouter } from 'react-router-dom';
import { fetchContactDetails, fetchRecentArticles, type ArchiveEntry, type ContactDetails } from '@blog/shared';
import { Footer } from './Footer';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual('@blog/shared'),
  fetchContactDetails: jest.fn(),
  fetchRecentArticles: jest.fn(),
}));

const article = (title: string, date: string): ArchiveEntry => ({ documentId: title, title_article: title, date_of_the_article: date });

const contact: ContactDetails = {
  email: 'author@example.com',
  phone: '+57 300',
  location: 'Somewhere',
  Facebook_url: 'https://facebook.com/author',
  x_url: 'javascript:alert(1)',
  linkedin_url: 'https://linkedin.com/in/author',
  instagram_url: null,
} as ContactDetails;

function renderFooter() {
  return render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <Footer />
    </MemoryRouter>,
  );
}

describe('footer', () => {
  it('links the three newest articles to their page and the author’s safe social links', async () => {
    jest.mocked(fetchContactDetails).mockResolvedValue(contact);
    // As the CMS answers: newest first.
    jest.mocked(fetchRecentArticles).mockResolvedValue([
      article('Newest', '2026-05-01'),
      article('Newer', '2026-01-01'),
      article('Middle', '2025-01-01'),
    ]);
    renderFooter();
    expect(fetchRecentArticles).toHaveBeenCalledWith(3);
    const recent = await screen.findByRole('region', { name: 'Recent articles' });
    await within(recent).findByText('Newest');
    expect(within(recent).getAllByRole('link').map((link) => link.textContent)).toEqual(['Newest', 'Newer', 'Middle']);
    expect(within(recent).getByRole('link', { name: 'Newest' })).toHaveAttribute('href', '/Articles?title=Newest');

    const follow = screen.getByRole('region', { name: 'Follow' });
    expect(within(follow).getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/author');
    expect(within(follow).queryByRole('link', { name: 'X' })).not.toBeInTheDocument();
    expect(within(follow).queryByRole('link', { name: 'Instagram' })).not.toBeInTheDocument();
    expect(within(follow).getByRole('link', { name: 'author@example.com' })).toHaveAttribute('href', 'mailto:author@example.com');
  });

  it('stays in place, empty, when the CMS cannot be reached', async () => {
    jest.mocked(fetchContactDetails).mockResolvedValue(null);
    jest.mocked(fetchRecentArticles).mockResolvedValue([]);
    renderFooter();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
