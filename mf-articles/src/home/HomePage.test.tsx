import type { Article } from '@blog/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aList, anArticle, lines, topics } from '@blog/shared/testing';
import { stubCms, type StandInCms } from '../testing/cms';
import { renderInRouter } from '../testing/render';
import { HomePage } from './HomePage';

let cms: StandInCms;

const oldest = anArticle({
  title_article: 'Shipyards',
  date_of_the_article: '2024-05-06',
  topics: topics('Naval Power'),
});
const newest = anArticle({
  title_article: 'Budgets in an Era of Rearmament',
  date_of_the_article: '2026-11-09',
  topics: topics('Defense Budgets', 'Markets'),
  text_article: lines(16),
});
const second = anArticle({
  title_article: 'Cyber Insurance',
  date_of_the_article: '2026-10-05',
  topics: topics('Cyber', 'Markets'),
  text_article: lines(15, 'Short'),
});

const popular = ({ documentId, title_article, date_of_the_article }: Article, comments: number) => ({
  documentId,
  title_article,
  date_of_the_article,
  comments,
  photo: null,
});

beforeEach(() => {
  cms = stubCms();
  // As the CMS answers: the two newest, newest first.
  cms.homeArticles.mockResolvedValue([newest, second]);
  cms.article.mockImplementation((title) =>
    Promise.resolve([newest, second, oldest].find((each) => each.title_article === title) ?? null),
  );
  cms.articleComments.mockResolvedValue(aList([]));
  cms.mostPopular.mockResolvedValue([popular(oldest, 3), popular(second, 1)]);
  cms.topicCounts.mockResolvedValue([
    { category: 'Markets', count: 2 },
    { category: 'Cyber', count: 1 },
    { category: 'Naval Power', count: 1 },
  ]);
});

const latest = () => screen.getByRole('region', { name: 'Latest articles' });

async function renderHome(entry: Parameters<typeof renderInRouter>[1] = { pathname: '/Home' }) {
  const view = renderInRouter(<HomePage />, entry);
  await within(latest()).findByRole('heading', { level: 2, name: 'Cyber Insurance' });
  return view;
}

