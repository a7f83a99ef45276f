import {
  fetchArticle,
  fetchArticleComments,
  fetchMostPopular,
  fetchTopicCounts,
  postComment,
  voteComment,
  type Article,
  type ArticleRef,
  type Comment,
  type MostPopularEntry,
  type WriteResult,
} from '@blog/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { aComment, aList, aPhoto, anArticle, lines, topics } from '@blog/shared/testing';
import { renderInRouter } from '../test/render';
import { ArticleDetail } from './ArticleDetail';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual('@blog/shared'),
  fetchArticle: jest.fn(),
  fetchArticleComments: jest.fn(),
  fetchMostPopular: jest.fn(),
  fetchTopicCounts: jest.fn(),
  postComment: jest.fn(),
  voteComment: jest.fn(),
}));

const loadArticle = jest.mocked(fetchArticle);
const loadComments = jest.mocked(fetchArticleComments);
const loadPopular = jest.mocked(fetchMostPopular);
const loadTopics = jest.mocked(fetchTopicCounts);
const post = jest.mocked(postComment);
const sendVote = jest.mocked(voteComment);

const article = anArticle({
  title_article: 'Munitions Math',
  written_by: 'Mateo Ferrer',
  date_of_the_article: '2025-06-09',
  text_article:
    '# Introduction\n\nShells are **strategic**.\n## The chain\n> Slowest stage sets the pace.\nSee [NATO](https://www.nato.int).',
  topics: topics('Industrial Base', 'Supply Chains'),
  articles: [{ id: 90, documentId: 'rec-1', title_article: 'The Shipyard Problem' }],
  sources: [
    { id: 1, text: 'Congressional Research Service, [crsreports.congress.gov](https://crsreports.congress.gov)' },
    { id: 2, text: 'SIPRI yearbook' },
  ],
});

let alert: jest.SpyInstance;
const ok = (data: Comment | null = null): WriteResult<Comment> => ({ ok: true, data });
const refused: WriteResult<Comment> = { ok: false, status: 500, message: 'boom' };

/** The CMS's articles, by title. */
function publish(...articles: Article[]) {
  loadArticle.mockImplementation(async (title) => articles.find((each) => each.title_article === title) ?? null);
}

/** The approved comments the CMS holds for the article shown, on one page. */
const commentsAre = (comments: Comment[]) => loadComments.mockResolvedValue(aList(comments, { pageSize: 100 }));

beforeEach(() => {
  jest.clearAllMocks();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  publish(article);
  commentsAre([]);
  loadPopular.mockResolvedValue([]);
  loadTopics.mockResolvedValue([]);
});

afterEach(() => alert.mockRestore());

function renderDetail(shown: Article = article) {
  publish(shown);
  const onBack = jest.fn();
  const onOpenArticle = jest.fn();
  const onMissing = jest.fn();
  const view = renderInRouter(
    <ArticleDetail title={shown.title_article} onBack={onBack} onOpenArticle={onOpenArticle} onMissing={onMissing} />,
    { pathname: '/Articles', search: '?title=x' },
  );
  return { ...view, onBack, onOpenArticle, onMissing };
}

/** The article is there once its title is. */
const shownTitle = (title = 'Munitions Math') => screen.findByRole('heading', { level: 1, name: title });

