import { latestArticles, sortNewestFirst } from './order';
import { anArticle } from './testing';

const march = anArticle({ date_of_the_article: '2024-03-10' });
const january = anArticle({ date_of_the_article: '2025-01-05' });
const december = anArticle({ date_of_the_article: '2024-12-31' });
const alsoDecember = anArticle({ date_of_the_article: '2024-12-31' });

describe('sortNewestFirst', () => {
  it('puts the newest date first and keeps same-day articles in their order', () => {
    expect(sortNewestFirst([march, december, january, alsoDecember])).toEqual([january, december, alsoDecember, march]);
  });

  it('leaves the given list as it was', () => {
    const list = [march, january];
    sortNewestFirst(list);
    expect(list).toEqual([march, january]);
  });
});

describe('latestArticles', () => {
  it('gives the two most recent articles, newest first', () => {
    expect(latestArticles([march, december, january])).toEqual([january, december]);
  });

  it('gives as many as asked, or all there are', () => {
    expect(latestArticles([march, december, january], 1)).toEqual([january]);
    expect(latestArticles([march])).toEqual([march]);
    expect(latestArticles([])).toEqual([]);
  });
});
