import { fetchArticles, fetchComments } from '@blog/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anArticle, topics } from '@blog/shared/testing';
import { renderInRouter } from '../test/render';
import { ArticlesPage } from './ArticlesPage';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual('@blog/shared'),
  fetchArticles: jest.fn(),
  fetchComments: jest.fn(),
}));

const loadArticles = jest.mocked(fetchArticles);

const drones = anArticle({
  title_article: 'Drones at Scale',
  date_of_the_article: '2026-06-29',
  topics: topics('Procurement', 'Industrial Base'),
  text_article: '**Cheap drones** change the math.\n## Why\nMore text.',
});
const cyber = anArticle({
  title_article: 'Cyber Insurance',
  date_of_the_article: '2026-10-05',
  topics: topics('Cyber', 'Markets'),
});
const phishing = anArticle({
  title_article: 'Phishing the Supply Chain',
  date_of_the_article: '2025-03-14',
  topics: topics('Supply Chains'),
});
const budgets = anArticle({
  title_article: 'Budgets in an Era of Rearmament',
  date_of_the_article: '2026-11-09',
  topics: topics('Defense Budgets'),
});
const articles = [drones, cyber, phishing, budgets];

beforeEach(() => {
  jest.clearAllMocks();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  loadArticles.mockResolvedValue(articles);
  jest.mocked(fetchComments).mockResolvedValue([]);
});

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const searchBox = () => screen.getByRole('searchbox', { name: 'Search articles' });

async function renderList(entry: Parameters<typeof renderInRouter>[1] = {}) {
  const view = renderInRouter(<ArticlesPage />, entry);
  await screen.findByRole('heading', { level: 2, name: 'Drones at Scale' });
  return view;
}