describe('loading the article', () => {
  it('asks the CMS for the article its title names, showing its shape meanwhile', async () => {
    let answer: (found: Article | null) => void = () => undefined;
    loadArticle.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderInRouter(
      <ArticleDetail title="Munitions Math" onBack={jest.fn()} onOpenArticle={jest.fn()} onMissing={jest.fn()} />,
    );
    expect(loadArticle).toHaveBeenCalledWith('Munitions Math');
    expect(document.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await act(async () => answer(article));
    expect(screen.getByRole('heading', { level: 1, name: 'Munitions Math' })).toHaveFocus();
  });

  it('tells the host when the title names no article, and shows nothing of it', async () => {
    loadArticle.mockResolvedValue(null);
    const onMissing = jest.fn();
    renderInRouter(<ArticleDetail title="Gone" onBack={jest.fn()} onOpenArticle={jest.fn()} onMissing={onMissing} />);
    await waitFor(() => expect(onMissing).toHaveBeenCalled());
    expect(document.querySelector('[aria-busy="true"]')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});

describe('the article', () => {
  it('shows its title, author, topics, date, photo and body rendered from its markup', async () => {
    renderDetail();
    expect(await shownTitle()).toHaveFocus();
    expect(screen.getByText('Written By')).toHaveTextContent('Written By Mateo Ferrer');
    const topicList = screen.getByRole('list', { name: 'Topics' });
    expect(
      within(topicList)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Industrial Base', 'Supply Chains']);
    expect(screen.getByText('JUN 9, 2025')).toHaveAttribute('datetime', '2025-06-09');

    const photo = screen.getByRole('img', { name: article.photo_article?.[0].alternativeText as string });
    expect(photo).toHaveAttribute('src', 'http://localhost:1337' + article.photo_article?.[0].url);
    expect(photo).toHaveAttribute('width', '1200');
    expect(photo).toHaveAttribute('height', '675');
    expect(photo).toHaveAttribute('loading', 'eager');

    expect(screen.getByRole('heading', { level: 2, name: 'The chain' })).toBeInTheDocument();
    expect(screen.getByText('Slowest stage sets the pace.').tagName).toBe('BLOCKQUOTE');
    expect(screen.getByRole('link', { name: 'NATO' })).toHaveAttribute('href', 'https://www.nato.int');
    expect(screen.getByText('strategic').tagName).toBe('STRONG');
    expect(screen.getByText('strategic').closest('p')).toHaveTextContent(/^Shells are strategic\.$/);
    expect(document.body).not.toHaveTextContent('**');
    await screen.findByText('No comments yet.');
  });

  it('calls the host back from ‘← Back to Articles’', async () => {
    const { onBack } = renderDetail();
    await shownTitle();
    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('has an audio player only when the article has audio', async () => {
    const { unmount } = renderDetail();
    await shownTitle();
    expect(document.querySelector('audio')).toBeNull();
    unmount();
    renderDetail({ ...article, audio: { id: 5, url: '/uploads/intro.wav', mime: 'audio/wav' } });
    await shownTitle();
    const player = document.querySelector('audio') as HTMLAudioElement;
    expect(player).toHaveAttribute('src', 'http://localhost:1337/uploads/intro.wav');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAccessibleName('Listen to Munitions Math');
    await screen.findByText('No comments yet.');
  });

  it('leads a topic click and a recommendation click to the Articles list searched for it', async () => {
    const { location } = renderDetail();
    await shownTitle();
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Topics' })).getByRole('link', { name: 'Supply Chains' }),
    );
    expect(location()).toMatchObject({ pathname: '/Articles', search: '', state: { searchTerm: 'Supply Chains' } });

    const recommended = screen.getByRole('region', { name: 'Recommended articles' });
    await userEvent.click(within(recommended).getByRole('link', { name: /The Shipyard Problem/ }));
    expect(location()).toMatchObject({ pathname: '/Articles', state: { searchTerm: 'The Shipyard Problem' } });
  });

  it('shows no recommendations, sources or audio it does not have', async () => {
    renderDetail({ ...article, articles: [], sources: [] });
    await shownTitle();
    expect(screen.queryByRole('region', { name: 'Recommended articles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'SOURCES' })).not.toBeInTheDocument();
    await screen.findByText('No comments yet.');
  });
});

describe('the sidebar', () => {
  const popular = ['Six', 'Five', 'Four', 'Three', 'Two'].map(
    (title, index): MostPopularEntry => ({
      documentId: `popular-${title}`,
      title_article: title,
      date_of_the_article: `2024-0${index + 1}-01`,
      comments: 10 - index,
      photo: null,
    }),
  );

  it('lists the most commented articles as the CMS counts them, and opens one through the host', async () => {
    loadPopular.mockResolvedValue(popular);
    const { onOpenArticle } = renderDetail();
    const region = await screen.findByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await waitFor(() => expect(within(region).getAllByRole('link')).toHaveLength(5));
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Six', 'Five', 'Four', 'Three', 'Two']);
    expect(within(region).getByRole('link', { name: 'Four' })).toHaveAttribute('href', '/Articles?title=Four');
    expect(within(region).getByText('FEB 1, 2024')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('link', { name: 'Four' }));
    expect(onOpenArticle).toHaveBeenCalledWith(popular[2]);
  });

  it('shows each most popular article’s photo beside its title, or the photo’s place', async () => {
    loadPopular.mockResolvedValue([{ ...popular[0], photo: aPhoto('six') }, popular[1]]);
    renderDetail();
    const region = await screen.findByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await within(region).findByRole('link', { name: 'Six' });
    const [withPhoto, without] = within(region).getAllByRole('listitem');
    expect(withPhoto.querySelector('img')).toHaveAttribute('src', 'http://localhost:1337/uploads/six.jpg');
    expect(without.querySelector('img')).toBeNull();
    expect(without.querySelector('.mfa-popular-photo')).toBeInTheDocument();
  });

  it('numbers the sources and keeps their links', async () => {
    renderDetail();
    await screen.findByText('No comments yet.');
    const sources = screen.getByRole('region', { name: 'SOURCES' });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Congressional Research Service, crsreports.congress.gov',
      'SIPRI yearbook',
    ]);
    expect(items[0].closest('ol')).not.toBeNull();
    expect(within(sources).getByRole('link', { name: 'crsreports.congress.gov' })).toHaveAttribute(
      'href',
      'https://crsreports.congress.gov',
    );
  });

  it('shows each topic with its count as the CMS counts them, and leads to the list searched for it', async () => {
    loadTopics.mockResolvedValue([
      { category: 'Cyber', count: 6 },
      { category: 'Markets', count: 5 },
      { category: 'Space', count: 1 },
    ]);
    const { location } = renderDetail();
    const topicsSection = await screen.findByRole('region', { name: 'TOPICS' });
    await within(topicsSection).findByRole('link', { name: 'Cyber (6)' });
    expect(
      within(topicsSection)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Cyber (6)', 'Markets (5)', 'Space (1)']);
    await userEvent.click(within(topicsSection).getByRole('link', { name: 'Markets (5)' }));
    expect(location()).toMatchObject({ pathname: '/Articles', state: { searchTerm: 'Markets' } });
  });

  it('keeps its place while the data loads', async () => {
    loadPopular.mockReturnValue(new Promise(() => undefined));
    loadTopics.mockReturnValue(new Promise(() => undefined));
    loadComments.mockReturnValue(new Promise(() => undefined));
    renderDetail();
    await shownTitle();
    expect(screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'TOPICS' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'Community comments' })).toHaveAttribute('aria-busy', 'true');
  });

  it('stays empty, without breaking the article, when the CMS cannot be reached', async () => {
    loadComments.mockResolvedValue(null);
    renderDetail();
    await screen.findByText('No comments yet.');
    const region = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    expect(region).toHaveAttribute('aria-busy', 'false');
    expect(within(region).queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Munitions Math' })).toBeInTheDocument();
  });
});

describe('comments', () => {
  it('shows the article’s approved comments as the CMS gives them, with their age and votes', async () => {
    commentsAre([
      aComment({
        name: 'Laura',
        comment: 'Underrated point.',
        article: 'Munitions Math',
        like: '34',
        dislike: '1',
        publishedAt: new Date(Date.now() - 2 * 86400_000).toISOString(),
      }),
    ]);
    renderDetail();
    const list = await screen.findByRole('region', { name: 'Community comments (1)' });
    expect(loadComments).toHaveBeenCalledWith('Munitions Math', 1, { fresh: false });
    const [laura] = within(list).getAllByRole('listitem');
    expect(laura).toHaveTextContent('Laura');
    expect(laura).toHaveTextContent('2 days ago');
    expect(laura).toHaveTextContent('Underrated point.');
    expect(within(laura).getByRole('button', { name: 'Like comment by Laura' })).toHaveAccessibleDescription(
      '34 likes',
    );
    expect(within(laura).getByRole('button', { name: 'Dislike comment by Laura' })).toHaveAccessibleDescription(
      '1 dislike',
    );
    expect(screen.queryByRole('button', { name: 'More comments' })).not.toBeInTheDocument();
  });

  describe('past one page', () => {
    // The CMS pages them by 100; three a page here keep the test short.
    const named = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        aComment({ name: `Reader ${from + index}`, article: 'Munitions Math' }),
      );
    const pages = [named(1, 3), named(4, 3), named(7, 2)].map((data, index) =>
      aList(data, { page: index + 1, pageSize: 3, pageCount: 3, total: 8 }),
    );

    beforeEach(() => loadComments.mockImplementation(async (_, page) => pages[page - 1]));
    const shownNames = () =>
      within(screen.getByRole('region', { name: /^Community comments/ }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent);

    it('shows the first page and the count of all, then the next page at a time on ‘More comments’', async () => {
      renderDetail();
      await screen.findByRole('region', { name: 'Community comments (8)' });
      expect(shownNames()).toEqual(['Reader 1', 'Reader 2', 'Reader 3']);
      expect(loadComments).toHaveBeenCalledTimes(1);

      await userEvent.click(screen.getByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(shownNames()).toHaveLength(6));
      expect(loadComments).toHaveBeenLastCalledWith('Munitions Math', 2, { fresh: false });
      expect(shownNames().slice(2, 4)).toEqual(['Reader 3', 'Reader 4']);

      await userEvent.click(screen.getByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(shownNames()).toHaveLength(8));
      expect(screen.queryByRole('button', { name: 'More comments' })).not.toBeInTheDocument();
    });

    it('reads every page shown again, past the caches, after the visitor’s comment', async () => {
      post.mockResolvedValue(ok());
      renderDetail();
      await userEvent.click(await screen.findByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(shownNames()).toHaveLength(6));
      loadComments.mockClear();
      await userEvent.click(screen.getByRole('button', { name: 'COMMENT' }));
      await waitFor(() => expect(loadComments).toHaveBeenCalledTimes(2));
      expect(loadComments.mock.calls).toEqual([
        ['Munitions Math', 1, { fresh: true }],
        ['Munitions Math', 2, { fresh: true }],
      ]);
      expect(shownNames()).toHaveLength(6);
    });

    it('keeps the comments shown when the next page cannot be read', async () => {
      renderDetail();
      await screen.findByRole('region', { name: 'Community comments (8)' });
      loadComments.mockResolvedValue(null);
      await userEvent.click(screen.getByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(loadComments).toHaveBeenCalledTimes(2));
      expect(shownNames()).toHaveLength(3);
      expect(screen.getByRole('button', { name: 'More comments' })).toBeInTheDocument();
    });
  });

  it('posts a comment, clears the form, reloads the list and says it awaits approval', async () => {
    post.mockResolvedValue(ok());
    renderDetail();
    await screen.findByText('No comments yet.');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Ruiz');
    await userEvent.type(screen.getByLabelText('Comment'), 'Great read.');
    await userEvent.click(screen.getByRole('button', { name: 'COMMENT' }));

    expect(post).toHaveBeenCalledWith({ name: 'Ana Ruiz', comment: 'Great read.', article: 'Munitions Math' });
    expect(alert).toHaveBeenCalledWith('Form submitted successfully!');
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Comment')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Your comment will appear here once the author approves it.');
    await waitFor(() => expect(loadComments).toHaveBeenCalledTimes(2));
    // The CMS answers for a few seconds from its caches: the visitor's own change must not wait for them.
    expect(loadComments).toHaveBeenLastCalledWith('Munitions Math', 1, { fresh: true });
  });

  it('sends empty fields as they are (no validation)', async () => {
    post.mockResolvedValue(ok());
    renderDetail();
    await shownTitle();
    await userEvent.click(screen.getByRole('button', { name: 'COMMENT' }));
    expect(post).toHaveBeenCalledWith({ name: '', comment: '', article: 'Munitions Math' });
    await waitFor(() => expect(loadComments).toHaveBeenCalledTimes(2));
  });

  it('keeps what was written when the post fails', async () => {
    post.mockResolvedValue(refused);
    renderDetail();
    await screen.findByText('No comments yet.');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Comment'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'COMMENT' }));
    expect(alert).toHaveBeenCalledWith('Failed to submit form. Please try again.');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Comment')).toHaveValue('Hello');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(loadComments).toHaveBeenCalledTimes(1);
  });
});

describe('votes', () => {
  const ana = aComment({ documentId: 'c-ana', name: 'Ana', article: 'Munitions Math', like: '4', dislike: '2' });
  const counted = (like: number, dislike: number) => aList([{ ...ana, like: String(like), dislike: String(dislike) }]);
  const likeButton = () => screen.getByRole('button', { name: 'Like comment by Ana' });
  const dislikeButton = () => screen.getByRole('button', { name: 'Dislike comment by Ana' });

  beforeEach(() => {
    loadComments.mockResolvedValue(counted(4, 2));
    sendVote.mockResolvedValue(ok());
  });

  it('adds a like from the count shown, reloads, and refuses a second like', async () => {
    renderDetail();
    await screen.findByText('Ana');
    // Another visitor liked it meanwhile: the reload shows both votes.
    loadComments.mockResolvedValue(counted(6, 2));
    await userEvent.click(likeButton());
    expect(sendVote).toHaveBeenCalledWith('c-ana', { field: 'like', base: 4, value: 5 });
    await waitFor(() => expect(likeButton()).toHaveAccessibleDescription('6 likes'));
    expect(loadComments).toHaveBeenLastCalledWith('Munitions Math', 1, { fresh: true });
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(likeButton());
    expect(alert).toHaveBeenCalledWith('Ya has dado like a este comentario.');
    expect(sendVote).toHaveBeenCalledTimes(1);
  });

  it('moves a like to a dislike in two steps, and refuses a second dislike', async () => {
    renderDetail();
    await screen.findByText('Ana');
    loadComments.mockResolvedValue(counted(5, 2));
    await userEvent.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveAccessibleDescription('5 likes'));

    loadComments.mockResolvedValue(counted(4, 3));
    await userEvent.click(dislikeButton());
    expect(sendVote).toHaveBeenNthCalledWith(2, 'c-ana', { field: 'like', base: 5, value: 4 });
    expect(sendVote).toHaveBeenNthCalledWith(3, 'c-ana', { field: 'dislike', base: 2, value: 3 });
    await waitFor(() => expect(dislikeButton()).toHaveAccessibleDescription('3 dislikes'));
    expect(dislikeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(dislikeButton());
    expect(alert).toHaveBeenCalledWith('Ya has dado dislike a este comentario.');
    expect(sendVote).toHaveBeenCalledTimes(3);
  });

  it('moves a dislike to a like', async () => {
    renderDetail();
    await screen.findByText('Ana');
    loadComments.mockResolvedValue(counted(4, 3));
    await userEvent.click(dislikeButton());
    await waitFor(() => expect(dislikeButton()).toHaveAccessibleDescription('3 dislikes'));
    await userEvent.click(likeButton());
    expect(sendVote).toHaveBeenNthCalledWith(2, 'c-ana', { field: 'dislike', base: 3, value: 2 });
    expect(sendVote).toHaveBeenNthCalledWith(3, 'c-ana', { field: 'like', base: 4, value: 5 });
  });

  it.each([
    ['like', 'Failed to update like. Please try again.'],
    ['dislike', 'Failed to update dislike. Please try again.'],
  ] as const)('says so when a %s fails, and lets the visitor try again', async (action, message) => {
    sendVote.mockResolvedValue(refused);
    renderDetail();
    await screen.findByText('Ana');
    const button = action === 'like' ? likeButton : dislikeButton;
    await userEvent.click(button());
    expect(alert).toHaveBeenCalledWith(message);
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(loadComments).toHaveBeenCalledTimes(1);

    sendVote.mockResolvedValue(ok());
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
    expect(sendVote).toHaveBeenCalledTimes(2);
  });

  it('keeps the taken-back like when the dislike after it fails', async () => {
    renderDetail();
    await screen.findByText('Ana');
    await userEvent.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'true'));
    sendVote.mockResolvedValueOnce(ok()).mockResolvedValueOnce(refused);
    await userEvent.click(dislikeButton());
    expect(alert).toHaveBeenCalledWith('Failed to update dislike. Please try again.');
    // The like was taken back: the visitor may like again, and that is one step, not a refusal.
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(likeButton());
    expect(sendVote).toHaveBeenLastCalledWith('c-ana', { field: 'like', base: 4, value: 5 });
  });

  it('sends one vote for a double click', async () => {
    let answer: (result: WriteResult<Comment>) => void = () => undefined;
    sendVote.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderDetail();
    await screen.findByText('Ana');
    await userEvent.dblClick(likeButton());
    expect(sendVote).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
    await act(async () => answer(ok()));
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'true'));
  });

  it('starts afresh when the host opens another article, reading the sidebar once for both', async () => {
    const other = anArticle({ title_article: 'Other' });
    publish(article, other);
    loadPopular.mockResolvedValue([
      {
        documentId: other.documentId,
        title_article: 'Other',
        date_of_the_article: '2025-01-01',
        comments: 3,
        photo: null,
      },
    ]);
    function Host() {
      const [shown, setShown] = useState('Munitions Math');
      const open = (next: ArticleRef) => setShown(next.title_article);
      return <ArticleDetail title={shown} onBack={jest.fn()} onOpenArticle={open} onMissing={jest.fn()} />;
    }
    renderInRouter(<Host />);
    await screen.findByText('Ana');
    await userEvent.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.type(screen.getByLabelText('Full name'), 'Draft');

    await userEvent.click(
      within(screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' })).getByRole('link', { name: 'Other' }),
    );
    expect(await shownTitle('Other')).toHaveFocus();
    expect(loadArticle).toHaveBeenLastCalledWith('Other');
    expect(loadComments).toHaveBeenLastCalledWith('Other', 1, { fresh: false });
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(loadPopular).toHaveBeenCalledTimes(1);
    expect(loadTopics).toHaveBeenCalledTimes(1);
  });
});

describe('share buttons', () => {
  it('open each network’s share page in a 600x400 window, and the photo for Instagram', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderDetail({ ...article, title_article: 'Drones & tanks', text_article: lines(2, 'Word') });
    await shownTitle('Drones & tanks');
    await userEvent.click(screen.getByRole('button', { name: 'Share on Facebook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share on X' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share on LinkedIn' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share on Instagram' }));
    const articleUrl = encodeURIComponent('http://localhost/Articles?title=Drones%20%26%20tanks');
    expect(open.mock.calls).toEqual([
      [`https://www.facebook.com/sharer/sharer.php?u=${articleUrl}`, '_blank', 'width=600,height=400,noopener'],
      [
        `https://twitter.com/intent/tweet?url=${articleUrl}&text=${encodeURIComponent('Drones & tanks - Word 1 Word 2')}`,
        '_blank',
        'width=600,height=400,noopener',
      ],
      [`https://www.linkedin.com/sharing/share-offsite/?url=${articleUrl}`, '_blank', 'width=600,height=400,noopener'],
      [`http://localhost:1337${article.photo_article?.[0].url}`, '_blank', 'width=600,height=400,noopener'],
    ]);
    open.mockRestore();
    await screen.findByText('No comments yet.');
  });
});
