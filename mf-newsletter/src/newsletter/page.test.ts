/** @jest-environment node */
import { createQueryClient, type PageRequest } from '@blog/shared';
import { newsletterPage } from './page';
import { NEWSLETTER, serveCms } from './testing';

const request = (search = ''): PageRequest => ({ pathname: '/New-letter', searchParams: new URLSearchParams(search) });

async function load(search?: string) {
  const reads = createQueryClient();
  await newsletterPage.load(request(search), reads);
  return reads;
}

const loadedKeys = (reads: ReturnType<typeof createQueryClient>) =>
  reads
    .getQueryCache()
    .getAll()
    .map(({ queryKey }) => queryKey);

describe('the newsletter page on the server', () => {
  it('loads the banner, the years and the latest year for the archive', async () => {
    const cms = serveCms();
    const reads = await load();
    expect(loadedKeys(reads)).toEqual(
      expect.arrayContaining([['newsletter'], ['archive-years'], ['archive-year', 2025]]),
    );
    expect(loadedKeys(reads)).toHaveLength(3);
    expect(cms.yearsRead()).toEqual([2025]);
  });

  it('loads the year the address names when it has articles', async () => {
    const cms = serveCms();
    const reads = await load('?year=2024');
    expect(loadedKeys(reads)).toContainEqual(['archive-year', 2024]);
    expect(cms.yearsRead()).toEqual([2024]);
  });

  it('loads the latest year, and only it, for a year without articles', async () => {
    const cms = serveCms();
    await load('?year=1999');
    expect(cms.yearsRead()).toEqual([2025]);
  });

  it('loads nothing of the archive for an article: it is mf-articles’ detail, loaded with the page', async () => {
    const cms = serveCms();
    const reads = await load('?year=2024&title=Older%20Year');
    expect(loadedKeys(reads)).toEqual([]);
    expect(cms.paths()).toEqual([]);
    expect(newsletterPage.remotes?.(request('?year=2024&title=Older%20Year'))).toEqual(['mf_articles/ArticleDetail']);
    expect(newsletterPage.remotes?.(request('?year=2024'))).toEqual([]);
  });

  it('loads without failing when the CMS is down, and no year then', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const cms = serveCms('down');
    const reads = await load('?year=2024');
    expect(cms.paths()).toEqual(expect.arrayContaining(['news-letters', 'archive-years']));
    expect(cms.yearsRead()).toEqual([]);
    expect(newsletterPage.head?.(request('?year=2024'), reads)).toEqual({ title: 'Newsletter' });
    jest.mocked(console.error).mockRestore();
  });
});

describe('the newsletter page’s head', () => {
  it('is the archive’s, described by the newsletter’s invitation', async () => {
    serveCms();
    const reads = await load();
    expect(newsletterPage.head?.(request(), reads)).toEqual({
      title: 'Newsletter',
      description: NEWSLETTER.invitation_message_to_join,
    });
  });

  it('has no description when the newsletter has no invitation', async () => {
    serveCms({ newsletter: { ...NEWSLETTER, invitation_message_to_join: null }, archive: {} });
    const reads = await load();
    expect(newsletterPage.head?.(request(), reads)).toEqual({ title: 'Newsletter' });
  });

  it('leaves an open article’s head to mf-articles’ detail', async () => {
    serveCms();
    const search = '?title=Older%20Year';
    expect(newsletterPage.head?.(request(search), await load(search))).toBeUndefined();
  });
});
