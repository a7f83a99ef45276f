import type { ArticleList, ArticleSummary, StrapiList, SummaryQuery } from '@blog/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aList, aSummary, anArticle, topics } from '@blog/shared/testing';
import { stubCms, type StandInCms } from '../testing/cms';
import { renderInRouter } from '../testing/render';
import { ArticlesPage } from './ArticlesPage';

let cms: StandInCms;
let loadSummaries: StandInCms['articleSummaries'];
let scrollTo: jest.SpiedFunction<typeof window.scrollTo>;

// As the CMS holds them, newest first.
const budgets = aSummary({
  title_article: 'Budgets in an Era of Rearmament',
  date_of_the_article: '2026-11-09',
  topics: topics('Defense Budgets'),
});
const cyber = aSummary({
  title_article: 'Cyber Insurance',
  date_of_the_article: '2026-10-05',
  topics: topics('Cyber', 'Markets'),
});
const drones = aSummary({
  title_article: 'Drones at Scale',
  date_of_the_article: '2026-06-29',
  topics: topics('Procurement', 'Industrial Base'),
  excerpt: '**Cheap drones** change the math.\nWhy\nMore text.',
});
const phishing = aSummary({
  title_article: 'Phishing the Supply Chain',
  date_of_the_article: '2025-03-14',
  topics: topics('Supply Chains'),
});
const summaries = [budgets, cyber, drones, phishing];

/** The CMS's side of the list: spec §5's search and pages of 12, as `article-summaries` answers. */
function cmsOf(articles: ArticleSummary[]) {
  return ({ search, page }: SummaryQuery): Promise<StrapiList<ArticleSummary>> => {
    const needle = search.trim().toLowerCase();
    const matches = (text: string) => text.toLowerCase().includes(needle);
    const found = articles.filter(
      (article) => matches(article.title_article) || article.topics.some((topic) => matches(topic.category)),
    );
    return Promise.resolve(
      aList(found.slice((page - 1) * 12, page * 12), {
        page,
        pageSize: 12,
        pageCount: Math.ceil(found.length / 12),
        total: found.length,
      }),
    );
  };
}

beforeEach(() => {
  cms = stubCms();
  loadSummaries = cms.articleSummaries;
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  scrollTo = jest.spyOn(window, 'scrollTo');
  loadSummaries.mockImplementation(cmsOf(summaries));
  cms.article.mockImplementation((title) => {
    const summary = summaries.find((each) => each.title_article === title);
    return Promise.resolve(
      summary ? anArticle({ ...summary, photo_article: null, text_article: summary.excerpt }) : null,
    );
  });
});