describe('home', () => {
  it('shows the banner with its inert sign-up box', async () => {
    await renderHome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Defense Analysis for the Data-Driven Age' }),
    ).toBeInTheDocument();
    expect(screen.getByText('YOUR EMAIL ADDRESS')).toBeInTheDocument();
    expect(screen.getByText('SING UP').closest('button, a, input')).toBeNull();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the two newest articles, newest first, with date, share icons, photo and text', async () => {
    await renderHome();
    const articles = within(latest()).getAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Budgets in an Era of Rearmament',
      'Cyber Insurance',
    ]);
    const [first, next] = articles;
    expect(first).toHaveTextContent('NOV 9, 2026');
    expect(
      within(first)
        .getAllByRole('button', { name: /^Share on / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Share on Facebook', 'Share on X', 'Share on LinkedIn', 'Share on Instagram']);
    // The first photo is the page's largest image above the fold.
    expect(within(first).getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(within(first).getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    expect(within(next).getByRole('img')).toHaveAttribute('loading', 'lazy');
    expect(next).toHaveTextContent('Short 15');
  });

  it('renders the articles’ markup, bold included', async () => {
    const opening = 'Budgets are rising almost everywhere.';
    cms.homeArticles.mockResolvedValue([
      { ...newest, text_article: `**${opening}** 2027 will test them.\n${lines(16)}` },
      second,
    ]);
    await renderHome();
    const [first] = within(latest()).getAllByRole('article');
    expect(within(first).getByText(opening).tagName).toBe('STRONG');
    expect(within(first).getByText(opening).closest('p')).toHaveTextContent(`${opening} 2027 will test them.`);
    expect(first).not.toHaveTextContent('**');
  });

  it('cuts a text longer than 15 lines and offers to continue reading it', async () => {
    await renderHome();
    const [first, next] = within(latest()).getAllByRole('article');
    expect(first).toHaveTextContent('Line 15');
    expect(first).not.toHaveTextContent('Line 16');
    expect(
      within(first).getByRole('link', { name: 'Continue reading... Budgets in an Era of Rearmament' }),
    ).toBeInTheDocument();
    expect(within(next).queryByRole('link', { name: /Continue reading/ })).not.toBeInTheDocument();
  });

  it('opens the article in place on ‘Continue reading...’, and comes back to where it was', async () => {
    const { location, browserBack } = await renderHome();
    await userEvent.click(screen.getByRole('link', { name: /Continue reading/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Budgets in an Era of Rearmament' }),
    ).toBeInTheDocument();
    expect(cms.article).toHaveBeenCalledWith('Budgets in an Era of Rearmament');
    expect(location()).toMatchObject({ pathname: '/Home', search: '?title=Budgets%20in%20an%20Era%20of%20Rearmament' });
    expect(screen.getAllByText('Line 16').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(location()).toMatchObject({ pathname: '/Home', search: '' });
    expect(latest()).toBeInTheDocument();

    await userEvent.click(within(latest()).getByRole('link', { name: 'Cyber Insurance' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cyber Insurance' })).toBeInTheDocument();
    browserBack();
    expect(within(latest()).getByRole('link', { name: 'Cyber Insurance' })).toHaveFocus();
    await within(screen.getByRole('region', { name: 'TOPICS' })).findByRole('link', { name: 'Markets (2)' });
    // The home page and its sidebar were read once, for the page and the articles opened in its place.
    expect(cms.homeArticles).toHaveBeenCalledTimes(1);
    expect(cms.mostPopular).toHaveBeenCalledTimes(1);
    expect(cms.topicCounts).toHaveBeenCalledTimes(1);
  });

  it('lists the most commented articles, and opens one in place', async () => {
    const { location } = await renderHome({ pathname: '/' });
    const popular = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    const links = await within(popular).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Shipyards', 'Cyber Insurance']);
    await userEvent.click(links[0]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipyards' })).toBeInTheDocument();
    expect(location()).toMatchObject({ pathname: '/', search: '?title=Shipyards' });
  });

  it('counts the articles of each topic and leads to the list searched for one', async () => {
    const { location } = await renderHome();
    const topicList = screen.getByRole('region', { name: 'TOPICS' });
    await within(topicList).findByRole('link', { name: 'Markets (2)' });
    expect(
      within(topicList)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Markets (2)', 'Cyber (1)', 'Naval Power (1)']);
    await userEvent.click(within(topicList).getByRole('link', { name: 'Naval Power (1)' }));
    expect(location()).toMatchObject({ pathname: '/Articles', state: { searchTerm: 'Naval Power' } });
  });

  it('opens the article a link names, reading nothing of the home page for it', async () => {
    renderInRouter(<HomePage />, { pathname: '/Home', search: '?title=Shipyards' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipyards' })).toBeInTheDocument();
    expect(cms.homeArticles).not.toHaveBeenCalled();
  });

  it('shows the home page when the title a link names is no article', async () => {
    renderInRouter(<HomePage />, { pathname: '/Home', search: '?title=Gone' });
    const region = await screen.findByRole('region', { name: 'Latest articles' });
    expect(await within(region).findByRole('heading', { level: 2, name: 'Cyber Insurance' })).toBeInTheDocument();
    expect(cms.homeArticles).toHaveBeenCalledTimes(1);
  });

  it('keeps the shape of the page while the data loads', () => {
    cms.homeArticles.mockReturnValue(new Promise(() => undefined));
    cms.mostPopular.mockReturnValue(new Promise(() => undefined));
    cms.topicCounts.mockReturnValue(new Promise(() => undefined));
    renderInRouter(<HomePage />, { pathname: '/Home' });
    expect(latest()).toHaveAttribute('aria-busy', 'true');
    expect(latest().children).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' })).toHaveAttribute('aria-busy', 'true');
  });
});
