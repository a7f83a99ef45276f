import { createQueryClient, postComment, queries, voteComment, type Comment, type WriteResult } from '@blog/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aComment, aList } from '@blog/shared/testing';
import { stubCms, type StandInCms } from '../testing/cms';
import { renderInRouter } from '../testing/render';
import { Comments } from './Comments';

// The writes go to the CMS through these; the reads through the stand-in CMS.
jest.mock('@blog/shared', () => ({
  ...jest.requireActual<typeof import('@blog/shared')>('@blog/shared'),
  postComment: jest.fn(),
  voteComment: jest.fn(),
}));

const post = jest.mocked(postComment);
const sendVote = jest.mocked(voteComment);

let cms: StandInCms;
let alert: jest.SpyInstance;
const ok = (data: Comment | null = null): WriteResult<Comment> => ({ ok: true, data });
const refused: WriteResult<Comment> = { ok: false, status: 500, message: 'boom' };

/** The approved comments the CMS holds for the article, on one page. */
const commentsAre = (comments: Comment[]) => cms.articleComments.mockResolvedValue(aList(comments, { pageSize: 100 }));

beforeEach(() => {
  jest.clearAllMocks();
  cms = stubCms();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  commentsAre([]);
});

afterEach(() => alert.mockRestore());

const renderComments = (reads = createQueryClient()) =>
  renderInRouter(<Comments article="Munitions Math" />, { reads });

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
    renderComments();
    const list = await screen.findByRole('region', { name: 'Community comments (1)' });
    expect(cms.articleComments).toHaveBeenCalledWith('Munitions Math', 1, { fresh: false });
    const [laura] = within(list).getAllByRole('listitem');
    expect(laura).toHaveTextContent('Laura');
    expect(laura).toHaveTextContent('2 days ago');
    expect(laura).toHaveTextContent('Underrated point.');
    expect(within(laura).getByRole('button', { name: 'Like comment by Laura, 34 likes' })).toHaveTextContent('34');
    expect(within(laura).getByRole('button', { name: 'Dislike comment by Laura, 1 dislike' })).toHaveTextContent('1');
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

    beforeEach(() => cms.articleComments.mockImplementation((_, page) => Promise.resolve(pages[page - 1])));
    const shownNames = () =>
      within(screen.getByRole('region', { name: /^Community comments/ }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent);

    it('shows the first page and the count of all, then the next page at a time on ‘More comments’', async () => {
      renderComments();
      await screen.findByRole('region', { name: 'Community comments (8)' });
      expect(shownNames()).toEqual(['Reader 1', 'Reader 2', 'Reader 3']);
      expect(cms.articleComments).toHaveBeenCalledTimes(1);

      await userEvent.click(screen.getByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(shownNames()).toHaveLength(6));
      expect(cms.articleComments).toHaveBeenLastCalledWith('Munitions Math', 2, { fresh: false });
      expect(shownNames().slice(2, 4)).toEqual(['Reader 3', 'Reader 4']);

      await userEvent.click(screen.getByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(shownNames()).toHaveLength(8));
      expect(screen.queryByRole('button', { name: 'More comments' })).not.toBeInTheDocument();
    });

    it('reads every page shown again, past the caches, after the visitor’s comment', async () => {
      post.mockResolvedValue(ok());
      renderComments();
      await userEvent.click(await screen.findByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(shownNames()).toHaveLength(6));
      cms.articleComments.mockClear();
      await userEvent.click(screen.getByRole('button', { name: 'COMMENT' }));
      await waitFor(() => expect(cms.articleComments).toHaveBeenCalledTimes(2));
      expect(cms.articleComments.mock.calls).toEqual([
        ['Munitions Math', 1, { fresh: true }],
        ['Munitions Math', 2, { fresh: true }],
      ]);
      expect(shownNames()).toHaveLength(6);
    });

    it('keeps the comments shown when the next page cannot be read', async () => {
      renderComments();
      await screen.findByRole('region', { name: 'Community comments (8)' });
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      cms.articleComments.mockResolvedValue(null);
      await userEvent.click(screen.getByRole('button', { name: 'More comments' }));
      await waitFor(() => expect(cms.articleComments).toHaveBeenCalledTimes(2));
      expect(shownNames()).toHaveLength(3);
      expect(screen.getByRole('button', { name: 'More comments' })).toBeInTheDocument();
      expect(logged).toHaveBeenCalledWith('Failed to load comments', expect.any(Error));
      logged.mockRestore();
    });
  });

  it('posts a comment, clears the form, reloads the list and says it awaits approval', async () => {
    post.mockResolvedValue(ok());
    renderComments();
    await screen.findByText('No comments yet.');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Ruiz');
    await userEvent.type(screen.getByLabelText('Comment'), 'Great read.');
    await userEvent.click(screen.getByRole('button', { name: 'COMMENT' }));

    expect(post).toHaveBeenCalledWith({ name: 'Ana Ruiz', comment: 'Great read.', article: 'Munitions Math' });
    expect(alert).toHaveBeenCalledWith('Form submitted successfully!');
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Comment')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Your comment will appear here once the author approves it.');
    await waitFor(() => expect(cms.articleComments).toHaveBeenCalledTimes(2));
    // The CMS answers for a few seconds from its caches: the visitor's own change must not wait for them.
    expect(cms.articleComments).toHaveBeenLastCalledWith('Munitions Math', 1, { fresh: true });
  });

  it('sends empty fields as they are (no validation)', async () => {
    post.mockResolvedValue(ok());
    renderComments();
    await screen.findByText('No comments yet.');
    await userEvent.click(screen.getByRole('button', { name: 'COMMENT' }));
    expect(post).toHaveBeenCalledWith({ name: '', comment: '', article: 'Munitions Math' });
    await waitFor(() => expect(cms.articleComments).toHaveBeenCalledTimes(2));
  });

  it('keeps what was written when the post fails', async () => {
    post.mockResolvedValue(refused);
    renderComments();
    await screen.findByText('No comments yet.');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Comment'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'COMMENT' }));
    expect(alert).toHaveBeenCalledWith('Failed to submit form. Please try again.');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Comment')).toHaveValue('Hello');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(cms.articleComments).toHaveBeenCalledTimes(1);
  });
});