const cardGrid = () => screen.getByRole('region', { name: 'Articles' });
const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const searchBox = () => screen.getByRole('searchbox', { name: 'Search articles' });
const searchedFor = () => loadSummaries.mock.calls.map(([query]) => query);
const listed = (titles: string[]) => waitFor(() => expect(cardTitles()).toEqual(titles));

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

  it('asks the CMS for the first page of every article and shows a card per article, in its order', async () => {
    await renderList();
    expect(searchedFor()).toEqual([{ search: '', page: 1 }]);
    expect(cardTitles()).toEqual([
      'Budgets in an Era of Rearmament',
      'Cyber Insurance',
      'Drones at Scale',
      'Phishing the Supply Chain',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('4 articles');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('shows on each card its first topic, photo, date, title and the CMS’s excerpt', async () => {
    await renderList();
    const card = screen.getByRole('heading', { level: 2, name: 'Drones at Scale' }).closest('article') as HTMLElement;
    expect(within(card).getByText('Procurement')).toBeInTheDocument();
    expect(within(card).queryByText('Industrial Base')).not.toBeInTheDocument();
    expect(within(card).getByText('JUN 29, 2026')).toBeInTheDocument();
    // Bold is rendered on this list (spec §5).
    expect(within(card).getByText('Cheap drones').tagName).toBe('STRONG');
    expect(within(card).getByTestId('card-description')).toHaveTextContent('Cheap drones change the math.');
    const photo = card.querySelector('img') as HTMLImageElement;
    expect(photo).toHaveAttribute('src', `http://localhost:1337${drones.photo?.url}`);
    expect(photo).toHaveAttribute('width', '1200');
    expect(photo).toHaveAttribute('height', '675');
    expect(photo.getAttribute('srcset')).toContain('small_');
  });

  it('shows a text match with its snippet: only the matched words marked, the rest text', async () => {
    const snippet = 'the &lt;b&gt;Under&lt;/b&gt; Secretary (<mark>Comptroller</mark>) &amp; more';
    loadSummaries.mockImplementation(({ search }) =>
      Promise.resolve(
        aList(search === '' ? summaries : [{ ...drones, snippet }], { page: 1, pageSize: 12, pageCount: 1, total: 1 }),
      ),
    );
    await renderList({ search: '?search=comptroller' });
    const card = screen.getByRole('heading', { level: 2, name: 'Drones at Scale' }).closest('article') as HTMLElement;
    const shown = within(card).getByTestId('card-snippet');
    expect(shown).toHaveTextContent('the <b>Under</b> Secretary (Comptroller) & more');
    expect([...shown.querySelectorAll('*')].map((element) => element.outerHTML)).toEqual(['<mark>Comptroller</mark>']);
    expect(within(card).queryByTestId('card-description')).not.toBeInTheDocument();
  });

  it('asks for the first card’s photo at once and first, and the others as the visitor scrolls near them', async () => {
    await renderList();
    const photos = within(cardGrid()).getAllByRole('presentation');
    expect(photos.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
    expect(photos.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null]);
  });

  it('filters live, asking the CMS once the visitor pauses, and keeps the term in the address', async () => {
    const { location } = await renderList();
    await userEvent.type(searchBox(), 'CYBER');
    await listed(['Cyber Insurance']);
    expect(location().search).toBe('?search=CYBER');
    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'industrial base');
    await listed(['Drones at Scale']);
    expect(screen.getByRole('status')).toHaveTextContent('1 article');
    expect(location().search).toBe('?search=industrial+base');
    // One request a pause, not one a key.
    expect(searchedFor()).toEqual([
      { search: '', page: 1 },
      { search: 'CYBER', page: 1 },
      { search: 'industrial base', page: 1 },
    ]);
  });

  it('waits for the visitor to pause before it asks', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await renderList();
      await user.type(searchBox(), 'cy');
      act(() => jest.advanceTimersByTime(200));
      await user.type(searchBox(), 'ber');
      act(() => jest.advanceTimersByTime(200));
      expect(searchedFor()).toEqual([{ search: '', page: 1 }]);
      await act(() => Promise.resolve(jest.advanceTimersByTime(50)));
      expect(searchedFor()).toEqual([
        { search: '', page: 1 },
        { search: 'cyber', page: 1 },
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the answer to the latest term, even when an earlier one answers after it', async () => {
    const answers: Record<string, (list: StrapiList<ArticleSummary>) => void> = {};
    loadSummaries.mockImplementation(({ search }) => new Promise((resolve) => (answers[search] = resolve)));
    renderInRouter(<ArticlesPage />);
    await act(async () => answers['']?.(await cmsOf(summaries)({ search: '', page: 1 })));
    await userEvent.type(searchBox(), 'c');
    await waitFor(() => expect(answers.c).toBeDefined());
    await userEvent.type(searchBox(), 'yber');
    await waitFor(() => expect(answers.cyber).toBeDefined());

    await act(async () => answers.cyber(await cmsOf(summaries)({ search: 'cyber', page: 1 })));
    await listed(['Cyber Insurance']);
    await act(async () => answers.c(await cmsOf(summaries)({ search: 'c', page: 1 })));
    // Every answer on its way has arrived.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(cardTitles()).toEqual(['Cyber Insurance']);
    expect(searchBox()).toHaveValue('cyber');
  });

  it('keeps the results shown, marked busy, while the next ones load', async () => {
    await renderList();
    loadSummaries.mockReturnValue(new Promise(() => undefined));
    await userEvent.type(searchBox(), 'cyber');
    await waitFor(() => expect(cardGrid()).toHaveAttribute('aria-busy', 'true'));
    expect(cardTitles()).toHaveLength(4);
  });

  it('does nothing more on SEARCH: the list is already filtered', async () => {
    const { location } = await renderList();
    await userEvent.type(searchBox(), 'cyber');
    await listed(['Cyber Insurance']);
    await userEvent.click(screen.getByRole('button', { name: 'SEARCH' }));
    expect(cardTitles()).toEqual(['Cyber Insurance']);
    expect(location()).toMatchObject({ pathname: '/Articles', search: '?search=cyber' });
  });

  it('says when nothing matches', async () => {
    await renderList();
    await userEvent.type(searchBox(), 'submarines');
    expect(await screen.findByText('No articles match “submarines”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it('offers the CMS’s correction as a link that searches for it, the box following', async () => {
    const answer = cmsOf(summaries);
    loadSummaries.mockImplementation(({ search, page }) =>
      search === 'cybr'
        ? Promise.resolve({ ...aList([]), meta: { ...aList([]).meta, suggestion: 'cyber' } })
        : answer({ search, page }),
    );
    const { location } = await renderList();
    await userEvent.type(searchBox(), 'cybr');
    const suggested = await screen.findByRole('link', { name: 'cyber' });
    expect(suggested.parentElement).toHaveTextContent(/^Did you mean cyber\?$/);
    await userEvent.click(suggested);
    await listed(['Cyber Insurance']);
    expect(searchBox()).toHaveValue('cyber');
    expect(location()).toMatchObject({ pathname: '/Articles', search: '?search=cyber' });
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it('starts from the search term the navigation carries, and moves it into the address', async () => {
    const { location } = renderInRouter(<ArticlesPage />, { state: { searchTerm: 'Markets' } });
    await screen.findByRole('heading', { level: 2, name: 'Cyber Insurance' });
    expect(searchBox()).toHaveValue('Markets');
    expect(cardTitles()).toEqual(['Cyber Insurance']);
    expect(location().search).toBe('?search=Markets');
    expect(searchedFor()).toEqual([{ search: 'Markets', page: 1 }]);
  });

  it('starts from the search and the page its address names', async () => {
    renderInRouter(<ArticlesPage />, { search: '?search=cyber' });
    await screen.findByRole('heading', { level: 2, name: 'Cyber Insurance' });
    expect(searchBox()).toHaveValue('cyber');
    expect(searchedFor()).toEqual([{ search: 'cyber', page: 1 }]);
  });

  it('keeps the space of the cards while the articles load', () => {
    loadSummaries.mockReturnValue(new Promise(() => undefined));
    renderInRouter(<ArticlesPage />);
    expect(cardGrid()).toHaveAttribute('aria-busy', 'true');
    expect(within(cardGrid()).getAllByRole('listitem', { hidden: true })).toHaveLength(6);
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it('is empty, not broken, when the CMS cannot be reached', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadSummaries.mockResolvedValue(null);
    renderInRouter(<ArticlesPage />, { search: '?search=cyber' });
    await waitFor(() => expect(cardGrid()).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('heading', { level: 1, name: 'Articles' })).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(screen.queryByText(/No articles match/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load article-summaries', expect.any(Error));
    logged.mockRestore();
  });
});

describe('pages of results', () => {
  // Newest first: 'Analysis 1' is the newest.
  const many = Array.from({ length: 26 }, (_, index) =>
    aSummary({ title_article: `Analysis ${index + 1}`, topics: topics(index % 2 === 0 ? 'Army' : 'Navy') }),
  );
  const pager = () => screen.getByRole('navigation', { name: 'Pages' });

  beforeEach(() => loadSummaries.mockImplementation(cmsOf(many)));

  it('shows a screenful of 12, and links every page by its address', async () => {
    renderInRouter(<ArticlesPage />);
    await screen.findByRole('heading', { level: 2, name: 'Analysis 1' });
    expect(cardTitles()).toHaveLength(12);
    expect(screen.getByRole('status')).toHaveTextContent('26 articles, page 1 of 3');
    expect(within(pager()).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager()).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/Articles?page=2');
    expect(within(pager()).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/Articles?page=2');
    expect(within(pager()).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('turns to the next page at its own address, from the top, and the back button returns', async () => {
    const { location, browserBack } = renderInRouter(<ArticlesPage />);
    await screen.findByRole('heading', { level: 2, name: 'Analysis 1' });
    await userEvent.click(within(pager()).getByRole('link', { name: 'Next' }));
    await listed(Array.from({ length: 12 }, (_, index) => `Analysis ${index + 13}`));
    expect(location().search).toBe('?page=2');
    expect(searchedFor()).toEqual([
      { search: '', page: 1 },
      { search: '', page: 2 },
    ]);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(screen.getByRole('heading', { level: 1, name: 'Articles' })).toHaveFocus();
    expect(within(pager()).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager()).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/Articles');

    await userEvent.click(within(pager()).getByRole('link', { name: 'Page 3' }));
    await listed(['Analysis 25', 'Analysis 26']);
    expect(within(pager()).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();

    browserBack();
    await listed(Array.from({ length: 12 }, (_, index) => `Analysis ${index + 13}`));
    expect(location().search).toBe('?page=2');
  });

  it('pages the results of a search, and a new term starts at its first page', async () => {
    const { location } = renderInRouter(<ArticlesPage />, { search: '?search=army&page=2' });
    await screen.findByRole('heading', { level: 2, name: 'Analysis 25' });
    expect(cardTitles()).toEqual(['Analysis 25']);
    expect(searchBox()).toHaveValue('army');
    expect(within(pager()).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/Articles?search=army');

    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'navy');
    await screen.findByRole('heading', { level: 2, name: 'Analysis 2' });
    expect(location().search).toBe('?search=navy');
    expect(cardTitles()).toHaveLength(12);
  });
});

describe('opening an article', () => {
  const openCard = (title: string) => userEvent.click(screen.getByRole('link', { name: title }));
  const detailTitle = (title: string) => screen.findByRole('heading', { level: 1, name: title });

  it('shows its detail at its own address, and the back control returns to the list as it was', async () => {
    const { location } = await renderList();
    await userEvent.type(searchBox(), 'd');
    await listed(['Budgets in an Era of Rearmament', 'Drones at Scale']);
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    const link = screen.getByRole('link', { name: 'Drones at Scale' });
    expect(link).toHaveAttribute('href', '/Articles?title=Drones%20at%20Scale');
    await openCard('Drones at Scale');
    expect(await detailTitle('Drones at Scale')).toBeInTheDocument();
    expect(location().search).toBe('?title=Drones%20at%20Scale');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(location().search).toBe('?search=d');
    expect(searchBox()).toHaveValue('d');
    expect(screen.getByRole('link', { name: 'Drones at Scale' })).toHaveFocus();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    // The list came back as it was, not read again.
    expect(searchedFor()).toEqual([
      { search: '', page: 1 },
      { search: 'd', page: 1 },
    ]);
  });

  it('returns to the list with the browser’s back button', async () => {
    const { location, browserBack } = await renderList();
    await openCard('Cyber Insurance');
    expect(await detailTitle('Cyber Insurance')).toBeInTheDocument();
    browserBack();
    expect(location().search).toBe('');
    expect(cardTitles()).toHaveLength(4);
  });

  it('goes back to the list over every article opened from the sidebar', async () => {
    const { documentId, title_article, date_of_the_article, photo } = budgets;
    cms.mostPopular.mockResolvedValue([{ documentId, title_article, date_of_the_article, photo, comments: 1 }]);
    const { location } = await renderList({ state: { searchTerm: 'Drones' } });
    await openCard('Drones at Scale');
    const popular = await screen.findByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await userEvent.click(await within(popular).findByRole('link', { name: 'Budgets in an Era of Rearmament' }));
    expect(await detailTitle('Budgets in an Era of Rearmament')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(location().search).toBe('?search=Drones');
    expect(cardTitles()).toEqual(['Drones at Scale']);
  });

  it('lands on the article from a shared link, reading no list for it, and Back leads to the list', async () => {
    const { location } = renderInRouter(<ArticlesPage />, { search: '?title=Cyber%20Insurance' });
    expect(await detailTitle('Cyber Insurance')).toBeInTheDocument();
    expect(cms.article).toHaveBeenCalledWith('Cyber Insurance');
    expect(loadSummaries).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(location()).toMatchObject({ pathname: '/Articles', search: '' });
    await listed([
      'Budgets in an Era of Rearmament',
      'Cyber Insurance',
      'Drones at Scale',
      'Phishing the Supply Chain',
    ]);
  });

  it('keeps the shape of an article while a shared link loads it', () => {
    cms.article.mockReturnValue(new Promise(() => undefined));
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
    const { location } = await renderList();
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    await openCard('Drones at Scale');
    await detailTitle('Drones at Scale');
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Topics' })).getByRole('link', { name: 'Industrial Base' }),
    );
    expect(searchBox()).toHaveValue('Industrial Base');
    await listed(['Drones at Scale']);
    expect(location().search).toBe('?search=Industrial+Base');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(screen.getByRole('link', { name: 'Drones at Scale' })).not.toHaveFocus();
  });
});

describe('a search’s facets', () => {
  // The CMS's side: spec §5's matches, narrowed to a topic and a year, with each topic's and year's count.
  function cmsWithFacets({ search, page, topic = '', year }: SummaryQuery): Promise<ArticleList> {
    const needle = search.trim().toLowerCase();
    const found = summaries.filter(
      (article) =>
        article.title_article.toLowerCase().includes(needle) ||
        article.topics.some(({ category }) => category.toLowerCase().includes(needle)),
    );
    const ofTopic = (article: ArticleSummary) =>
      topic === '' || article.topics.some(({ category }) => category === topic);
    const ofYear = (article: ArticleSummary) =>
      year === undefined || article.date_of_the_article.startsWith(String(year));
    const count = <Value,>(articles: ArticleSummary[], values: (article: ArticleSummary) => Value[]) => {
      const counts = new Map<Value, number>();
      for (const article of articles)
        for (const value of values(article)) counts.set(value, (counts.get(value) ?? 0) + 1);
      return [...counts].map(([value, total]) => ({ value, count: total }));
    };
    const narrowed = found.filter((article) => ofTopic(article) && ofYear(article));
    const list = cmsOf(narrowed)({ search: '', page });
    return list.then((answer) => ({
      ...answer,
      meta: {
        ...answer.meta,
        facets: {
          topics: count(found.filter(ofYear), (article) => article.topics.map(({ category }) => category)),
          years: count(found.filter(ofTopic), (article) => [Number(article.date_of_the_article.slice(0, 4))]),
        },
      },
    }));
  }

  const facetLinks = (label: string) =>
    within(screen.getByRole('list', { name: label }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);

  beforeEach(() => loadSummaries.mockImplementation(cmsWithFacets));

  it('shows each topic and year of the results with its count, as links to the narrowed search', async () => {
    renderInRouter(<ArticlesPage />, { search: '?search=c' });
    await listed(['Cyber Insurance', 'Drones at Scale', 'Phishing the Supply Chain']);
    expect(screen.getByRole('navigation', { name: 'Narrow the results' })).toBeInTheDocument();
    expect(facetLinks('Years')).toEqual([
      ['2026 (2)', '/Articles?search=c&year=2026', null],
      ['2025 (1)', '/Articles?search=c&year=2025', null],
    ]);
    expect(facetLinks('Topics')).toContainEqual(['Cyber (1)', '/Articles?search=c&topic=Cyber', null]);
  });

  it('narrows at the link’s address, marks the choice, keeps the other facet, and leads back to any', async () => {
    const { location } = renderInRouter(<ArticlesPage />, { search: '?search=c' });
    await screen.findByRole('heading', { level: 2, name: 'Cyber Insurance' });
    await userEvent.click(screen.getByRole('link', { name: '2026 (2)' }));
    await listed(['Cyber Insurance', 'Drones at Scale']);
    expect(location().search).toBe('?search=c&year=2026');
    expect(searchedFor()).toContainEqual({ search: 'c', page: 1, year: 2026 });
    expect(facetLinks('Years')[0]).toEqual(['All years', '/Articles?search=c', null]);
    expect(facetLinks('Years')).toContainEqual(['2026 (2)', '/Articles?search=c&year=2026', 'true']);
    await userEvent.click(screen.getByRole('link', { name: 'Cyber (1)' }));
    await listed(['Cyber Insurance']);
    expect(location().search).toBe('?search=c&topic=Cyber&year=2026');
    await userEvent.click(screen.getByRole('link', { name: 'All topics' }));
    await listed(['Cyber Insurance', 'Drones at Scale']);
  });

  it('starts a new search, narrowed to nothing, when the visitor types another term', async () => {
    const { location } = renderInRouter(<ArticlesPage />, { search: '?search=c&year=2025' });
    await listed(['Phishing the Supply Chain']);
    await userEvent.clear(searchBox());
    await userEvent.type(searchBox(), 'cyber');
    await listed(['Cyber Insurance']);
    expect(location().search).toBe('?search=cyber');
  });

  it('is not shown on the list of every article', async () => {
    loadSummaries.mockImplementation(cmsOf(summaries));
    await renderList();
    expect(screen.queryByRole('navigation', { name: 'Narrow the results' })).not.toBeInTheDocument();
  });
});
