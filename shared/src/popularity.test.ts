import { mostPopular, topicCounts } from './popularity';
import { aComment, anArticle, topics } from './testing';

const commentsOn = (title: string, count: number) => Array.from({ length: count }, () => aComment({ article: title }));

describe('mostPopular', () => {
  it('orders the commented articles by their number of comments', () => {
    const quiet = anArticle({ title_article: 'Quiet' });
    const busy = anArticle({ title_article: 'Busy' });
    const calm = anArticle({ title_article: 'Calm' });
    const comments = [...commentsOn('Calm', 1), ...commentsOn('Busy', 3), aComment({ article: null })];
    expect(mostPopular([quiet, busy, calm], comments)).toEqual([busy, calm]);
  });

  it('puts the newer article first when counts are equal', () => {
    const older = anArticle({ title_article: 'Older', date_of_the_article: '2024-05-01' });
    const newer = anArticle({ title_article: 'Newer', date_of_the_article: '2025-02-01' });
    expect(mostPopular([older, newer], [...commentsOn('Older', 2), ...commentsOn('Newer', 2)])).toEqual([newer, older]);
  });

  it('lists at most five', () => {
    const articles = Array.from({ length: 7 }, (_, index) => anArticle({ title_article: `Title ${index}` }));
    const comments = articles.flatMap((article, index) => commentsOn(article.title_article, index + 1));
    expect(mostPopular(articles, comments).map((article) => article.title_article)).toEqual([
      'Title 6',
      'Title 5',
      'Title 4',
      'Title 3',
      'Title 2',
    ]);
  });

  it('is empty when nobody commented', () => {
    expect(mostPopular([anArticle()], [])).toEqual([]);
  });
});

describe('topicCounts', () => {
  it('counts the articles of each topic, most first, ties alphabetical', () => {
    const articles = [
      anArticle({ topics: topics('Policy', 'Economy') }),
      anArticle({ topics: topics('Economy') }),
      anArticle({ topics: topics('Technology', 'Technology') }),
      anArticle({ topics: topics('Army') }),
    ];
    expect(topicCounts(articles)).toEqual([
      { category: 'Economy', count: 2 },
      { category: 'Army', count: 1 },
      { category: 'Policy', count: 1 },
      { category: 'Technology', count: 1 },
    ]);
  });

  it('is empty without topics', () => {
    expect(topicCounts([anArticle()])).toEqual([]);
  });
});
