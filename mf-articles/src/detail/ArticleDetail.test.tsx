import { voteComment, type Article, type ArticleRef, type Comment, type WriteResult } from '@blog/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { aComment, aList, anArticle, lines, topics } from '@blog/shared/testing';
import { stubCms, type StandInCms } from '../testing/cms';
import { renderInRouter } from '../testing/render';
import { ArticleDetail } from './ArticleDetail';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual<typeof import('@blog/shared')>('@blog/shared'),
  voteComment: jest.fn(),
}));

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

let cms: StandInCms;
const ok = (data: Comment | null = null): WriteResult<Comment> => ({ ok: true, data });

/** The CMS's articles, by title. */
function publish(...articles: Article[]) {
  cms.article.mockImplementation((title) =>
    Promise.resolve(articles.find((each) => each.title_article === title) ?? null),
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  cms = stubCms();
  publish(article);
});

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
    cms.article.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderInRouter(
      <ArticleDetail title="Munitions Math" onBack={jest.fn()} onOpenArticle={jest.fn()} onMissing={jest.fn()} />,
    );
    expect(cms.article).toHaveBeenCalledWith('Munitions Math');
    expect(document.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    await act(() => Promise.resolve(answer(article)));
    expect(await shownTitle()).toHaveFocus();
  });

  it('tells the host when the title names no article, and shows nothing of it', async () => {
    cms.article.mockResolvedValue(null);
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
    const topicList = screen.getByRole('navigation', { name: 'Topics' });
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
    expect(screen.queryByRole('group', { name: /^Listen to/ })).toBeNull();
    expect(document.querySelector('audio')).toBeNull();
    unmount();
    const narrated = 'Munitions Math, Read Aloud';
    renderDetail({
      ...article,
      title_article: narrated,
      audio: { id: 5, url: '/uploads/intro.wav', mime: 'audio/wav' },
    });
    await shownTitle(narrated);
    const player = screen.getByRole('group', { name: `Listen to ${narrated}` });
    expect(player.querySelector('audio')).toHaveAttribute('src', 'http://localhost:1337/uploads/intro.wav');
    expect(within(player).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await screen.findByText('No comments yet.');
  });

  it('leads a topic click and a recommendation click to the Articles list searched for it', async () => {
    const { location } = renderDetail();
    await shownTitle();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Topics' })).getByRole('link', { name: 'Supply Chains' }),
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

describe('beside the article', () => {
  it('keeps its place while the data loads', async () => {
    cms.mostPopular.mockReturnValue(new Promise(() => undefined));
    cms.topicCounts.mockReturnValue(new Promise(() => undefined));
    cms.articleComments.mockReturnValue(new Promise(() => undefined));
    renderDetail();
    await shownTitle();
    expect(screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'TOPICS' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'Community comments' })).toHaveAttribute('aria-busy', 'true');
  });

  it('stays empty, without breaking the article, when the CMS cannot give them', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    cms.articleComments.mockResolvedValue(null);
    cms.mostPopular.mockRejectedValue(new Error('CMS down'));
    renderDetail();
    await screen.findByText('No comments yet.');
    const region = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
    expect(within(region).queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Munitions Math' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load comments', expect.any(Error));
    logged.mockRestore();
  });

  it('shows the sidebar the CMS counts, its sources and its comments', async () => {
    cms.topicCounts.mockResolvedValue([{ category: 'Cyber', count: 6 }]);
    cms.articleComments.mockResolvedValue(aList([aComment({ name: 'Laura', article: 'Munitions Math' })]));
    renderDetail();
    await screen.findByRole('region', { name: 'Community comments (1)' });
    expect(cms.articleComments).toHaveBeenCalledWith('Munitions Math', 1, { fresh: false });
    expect(await screen.findByRole('link', { name: 'Cyber (6)' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'SOURCES' })).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('another article', () => {
  const ana = aComment({ documentId: 'c-ana', name: 'Ana', article: 'Munitions Math', like: '4', dislike: '2' });
  const likeButton = () => screen.getByRole('button', { name: /^Like comment by Ana,/ });

  beforeEach(() => {
    cms.articleComments.mockResolvedValue(aList([ana]));
    sendVote.mockResolvedValue(ok());
  });

  it('starts afresh when the host opens another article, reading the sidebar once for both', async () => {
    const other = anArticle({ title_article: 'Other' });
    publish(article, other);
    cms.mostPopular.mockResolvedValue([
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
    expect(cms.article).toHaveBeenLastCalledWith('Other');
    expect(cms.articleComments).toHaveBeenLastCalledWith('Other', 1, { fresh: false });
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(cms.mostPopular).toHaveBeenCalledTimes(1);
    expect(cms.topicCounts).toHaveBeenCalledTimes(1);
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
