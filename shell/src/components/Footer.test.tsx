import { render, screen, within } from '@testing-library/react';
import { createQueryClient, type ArchiveEntry, type ContactDetails } from '@blog/shared';
import { forgetSharedReads } from '@blog/shared/testing';
import { TestReads } from '@blog/shared/testing/reads';
import { MemoryRouter } from 'react-router';
import { Footer, loadFooter } from './Footer';

const article = (title: string, date: string): ArchiveEntry => ({
  documentId: title,
  title_article: title,
  date_of_the_article: date,
});

const contact: ContactDetails = {
  email: 'author@example.com',
  phone: '+57 300',
  location: 'Somewhere',
  Facebook_url: 'https://facebook.com/author',
  x_url: 'javascript:alert(1)',
  linkedin_url: 'https://linkedin.com/in/author',
  instagram_url: null,
} as ContactDetails;

/** The CMS, answering what the footer asks for; a failure answers 500. */
function cmsAnswers(recent: ArchiveEntry[] | null, details: ContactDetails | null) {
  const fetch = jest.fn((url: string) => {
    const body = url.includes('/latest-articles') ? recent : details && [details];
    // jsdom has no `Response`: what the client reads of one.
    return Promise.resolve({
      ok: body !== null,
      status: body ? 200 : 500,
      json: () => Promise.resolve({ data: body }),
    });
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return fetch;
}

afterEach(() => {
  jest.restoreAllMocks();
  forgetSharedReads();
});

function renderFooter() {
  return render(
    <TestReads>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </TestReads>,
  );
}

describe('footer', () => {
  it('links the three newest articles to their page and the author’s safe social links', async () => {
    // As the CMS answers: newest first.
    const fetch = cmsAnswers(
      [article('Newest', '2026-05-01'), article('Newer', '2026-01-01'), article('Middle', '2025-01-01')],
      contact,
    );
    renderFooter();
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/\/api\/latest-articles\?limit=3$/), expect.anything());
    const recent = await screen.findByRole('region', { name: 'Recent articles' });
    await within(recent).findByText('Newest');
    expect(
      within(recent)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Newest', 'Newer', 'Middle']);
    expect(within(recent).getByRole('link', { name: 'Newest' })).toHaveAttribute('href', '/Articles?title=Newest');

    const follow = screen.getByRole('region', { name: 'Follow' });
    expect(within(follow).getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/author',
    );
    expect(within(follow).queryByRole('link', { name: 'X' })).not.toBeInTheDocument();
    expect(within(follow).queryByRole('link', { name: 'Instagram' })).not.toBeInTheDocument();
    expect(within(follow).getByRole('link', { name: 'author@example.com' })).toHaveAttribute(
      'href',
      'mailto:author@example.com',
    );
  });

  it('stays in place, empty, when the CMS cannot be reached', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = cmsAnswers(null, null);
    renderFooter();
    await screen.findByRole('contentinfo');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});

describe('the footer on the server', () => {
  it('loads what it shows, so that the page arrives with it', async () => {
    cmsAnswers([article('Newest', '2026-05-01')], contact);
    const reads = createQueryClient();
    await loadFooter(reads);
    render(
      <TestReads client={reads}>
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </TestReads>,
    );
    // At once: nothing is asked again.
    expect(screen.getByRole('link', { name: 'Newest' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'author@example.com' })).toBeInTheDocument();
  });
});