describe('votes', () => {
  const ana = aComment({ documentId: 'c-ana', name: 'Ana', article: 'Munitions Math', like: '4', dislike: '2' });
  const counted = (like: number, dislike: number) => aList([{ ...ana, like: String(like), dislike: String(dislike) }]);
  const likeButton = () => screen.getByRole('button', { name: /^Like comment by Ana,/ });
  const dislikeButton = () => screen.getByRole('button', { name: /^Dislike comment by Ana,/ });

  beforeEach(() => {
    cms.articleComments.mockResolvedValue(counted(4, 2));
    sendVote.mockResolvedValue(ok());
  });

  it('adds a like from the count shown, reloads, and refuses a second like', async () => {
    renderComments();
    await screen.findByText('Ana');
    // Another visitor liked it meanwhile: the reload shows both votes.
    cms.articleComments.mockResolvedValue(counted(6, 2));
    await userEvent.click(likeButton());
    expect(sendVote).toHaveBeenCalledWith('c-ana', { field: 'like', base: 4, value: 5 });
    await waitFor(() => expect(likeButton()).toHaveAccessibleName('Like comment by Ana, 6 likes'));
    expect(cms.articleComments).toHaveBeenLastCalledWith('Munitions Math', 1, { fresh: true });
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(likeButton());
    expect(alert).toHaveBeenCalledWith('Ya has dado like a este comentario.');
    expect(sendVote).toHaveBeenCalledTimes(1);
  });

  it('moves a like to a dislike in two steps, and refuses a second dislike', async () => {
    renderComments();
    await screen.findByText('Ana');
    cms.articleComments.mockResolvedValue(counted(5, 2));
    await userEvent.click(likeButton());
    await waitFor(() => expect(likeButton()).toHaveAccessibleName('Like comment by Ana, 5 likes'));

    cms.articleComments.mockResolvedValue(counted(4, 3));
    await userEvent.click(dislikeButton());
    expect(sendVote).toHaveBeenNthCalledWith(2, 'c-ana', { field: 'like', base: 5, value: 4 });
    expect(sendVote).toHaveBeenNthCalledWith(3, 'c-ana', { field: 'dislike', base: 2, value: 3 });
    await waitFor(() => expect(dislikeButton()).toHaveAccessibleName('Dislike comment by Ana, 3 dislikes'));
    expect(dislikeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(dislikeButton());
    expect(alert).toHaveBeenCalledWith('Ya has dado dislike a este comentario.');
    expect(sendVote).toHaveBeenCalledTimes(3);
  });

  it('moves a dislike to a like', async () => {
    renderComments();
    await screen.findByText('Ana');
    cms.articleComments.mockResolvedValue(counted(4, 3));
    await userEvent.click(dislikeButton());
    await waitFor(() => expect(dislikeButton()).toHaveAccessibleName('Dislike comment by Ana, 3 dislikes'));
    await userEvent.click(likeButton());
    expect(sendVote).toHaveBeenNthCalledWith(2, 'c-ana', { field: 'dislike', base: 3, value: 2 });
    expect(sendVote).toHaveBeenNthCalledWith(3, 'c-ana', { field: 'like', base: 4, value: 5 });
  });

  it.each([
    ['like', 'Failed to update like. Please try again.'],
    ['dislike', 'Failed to update dislike. Please try again.'],
  ] as const)('says so when a %s fails, and lets the visitor try again', async (action, message) => {
    sendVote.mockResolvedValue(refused);
    renderComments();
    await screen.findByText('Ana');
    const button = action === 'like' ? likeButton : dislikeButton;
    await userEvent.click(button());
    expect(alert).toHaveBeenCalledWith(message);
    expect(button()).toHaveAttribute('aria-pressed', 'false');
    expect(cms.articleComments).toHaveBeenCalledTimes(1);

    sendVote.mockResolvedValue(ok());
    await userEvent.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('aria-pressed', 'true'));
    expect(sendVote).toHaveBeenCalledTimes(2);
  });

  it('keeps the taken-back like when the dislike after it fails', async () => {
    renderComments();
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
    renderComments();
    await screen.findByText('Ana');
    await userEvent.dblClick(likeButton());
    expect(sendVote).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
    await act(() => Promise.resolve(answer(ok())));
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'true'));
  });
});

describe('a comment’s age', () => {
  it('is told as of when the comments were read, so the server’s page and the browser’s first render say the same', () => {
    const day = 86400_000;
    const readAt = Date.now() - 7 * day;
    const reads = createQueryClient();
    reads.setQueryData(
      queries.articleComments('Munitions Math').queryKey,
      aList([aComment({ name: 'Laura', publishedAt: new Date(readAt - 3 * day).toISOString() })]),
      { updatedAt: readAt },
    );
    cms.articleComments.mockReturnValue(new Promise(() => undefined));
    renderComments(reads);
    expect(screen.getByRole('listitem')).toHaveTextContent('3 days ago');
  });
});
