import { queries } from '@blog/shared';
import { stubCms, type StandInCms } from '../testing/cms';
import { budgets, cyberInsurance, holdSeed, munitions } from '../testing/seed';
import { loadPage, pageRequest } from '@blog/shared/testing/server';
import { articleReads, loadedReads } from '../testing/pages';
import { homePage } from './page';

let cms: StandInCms;

beforeEach(() => {
  cms = stubCms();
  holdSeed(cms);
});

const load = (address: string) => loadPage(homePage, address);

describe('Home’s page', () => {
  it('loads the two newest articles and the sidebar beside them', async () => {
    const reads = await load('/');
    expect(loadedReads(reads)).toEqual(
      expect.arrayContaining([
        queries.homeArticles().queryKey,
        queries.mostPopular().queryKey,
        queries.topicCounts().queryKey,
      ]),
    );
    expect(loadedReads(reads)).toHaveLength(3);
    expect(reads.getQueryData(queries.homeArticles().queryKey)).toEqual([budgets, cyberInsurance]);
  });

  it('loads the article a link opens in its place, and nothing of the home page', async () => {
    const reads = await load(`/Home?title=${encodeURIComponent(munitions.title_article)}`);
    expect(loadedReads(reads)).toEqual(expect.arrayContaining(articleReads(munitions.title_article)));
    expect(loadedReads(reads)).toHaveLength(4);
    expect(cms.homeArticles).not.toHaveBeenCalled();
  });

  it('loads the home page for a title that names no article', async () => {
    const reads = await load('/Home?title=Gone');
    expect(loadedReads(reads)).toEqual(
      expect.arrayContaining([
        queries.article('Gone').queryKey,
        queries.homeArticles().queryKey,
        queries.mostPopular().queryKey,
        queries.topicCounts().queryKey,
      ]),
    );
    expect(loadedReads(reads)).toHaveLength(4);
  });

  it('loads empty reads, and does not fail, when the CMS cannot be reached', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    cms.fetch.mockRejectedValue(new TypeError('fetch failed'));
    const reads = await load('/');
    expect(reads.getQueryData(queries.homeArticles().queryKey)).toEqual([]);
    expect(homePage.head?.(pageRequest('/'), reads)).toEqual({ title: 'Home' });
    logged.mockRestore();
  });

  it('leads its link previews with the newest article’s photo', async () => {
    const request = pageRequest('/');
    const reads = await load('/');
    expect(homePage.head?.(request, reads)).toEqual({
      title: 'Home',
      image: {
        url: 'http://localhost:1337/uploads/budgets.jpg',
        width: 1200,
        height: 675,
        alt: 'budgets',
      },
    });
  });

  it('has the head of the article a link opens in its place', async () => {
    const address = `/Home?title=${encodeURIComponent(munitions.title_article)}`;
    const reads = await load(address);
    expect(homePage.head?.(pageRequest(address), reads)).toMatchObject({
      title: munitions.title_article,
      article: { author: 'Mateo Ferrer' },
    });
  });
});