describe('the article list', () => {
  it('offers the search the spec describes', async () => {
    await renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Articles' })).toBeInTheDocument();
    expect(screen.getByText('Looking for something special?')).toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('placeholder', 'Search by title or category...');
    expect(screen.getByRole('button', { name: 'SEARCH' })).toBeInTheDocument();
  });

  it('shows a card per article, newest first, with its first topic, photo, date, title and description', async () => {
    await renderList();
    expect(cardTitles()).toEqual([
      'Budgets in an Era of Rearmament',
      'Cyber Insurance',
      'Drones at Scale',
      'Phishing the Supply Chain',
    ]);
    const card = screen.getByRole('heading', { level: 2, name: 'Drones at Scale' }).closest('article') as HTMLElement;
    expect(within(card).getByText('Procurement')).toBeInTheDocument();
    expect(within(card).queryByText('Industrial Base')).not.toBeInTheDocument();
    expect(within(card).getByText('JUN 29, 2026')).toBeInTheDocument();
    // Bold is rendered on this list (spec §5).
    expect(within(card).getByText('Cheap drones').tagName).toBe('STRONG');
    const photo = card.querySelector('img') as HTMLImageElement;
    expect(photo).toHaveAttribute('width', '1200');
    expect(photo).toHaveAttribute('height', '675');
    expect(photo.getAttribute('srcset')).toContain('small_');
  });

  it('loads the photos of the first row at once and the others lazily', async () => {
    await renderList();
    const loading = Array.from(document.querySelectorAll('.mfa-card img')).map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy']);
  });

  it('filters live, ignoring case, on the title or any topic', async () => {
    await renderList();
    await userEvent.type(searchBox(), 'CYBER');
    expect(cardTitles()).toEqual(['Cyber Insurance']);
    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'supply');
    expect(cardTitles()).toEqual(['Phishing the Supply Chain']);
    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'industrial base');
    expect(cardTitles()).toEqual(['Drones at Scale']);
    expect(screen.getByRole('status')).toHaveTextContent('1 article');
  });

  it('does nothing more on SEARCH: the list is already filtered', async () => {
    const { location } = await renderList();
    await userEvent.type(searchBox(), 'cyber');
    await userEvent.click(screen.getByRole('button', { name: 'SEARCH' }));
    expect(cardTitles()).toEqual(['Cyber Insurance']);
    expect(location()).toMatchObject({ pathname: '/Articles', search: '' });
  });

  it('says when nothing matches', async () => {
    await renderList();
    await userEvent.type(searchBox(), 'submarines');
    expect(screen.getByText('No articles match “submarines”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it('starts from the search term the navigation carries', async () => {
    renderInRouter(<ArticlesPage />, { state: { searchTerm: 'Markets' } });
    await screen.findByRole('heading', { level: 2, name: 'Cyber Insurance' });
    expect(searchBox()).toHaveValue('Markets');
    expect(cardTitles()).toEqual(['Cyber Insurance']);
  });

  it('keeps the space of the cards while the articles load', () => {
    loadArticles.mockReturnValue(new Promise(() => undefined));
    renderInRouter(<ArticlesPage />);
    expect(document.querySelector('.mfa-card-grid')).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelectorAll('.mfa-card-grid > li')).toHaveLength(6);
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it('is empty, not broken, when the CMS cannot be reached', async () => {
    loadArticles.mockResolvedValue([]);
    renderInRouter(<ArticlesPage />);
    await waitFor(() => expect(document.querySelector('.mfa-card-grid')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('heading', { level: 1, name: 'Articles' })).toBeInTheDocument();
    expect(screen.queryByText(/No articles match/)).not.toBeInTheDocument();
  });
});

describe('opening an article', () => {
  const openCard = (title: string) => userEvent.click(screen.getByRole('link', { name: title }));

  it('shows its detail at its own address, and the back control returns to the list as it was', async () => {
    const { location } = await renderList();
    await userEvent.type(searchBox(), 'd');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    const link = screen.getByRole('link', { name: 'Drones at Scale' });
    expect(link).toHaveAttribute('href', '/Articles?title=Drones%20at%20Scale');
    await openCard('Drones at Scale');
    expect(screen.getByRole('heading', { level: 1, name: 'Drones at Scale' })).toBeInTheDocument();
    expect(location().search).toBe('?title=Drones%20at%20Scale');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(location().search).toBe('');
    expect(searchBox()).toHaveValue('d');
    expect(screen.getByRole('link', { name: 'Drones at Scale' })).toHaveFocus();
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('returns to the list with the browser’s back button', async () => {
    const { location, browserBack } = await renderList();
    await openCard('Cyber Insurance');
    expect(screen.getByRole('heading', { level: 1, name: 'Cyber Insurance' })).toBeInTheDocument();
    browserBack();
    expect(location().search).toBe('');
    expect(cardTitles()).toHaveLength(4);
  });

  it('goes back to the list over every article opened from the sidebar', async () => {
    jest
      .mocked(fetchComments)
      .mockResolvedValue([
        {
          id: 1,
          documentId: 'c1',
          name: 'A',
          comment: 'x',
          article: 'Budgets in an Era of Rearmament',
          approve_comment: true,
          like: '0',
          dislike: '0',
          publishedAt: '2026-01-01',
        },
      ]);
    const { location } = await renderList({ state: { searchTerm: 'Drones' } });
    await openCard('Drones at Scale');
    const popular = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await userEvent.click(await within(popular).findByRole('link', { name: 'Budgets in an Era of Rearmament' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Budgets in an Era of Rearmament' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(location().search).toBe('');
    expect(cardTitles()).toEqual(['Drones at Scale']);
  });

  it('lands on the article from a shared link, and Back leads to the list', async () => {
    const { location } = renderInRouter(<ArticlesPage />, { search: '?title=Cyber%20Insurance' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cyber Insurance' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(location()).toMatchObject({ pathname: '/Articles', search: '' });
    expect(cardTitles()).toHaveLength(4);
  });

  it('keeps the shape of an article while a shared link waits for the articles', () => {
    loadArticles.mockReturnValue(new Promise(() => undefined));
    renderInRouter(<ArticlesPage />, { search: '?title=Cyber%20Insurance' });
    expect(document.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows the list for a title that names no article', async () => {
    renderInRouter(<ArticlesPage />, { search: '?title=No%20such%20article' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Cyber Insurance' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'No such article' })).not.toBeInTheDocument();
  });

  it('shows the list searched for a topic clicked in the article, from its top', async () => {
    await renderList();
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    await openCard('Drones at Scale');
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Topics' })).getByRole('link', { name: 'Industrial Base' }),
    );
    expect(searchBox()).toHaveValue('Industrial Base');
    expect(cardTitles()).toEqual(['Drones at Scale']);
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(screen.getByRole('link', { name: 'Drones at Scale' })).not.toHaveFocus();
  });
});
