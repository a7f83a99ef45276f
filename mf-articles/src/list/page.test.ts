import { queries } from '@blog/shared';
import { stubCms, type StandInCms } from '../testing/cms';
import { loadPage, pageRequest } from '@blog/shared/testing/server';
import { articleReads, loadedReads } from '../testing/pages';
import { holdSeed, munitions } from '../testing/seed';
import { articlesPage } from './page';

let cms: StandInCms;

beforeEach(() => {
  cms = stubCms();
  holdSeed(cms);
});

const load = (address: string) => loadPage(articlesPage, address);

describe('the Articles page', () => {
  it('loads the first page of every article', async () => {
    const reads = await load('/Articles');
    expect(loadedReads(reads)).toEqual([queries.articleSummaries({ search: '', page: 1 }).queryKey]);
    expect(cms.articleSummaries).toHaveBeenCalledWith({ search: '', page: 1 });
  });

  it('loads the page of results its address asks for', async () => {
    const reads = await load('/Articles?search=%20army%20&page=2');
    expect(loadedReads(reads)).toEqual([queries.articleSummaries({ search: 'army', page: 2 }).queryKey]);
    expect(cms.articleSummaries).toHaveBeenCalledWith({ search: 'army', page: 2 });
  });

  it('loads the article a shared link names, and no list', async () => {
    const reads = await load(`/Articles?title=${encodeURIComponent(munitions.title_article)}`);
    expect(loadedReads(reads)).toEqual(expect.arrayContaining(articleReads(munitions.title_article)));
    expect(loadedReads(reads)).toHaveLength(4);
    expect(cms.articleSummaries).not.toHaveBeenCalled();
  });

  it('loads the list for a title that names no article, without its comments', async () => {
    const reads = await load('/Articles?title=No%20such%20article');
    expect(loadedReads(reads)).toContainEqual(queries.articleSummaries({ search: '', page: 1 }).queryKey);
    expect(loadedReads(reads)).not.toContainEqual(queries.articleComments('No such article').queryKey);
  });

  it('keeps the section’s head for the list, and has the article’s for an article', async () => {
    expect(
      articlesPage.head?.(pageRequest('/Articles?search=army'), await load('/Articles?search=army')),
    ).toBeUndefined();
    const address = `/Articles?title=${encodeURIComponent(munitions.title_article)}`;
    expect(articlesPage.head?.(pageRequest(address), await load(address))).toEqual({
      title: munitions.title_article,
      description: 'Slowest stage sets the pace. Shells are strategic: see NATO.',
      image: { url: 'http://localhost:1337/uploads/munitions.jpg', width: 1200, height: 675, alt: 'munitions' },
      article: {
        author: 'Mateo Ferrer',
        publishedTime: '2025-06-09',
        tags: ['Industrial Base', 'Supply Chains'],
      },
    });
  });
});
