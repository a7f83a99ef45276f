import { queries } from '@blog/shared';
import { aPhoto, anArticle, lines } from '@blog/shared/testing';
import { stubCms, type StandInCms } from '../testing/cms';
import { loadPage, pageRequest } from '@blog/shared/testing/server';
import { articleReads, loadedReads } from '../testing/pages';
import { holdSeed, munitions } from '../testing/seed';
import { articleDetailPage, articleHead } from './page';

let cms: StandInCms;

beforeEach(() => {
  cms = stubCms();
  holdSeed(cms);
});

// The newsletter opens an article at its own address.
const newsletterAddress = (title: string) => `/New-letter?year=2025&title=${encodeURIComponent(title)}`;

const load = (address: string) => loadPage(articleDetailPage, address);

describe('the article detail’s page', () => {
  it('loads the article its address names, its first comments and the sidebar, together', async () => {
    const reads = await load(newsletterAddress(munitions.title_article));
    expect(loadedReads(reads)).toEqual(expect.arrayContaining(articleReads(munitions.title_article)));
    expect(loadedReads(reads)).toHaveLength(4);
    expect(reads.getQueryData(queries.articleComments(munitions.title_article).queryKey)?.data).toHaveLength(1);
  });

  it('loads nothing for an address that names no article', async () => {
    const reads = await load('/New-letter?year=2025');
    expect(loadedReads(reads)).toEqual([]);
    expect(articleDetailPage.head?.(pageRequest('/New-letter?year=2025'), reads)).toBeUndefined();
  });

  it('keeps no comments for a title that names no article, and has no head for it', async () => {
    const reads = await load(newsletterAddress('Gone'));
    expect(reads.getQueryData(queries.article('Gone').queryKey)).toBeNull();
    expect(loadedReads(reads)).not.toContainEqual(queries.articleComments('Gone').queryKey);
    expect(articleDetailPage.head?.(pageRequest(newsletterAddress('Gone')), reads)).toBeUndefined();
  });

  it('has the article’s head: title, description, photo, author, date and topics', async () => {
    const address = newsletterAddress(munitions.title_article);
    expect(articleDetailPage.head?.(pageRequest(address), await load(address))).toEqual({
      title: munitions.title_article,
      description: 'Slowest stage sets the pace. Shells are strategic: see NATO.',
      image: { url: 'http://localhost:1337/uploads/munitions.jpg', width: 1200, height: 675, alt: 'munitions' },
      article: { author: 'Mateo Ferrer', publishedTime: '2025-06-09', tags: ['Industrial Base', 'Supply Chains'] },
    });
  });
});

describe('an article’s head', () => {
  it('describes a long text in about 160 characters, cut between words', () => {
    const { description } = articleHead(anArticle({ text_article: lines(40, 'A line of analysis') }));
    expect(description?.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^A line of analysis 1 A line of analysis 2 .* of…$/);
  });

  it('names the photo by the article when the CMS has no text for it', () => {
    const photo = { ...aPhoto('drone'), alternativeText: null };
    expect(articleHead(anArticle({ title_article: 'Drones', photo_article: [photo] })).image).toEqual({
      url: 'http://localhost:1337/uploads/drone.jpg',
      width: 1200,
      height: 675,
      alt: 'Drones',
    });
  });

  it('leaves out what the article does not have', () => {
    const bare = anArticle({
      title_article: 'Bare',
      written_by: null,
      text_article: null,
      photo_article: null,
      date_of_the_article: '2024-02-03',
    });
    expect(articleHead(bare)).toEqual({ title: 'Bare', article: { publishedTime: '2024-02-03', tags: [] } });
  });
});
