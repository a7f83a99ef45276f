import {
  fetchArticles,
  fetchComments,
  postComment,
  voteComment,
  type Article,
  type Comment,
  type WriteResult,
} from '@blog/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { aComment, anArticle, lines, topics } from '@blog/shared/testing';
import { renderInRouter } from '../test/render';
import { ArticleDetail } from './ArticleDetail';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual('@blog/shared'),
  fetchArticles: jest.fn(),
  fetchComments: jest.fn(),
  postComment: jest.fn(),
  voteComment: jest.fn(),
}));

const loadArticles = jest.mocked(fetchArticles);
const loadComments = jest.mocked(fetchComments);
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

beforeEach(() => {
  jest.clearAllMocks();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  loadArticles.mockResolvedValue([article]);
  loadComments.mockResolvedValue([]);
});

afterEach(() => alert.mockRestore());

function renderDetail(shown: Article = article) {
  const onBack = jest.fn();
  const onOpenArticle = jest.fn();
  const view = renderInRouter(<ArticleDetail article={shown} onBack={onBack} onOpenArticle={onOpenArticle} />, {
    pathname: '/Articles',
    search: '?title=x',
  });
  return { ...view, onBack, onOpenArticle };
}

describe('the article', () => {
  it('shows its title, author, topics, date, photo and body rendered from its markup', async () => {
    renderDetail();
    expect(screen.getByRole('heading', { level: 1, name: 'Munitions Math' })).toHaveFocus();
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
    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('has an audio player only when the article has audio', async () => {
    const { unmount } = renderDetail();
    expect(document.querySelector('audio')).toBeNull();
    unmount();
    renderDetail({ ...article, audio: { id: 5, url: '/uploads/intro.wav', mime: 'audio/wav' } });
    const player = document.querySelector('audio') as HTMLAudioElement;
    expect(player).toHaveAttribute('src', 'http://localhost:1337/uploads/intro.wav');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAccessibleName('Listen to Munitions Math');
    await screen.findByText('No comments yet.');
  });

  it('leads a topic click and a recommendation click to the Articles list searched for it', async () => {
    const { location } = renderDetail();
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
    expect(screen.queryByRole('region', { name: 'Recommended articles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'SOURCES' })).not.toBeInTheDocument();
    await screen.findByText('No comments yet.');
  });
});

describe('the sidebar', () => {
  const titles = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
  const others = titles.map((title, index) =>
    anArticle({
      title_article: title,
      date_of_the_article: `2024-0${index + 1}-01`,
      topics: topics('Cyber', title === 'One' ? 'Space' : 'Markets'),
    }),
  );
  // 'Six' has the most comments, 'One' the fewest.
  const comments = others.flatMap((other, index) =>
    Array.from({ length: index + 1 }, () => aComment({ article: other.title_article })),
  );

  it('lists the five most commented articles, and opens one through the host', async () => {
    loadArticles.mockResolvedValue([article, ...others]);
    loadComments.mockResolvedValue(comments);
    const { onOpenArticle } = renderDetail();
    const popular = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await waitFor(() => expect(within(popular).getAllByRole('link')).toHaveLength(5));
    expect(
      within(popular)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Six', 'Five', 'Four', 'Three', 'Two']);
    expect(within(popular).getByRole('link', { name: 'Four' })).toHaveAttribute('href', '/Articles?title=Four');
    await userEvent.click(within(popular).getByRole('link', { name: 'Four' }));
    expect(onOpenArticle).toHaveBeenCalledWith(others[3]);
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

  it('counts the articles of each topic and leads to the list searched for it', async () => {
    loadArticles.mockResolvedValue([article, ...others]);
    const { location } = renderDetail();
    const topicsSection = screen.getByRole('region', { name: 'TOPICS' });
    await within(topicsSection).findByRole('link', { name: 'Cyber (6)' });
    expect(
      within(topicsSection)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Cyber (6)', 'Markets (5)', 'Industrial Base (1)', 'Space (1)', 'Supply Chains (1)']);
    await userEvent.click(within(topicsSection).getByRole('link', { name: 'Markets (5)' }));
    expect(location()).toMatchObject({ pathname: '/Articles', state: { searchTerm: 'Markets' } });
  });

  it('keeps its place while the data loads', () => {
    loadArticles.mockReturnValue(new Promise(() => undefined));
    loadComments.mockReturnValue(new Promise(() => undefined));
    renderDetail();
    expect(screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'TOPICS' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'Community comments' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Munitions Math' })).toBeInTheDocument();
  });

  it('stays empty, without breaking the article, when the CMS cannot be reached', async () => {
    loadArticles.mockResolvedValue([]);
    loadComments.mockResolvedValue([]);
    renderDetail();
    await screen.findByText('No comments yet.');
    const popular = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    expect(popular).toHaveAttribute('aria-busy', 'false');
    expect(within(popular).queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Munitions Math' })).toBeInTheDocument();
  });
});

describe('comments', () => {
  it('shows the approved comments of this article only, with their age and votes', async () => {
    loadComments.mockResolvedValue([
      aComment({
        name: 'Laura',
        comment: 'Underrated point.',
        article: 'Munitions Math',
        like: '34',
        dislike: '1',
        publishedAt: new Date(Date.now() - 2 * 86400_000).toISOString(),
      }),
      aComment({ name: 'Spammer', comment: 'Buy now', article: 'Munitions Math', approve_comment: false }),
      aComment({ name: 'Elsewhere', comment: 'Other article', article: 'Another' }),
    ]);
    renderDetail();
    const list = await screen.findByRole('region', { name: 'Community comments (1)' });
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
    expect(screen.queryByText('Buy now')).not.toBeInTheDocument();
    expect(screen.queryByText('Other article')).not.toBeInTheDocument();
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
  });

  it('sends empty fields as they are (no validation)', async () => {
    post.mockResolvedValue(ok());
    renderDetail();
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
  const counted = (like: number, dislike: number) => [{ ...ana, like: String(like), dislike: String(dislike) }];
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

  it('starts afresh when the host opens another article', async () => {
    const other = anArticle({ title_article: 'Other' });
    loadArticles.mockResolvedValue([article, other]);
    loadComments.mockResolvedValue([...counted(4, 2), { ...ana, documentId: 'c-other', article: 'Other' }]);
    function Host() {
      const [shown, setShown] = useState(article);
      return <ArticleDetail article={shown} onBack={jest.fn()} onOpenArticle={setShown} />;
    }
    renderInRouter(<Host />);
    await screen.findByText('Ana');
    await userEvent.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.type(screen.getByLabelText('Full name'), 'Draft');

    await userEvent.click(
      within(screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' })).getByRole('link', { name: 'Other' }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Other' })).toHaveFocus();
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
  });
});

describe('share buttons', () => {
  it('open each network’s share page in a 600x400 window, and the photo for Instagram', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderDetail({ ...article, title_article: 'Drones & tanks', text_article: lines(2, 'Word') });
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
