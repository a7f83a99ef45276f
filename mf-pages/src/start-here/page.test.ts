import { createQueryClient, queries } from '@blog/shared';
import { askedFor, startHere, stubCms } from '../testing/cms';
import { startHerePage } from './page';

const request = { pathname: '/New-start-here', searchParams: new URLSearchParams() };

afterEach(() => jest.restoreAllMocks());

describe('startHerePage.load', () => {
  it('loads the start here entry only', async () => {
    const fetch = stubCms({ 'new-start-heres': startHere });
    const reads = createQueryClient();
    await startHerePage.load(request, reads);
    expect(askedFor(fetch)).toEqual(['new-start-heres']);
    expect(reads.getQueryData(queries.startHere().queryKey)).toEqual(startHere);
  });

  it('settles with an empty read when the CMS cannot be reached', async () => {
    stubCms({});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const reads = createQueryClient();
    await startHerePage.load(request, reads);
    expect(reads.getQueryData(queries.startHere().queryKey)).toBeNull();
  });
});

describe('startHerePage.head', () => {
  const headFor = (entry: typeof startHere | null) => {
    const reads = createQueryClient();
    reads.setQueryData(queries.startHere().queryKey, entry);
    return startHerePage.head?.(request, reads);
  };

  it('is the title and the words of the text without markup or headings', () => {
    expect(headFor(startHere)).toEqual({
      title: 'New here?',
      description:
        'Read the budget guide first. Good analysis tells you what would change its mind. See SIPRI and this.',
    });
  });

  it('describes a long text in about 160 characters, cut at a word', () => {
    const text = `# Welcome\n${'Every figure here comes from a public source. '.repeat(6)}`;
    const description = headFor({ ...startHere, text })?.description ?? '';
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.length).toBeGreaterThan(140);
    expect(description).toMatch(/^Every figure here .* [a-z]+…$/);
  });

  it('is called Start here, with no description, when the CMS has nothing', () => {
    expect(headFor(null)).toEqual({ title: 'Start here' });
    expect(headFor({ ...startHere, title: null, text: '' })).toEqual({ title: 'Start here' });
  });
});
