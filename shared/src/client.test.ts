import {
  fetchAbout,
  fetchArchiveYear,
  fetchArchiveYears,
  fetchArticle,
  fetchArticleComments,
  fetchArticleSummaries,
  fetchArticles,
  fetchComments,
  fetchContactDetails,
  fetchCountries,
  fetchCoverContact,
  fetchHomeArticles,
  fetchMostPopular,
  fetchNewsletter,
  fetchRecentArticles,
  fetchStartHere,
  fetchTopicCounts,
  geocode,
  postComment,
  postContactMessage,
  provideServerReads,
  voteComment,
} from './client';
import { aComment, aList, aSummary, addressOf, anArticle, forgetSharedReads } from './testing';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

let fetchMock: jest.SpiedFunction<typeof fetch>;
let logged: jest.SpiedFunction<typeof console.error>;

function answer(handler: Handler) {
  fetchMock.mockImplementation(async (input, init) => handler(new URL(addressOf(input)), init));
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });

/** A Strapi collection that pages at `pageSize` whatever the client asks for. */
function strapiCollection<T>(entries: T[], pageSize: number): Handler {
  return (url) => {
    const page = Number(url.searchParams.get('pagination[page]') ?? 1);
    const pageCount = Math.max(1, Math.ceil(entries.length / pageSize));
    return json({
      data: entries.slice((page - 1) * pageSize, page * pageSize),
      meta: { pagination: { page, pageSize, pageCount, total: entries.length } },
    });
  };
}

const requested = () => fetchMock.mock.calls.map(([input]) => new URL(addressOf(input)));
const sentBody = (call = 0): unknown => JSON.parse(fetchMock.mock.calls[call][1]?.body as string);
const sentHeaders = (call = 0) => new Headers(fetchMock.mock.calls[call][1]?.headers);

beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  globalThis.__BLOG_CONFIG__ = undefined;
  // Each test is a new page: nothing read in another is shared with it.
  forgetSharedReads();
});

const failures: [string, Handler][] = [
  [
    'an error status',
    () => json({ data: null, error: { status: 400, name: 'ValidationError', message: 'bad' } }, { status: 400 }),
  ],
  ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ['an answer that is not JSON', () => new Response('<html>Bad gateway</html>', { status: 200 })],
  ['an answer without a data list', () => json({ data: null })],
];

/** The query a request carried, as the CMS reads it. */
const queryOf = (url: URL) => Object.fromEntries(url.searchParams);

describe('fetchArticles and fetchComments', () => {
  it('return every article, however many pages the CMS answers in', async () => {
    const articles = Array.from({ length: 60 }, () => anArticle());
    answer(strapiCollection(articles, 25));
    await expect(fetchArticles()).resolves.toEqual(articles);
    expect(requested().map((url) => url.searchParams.get('pagination[page]'))).toEqual(['1', '2', '3']);
    expect(logged).not.toHaveBeenCalled();
  });

  it('ask for the populated articles, 100 a page, with cookies for the page’s own origin only', async () => {
    answer(strapiCollection([anArticle()], 100));
    await fetchArticles();
    const [url] = requested();
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:1337/api/articles');
    expect(url.searchParams.get('populate')).toBe('*');
    expect(url.searchParams.get('pagination[pageSize]')).toBe('100');
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('same-origin');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('return every comment across pages', async () => {
    const comments = Array.from({ length: 230 }, () => aComment());
    answer(strapiCollection(comments, 100));
    await expect(fetchComments()).resolves.toEqual(comments);
    expect(requested().map((url) => url.pathname)).toEqual(Array(3).fill('/api/comments'));
  });

  it('ask the CMS the hosting page configured', async () => {
    globalThis.__BLOG_CONFIG__ = { cmsUrl: 'https://cms.example.com/' };
    answer(strapiCollection([], 100));
    await expect(fetchArticles()).resolves.toEqual([]);
    expect(requested()[0].origin).toBe('https://cms.example.com');
  });

  it.each([
    [
      'an error status',
      () => json({ data: null, error: { status: 500, name: 'InternalServerError', message: 'boom' } }, { status: 500 }),
    ],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer that is not JSON', () => new Response('<html>Bad gateway</html>', { status: 200 })],
    ['an answer without a data list', () => json({ data: null })],
  ])('leave the list empty and log on %s', async (_, failure) => {
    answer(failure);
    await expect(fetchArticles()).resolves.toEqual([]);
    expect(logged).toHaveBeenCalled();
  });

  it('ask past every cache, page after page, for a fresh read', async () => {
    answer(
      strapiCollection(
        Array.from({ length: 30 }, () => aComment()),
        25,
      ),
    );
    await fetchComments();
    await fetchComments({ fresh: true });
    expect(fetchMock.mock.calls.map(([, init]) => init?.cache)).toEqual([undefined, undefined, 'no-cache', 'no-cache']);
  });

  it('leave the list empty when a later page fails', async () => {
    const comments = strapiCollection(
      Array.from({ length: 30 }, () => aComment()),
      25,
    );
    answer((url, init) =>
      url.searchParams.get('pagination[page]') === '2' ? new Response('', { status: 502 }) : comments(url, init),
    );
    await expect(fetchComments()).resolves.toEqual([]);
    expect(logged).toHaveBeenCalled();
  });
});

describe('fetchHomeArticles', () => {
  it('asks for the two newest articles with what Home shows of them', async () => {
    const newest = [anArticle(), anArticle()];
    answer(() => json(aList(newest)));
    await expect(fetchHomeArticles()).resolves.toEqual(newest);
    const [url] = requested();
    expect(url.pathname).toBe('/api/articles');
    expect(queryOf(url)).toEqual({
      'sort[0]': 'date_of_the_article:desc',
      'sort[1]': 'id:asc',
      'pagination[pageSize]': '2',
      'fields[0]': 'title_article',
      'fields[1]': 'written_by',
      'fields[2]': 'date_of_the_article',
      'fields[3]': 'text_article',
      'populate[photo_article]': 'true',
      'populate[topics]': 'true',
    });
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('same-origin');
  });

  it.each(failures)('is empty and logged on %s', async (_, failure) => {
    answer(failure);
    await expect(fetchHomeArticles()).resolves.toEqual([]);
    expect(logged).toHaveBeenCalledWith('Failed to load articles', expect.anything());
  });
});

describe('fetchArticle', () => {
  const title = 'Oil & Gas: 50% of Q3? #1 [draft]';

  it('asks the read model for the one article of that exact title', async () => {
    const article = anArticle({ title_article: title });
    answer(() => json(aList([article])));
    await expect(fetchArticle(title)).resolves.toEqual(article);
    const [url] = requested();
    expect(url.pathname).toBe('/api/article-detail');
    expect(queryOf(url)).toEqual({ title });
    // Escaped, so no character of the title is read as part of the query.
    expect(addressOf(fetchMock.mock.calls[0][0])).not.toContain('& Gas');
  });

  it('is null, without a log, when no article has that title', async () => {
    answer(() => json(aList([])));
    await expect(fetchArticle('Gone')).resolves.toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it.each(failures)('is null and logged on %s', async (_, failure) => {
    answer(failure);
    await expect(fetchArticle('Any')).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith('Failed to load articles', expect.anything());
  });
});

describe('fetchArticleSummaries', () => {
  it('asks the search for one page of 12, for the trimmed term, and gives the page with its pagination', async () => {
    const page = aList([aSummary(), aSummary()], { page: 2, pageSize: 12, pageCount: 2, total: 14 });
    answer(() => json(page));
    await expect(fetchArticleSummaries({ search: '  Naval & Air ', page: 2 })).resolves.toEqual(page);
    const [url] = requested();
    expect(url.pathname).toBe('/api/article-search');
    expect(queryOf(url)).toEqual({ search: 'Naval & Air', page: '2', pageSize: '12' });
  });

  it('gives the correction the CMS offers for a search that found nothing, and nothing else of its meta', async () => {
    const none = aList([], { page: 1, pageSize: 12, pageCount: 0, total: 0 });
    answer(() => json({ ...none, meta: { ...none.meta, suggestion: 'artillery', other: 1 } }));
    await expect(fetchArticleSummaries({ search: 'artilary', page: 1 })).resolves.toEqual({
      ...none,
      meta: { ...none.meta, suggestion: 'artillery' },
    });
    answer(() => json({ ...none, meta: { ...none.meta, suggestion: 7 } }));
    await expect(fetchArticleSummaries({ search: 'qqqqqq', page: 1 })).resolves.toEqual(none);
  });

  it('asks the search narrowed to a topic and a year, and gives its facets when they are what they say', async () => {
    const none = aList([], { page: 1, pageSize: 12, pageCount: 0, total: 0 });
    const facets = { topics: [{ value: 'Cyber', count: 2 }], years: [{ value: 2026, count: 2 }] };
    answer(() => json({ ...none, meta: { ...none.meta, facets } }));
    await expect(fetchArticleSummaries({ search: 'risk', page: 1, topic: 'Cyber', year: 2026 })).resolves.toEqual({
      ...none,
      meta: { ...none.meta, facets },
    });
    expect(queryOf(requested()[0])).toEqual({
      search: 'risk',
      page: '1',
      pageSize: '12',
      topic: 'Cyber',
      year: '2026',
    });
    answer(() => json({ ...none, meta: { ...none.meta, facets: { topics: [{ value: 3, count: 2 }], years: [] } } }));
    await expect(fetchArticleSummaries({ search: 'risk', page: 2 })).resolves.toEqual(none);
  });

  it('asks the search for a narrowing without a term', async () => {
    answer(() => json(aList([])));
    await fetchArticleSummaries({ search: ' ', page: 1, topic: 'Cyber' });
    expect(requested()[0].pathname).toBe('/api/article-search');
    expect(queryOf(requested()[0])).toEqual({ search: '', page: '1', pageSize: '12', topic: 'Cyber' });
  });

  it('leaves a blank term out: every article, newest first', async () => {
    answer(() => json(aList([])));
    await fetchArticleSummaries({ search: '   ', page: 1 });
    expect(requested()[0].pathname).toBe('/api/article-summaries');
    expect(queryOf(requested()[0])).toEqual({ page: '1', pageSize: '12' });
  });

  it.each([
    ...failures,
    ['an answer without pagination', () => json({ data: [] })],
    ['an answer with a broken pagination', () => json({ data: [], meta: { pagination: { page: '1' } } })],
  ])('is null and logged on %s', async (_, failure) => {
    answer(failure);
    await expect(fetchArticleSummaries({ search: 'army', page: 1 })).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith('Failed to load article-summaries', expect.anything());
  });
});

describe('the counted lists', () => {
  const entry = { documentId: 'd1', title_article: 'Drones', date_of_the_article: '2025-03-02' };
  const reads = [
    ['most-popular-articles', () => fetchMostPopular(), '/api/most-popular-articles', {}, [{ ...entry, comments: 4 }]],
    ['article-topics', () => fetchTopicCounts(), '/api/article-topics', {}, [{ category: 'Cyber', count: 3 }]],
    ['archive-years', () => fetchArchiveYears(), '/api/archive-years', {}, [2026, 2024]],
    ['archive-years', () => fetchArchiveYear(2025), '/api/archive-years/2025', {}, [entry]],
    ['latest-articles', () => fetchRecentArticles(3), '/api/latest-articles', { limit: '3' }, [entry]],
  ] as const;

  it.each(reads)('%s: asks %s and gives its data', async (_, load, pathname, query, data) => {
    answer(() => json({ data, meta: {} }));
    await expect(load()).resolves.toEqual(data);
    const [url] = requested();
    expect(url.pathname).toBe(pathname);
    expect(queryOf(url)).toEqual(query);
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('same-origin');
  });

  it.each(reads)('%s: is empty and logged when it cannot be read', async (name, load) => {
    answer(() => new Response('', { status: 503 }));
    await expect(load()).resolves.toEqual([]);
    expect(logged).toHaveBeenCalledWith(`Failed to load ${name}`, expect.anything());
  });
});

describe('fetchArticleComments', () => {
  it('asks for a page of 100 of the article’s comments, oldest first', async () => {
    const page = aList([aComment()], { page: 3, pageSize: 100, pageCount: 3, total: 201 });
    answer(() => json(page));
    await expect(fetchArticleComments('Drones & tanks', 3)).resolves.toEqual(page);
    const [url] = requested();
    expect(url.pathname).toBe('/api/article-comments');
    expect(queryOf(url)).toEqual({ title: 'Drones & tanks', page: '3', pageSize: '100' });
    expect(fetchMock.mock.calls[0][1]?.cache).toBeUndefined();
  });

  it('asks past every cache after the visitor’s own write', async () => {
    answer(() => json(aList([])));
    await fetchArticleComments('Drones', 1);
    await fetchArticleComments('Drones', 1, { fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1][1]?.cache).toBe('no-cache');
  });

  it.each(failures)('is null and logged on %s', async (_, failure) => {
    answer(failure);
    await expect(fetchArticleComments('Drones', 1)).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith('Failed to load comments', expect.anything());
  });
});

describe('reads shared by the page', () => {
  let now: number;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });

  it('ask for one address once while it is on its way, whoever asks', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (release = resolve)));
    const footer = fetchContactDetails();
    const page = fetchContactDetails();
    release(json({ data: [{ id: 1, documentId: 'c', email: 'a@b.c' }] }));
    await expect(Promise.all([footer, page])).resolves.toEqual([
      expect.objectContaining({ email: 'a@b.c' }),
      expect.objectContaining({ email: 'a@b.c' }),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keep an answer for the CMS’s max-age of 5 seconds, then ask again', async () => {
    answer(() => json({ data: [2026] }));
    await fetchArchiveYears();
    now += 4_999;
    await fetchArchiveYears();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += 1;
    await fetchArchiveYears();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keep no failure: the next read asks again', async () => {
    answer(() => new Response('', { status: 502 }));
    await fetchArchiveYears();
    answer(() => json({ data: [2026] }));
    await expect(fetchArchiveYears()).resolves.toEqual([2026]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keep addresses apart', async () => {
    answer((url) =>
      json({ data: [{ documentId: url.pathname, title_article: 'x', date_of_the_article: '2025-01-01' }] }),
    );
    await fetchArchiveYear(2025);
    await expect(fetchArchiveYear(2024)).resolves.toEqual([
      expect.objectContaining({ documentId: '/api/archive-years/2024' }),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('give a fresh read the CMS’s own answer, and keep that one', async () => {
    answer(() => json(aList([aComment({ like: '1' })])));
    await fetchArticleComments('Drones', 1);
    answer(() => json(aList([aComment({ like: '2' })])));
    expect((await fetchArticleComments('Drones', 1, { fresh: true }))?.data[0].like).toBe('2');
    expect((await fetchArticleComments('Drones', 1))?.data[0].like).toBe('2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('single entries', () => {
  it.each([
    ['contact-details', fetchContactDetails],
    ['cover-contact-mes', fetchCoverContact],
    ['about-mes', fetchAbout],
    ['new-start-heres', fetchStartHere],
    ['news-letters', fetchNewsletter],
  ])('%s: the first entry of the populated collection', async (collection, load) => {
    const first = { id: 1, documentId: 'first', title: 'First' };
    answer(() => json({ data: [first, { id: 2, documentId: 'second', title: 'Second' }] }));
    await expect(load()).resolves.toEqual(first);
    expect(addressOf(fetchMock.mock.calls[0][0])).toBe(`http://localhost:1337/api/${collection}?populate=*`);
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('same-origin');
  });

  it('is null when the collection is empty', async () => {
    answer(() => json({ data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } }));
    await expect(fetchContactDetails()).resolves.toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it('is null and logged when the load fails', async () => {
    answer(() => new Response('Not found', { status: 404 }));
    await expect(fetchAbout()).resolves.toBeNull();
    expect(logged).toHaveBeenCalled();
  });
});

describe('reads of a page the render server renders', () => {
  afterEach(() => provideServerReads(() => undefined));

  it('end with the page’s signal and tell the server which failed', async () => {
    const controller = new AbortController();
    const failed = jest.fn();
    provideServerReads(() => ({ signal: controller.signal, failed }));
    answer((url, init) => {
      if (url.pathname.endsWith('/about-mes')) return json({ data: [{ id: 1, title: 'About' }] });
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
      );
    });
    const [about, popular] = [fetchAbout(), fetchMostPopular()];
    controller.abort(new Error('The page’s deadline passed'));
    expect(await about).toEqual({ id: 1, title: 'About' });
    expect(await popular).toEqual([]);
    expect(failed.mock.calls).toEqual([
      ['http://localhost:1337/api/most-popular-articles', new Error('The page’s deadline passed')],
    ]);
    // The server logs it, in its own format: nothing is written to its console.
    expect(logged).not.toHaveBeenCalled();
  });

  it('tell the server of a whole collection that failed', async () => {
    const failed = jest.fn();
    provideServerReads(() => ({ signal: new AbortController().signal, failed }));
    answer(() => json({}, { status: 503 }));
    expect(await fetchArticles()).toEqual([]);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('postComment', () => {
  it('posts the comment as JSON and gives back the stored comment', async () => {
    const stored = aComment({ name: 'Ana', comment: 'Sharp analysis', article: 'Drone swarms' });
    answer(() => json({ data: stored, meta: {} }, { status: 201 }));
    await expect(postComment({ name: 'Ana', comment: 'Sharp analysis', article: 'Drone swarms' })).resolves.toEqual({
      ok: true,
      data: stored,
    });
    expect(addressOf(fetchMock.mock.calls[0][0])).toBe('http://localhost:1337/api/comments');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
    expect(sentBody()).toEqual({ data: { name: 'Ana', comment: 'Sharp analysis', article: 'Drone swarms' } });
  });

  it('sends empty values as they are', async () => {
    answer(() => json({ data: aComment() }, { status: 201 }));
    await postComment({ name: '', comment: '', article: 'Drone swarms' });
    expect(sentBody()).toEqual({ data: { name: '', comment: '', article: 'Drone swarms' } });
  });

  it("gives the status and the server's message when refused", async () => {
    answer(() =>
      json(
        { data: null, error: { status: 400, name: 'ValidationError', message: 'name must be at most 100 characters' } },
        { status: 400 },
      ),
    );
    await expect(postComment({ name: 'x', comment: 'y', article: 'z' })).resolves.toEqual({
      ok: false,
      status: 400,
      message: 'name must be at most 100 characters',
    });
  });

  it('gives the status when the refusal is not JSON', async () => {
    answer(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(postComment({ name: 'x', comment: 'y', article: 'z' })).resolves.toEqual({
      ok: false,
      status: 502,
      message: 'Bad Gateway',
    });
  });

  it('gives no status when the server cannot be reached', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(postComment({ name: 'x', comment: 'y', article: 'z' })).resolves.toEqual({
      ok: false,
      status: null,
      message: 'Failed to fetch',
    });
  });

  it('counts a stored comment as sent even when the answer cannot be read', async () => {
    answer(() => new Response('', { status: 201 }));
    await expect(postComment({ name: 'x', comment: 'y', article: 'z' })).resolves.toEqual({ ok: true, data: null });
  });
});

describe('postContactMessage', () => {
  it('posts exactly the fields of a contact message', async () => {
    answer(() => json({ data: { id: 7, documentId: 'm7' } }, { status: 201 }));
    const message = {
      first_name: 'Ana',
      last_name: 'Ruiz',
      email: 'ana@example.com',
      phone: '+57 300',
      message: 'Hello',
    };
    const result = await postContactMessage({ ...message, approved: true } as typeof message);
    expect(result.ok).toBe(true);
    expect(addressOf(fetchMock.mock.calls[0][0])).toBe('http://localhost:1337/api/contact-me-forms');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(sentBody()).toEqual({ data: message });
  });

  it('gives the status and message of a refusal', async () => {
    answer(() =>
      json({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } }, { status: 403 }),
    );
    const message = { first_name: '', last_name: '', email: '', phone: '+1 ', message: '' };
    await expect(postContactMessage(message)).resolves.toEqual({ ok: false, status: 403, message: 'Forbidden' });
  });
});

describe('voteComment', () => {
  it('puts the expected like count as text, with the count the visitor saw', async () => {
    const stored = aComment({ documentId: 'abc123', like: '6' });
    answer(() => json({ data: stored }));
    await expect(voteComment('abc123', { field: 'like', base: 4, value: 5 })).resolves.toEqual({
      ok: true,
      data: stored,
    });
    expect(addressOf(fetchMock.mock.calls[0][0])).toBe('http://localhost:1337/api/comments/abc123');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'PUT', credentials: 'omit' });
    expect(sentBody()).toEqual({ data: { like: '5' } });
    expect(sentHeaders().get('X-Vote-Base')).toBe('4');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });

  it('puts a dislike step the same way', async () => {
    answer(() => json({ data: aComment() }));
    await voteComment('abc123', { field: 'dislike', base: 1, value: 0 });
    expect(sentBody()).toEqual({ data: { dislike: '0' } });
    expect(sentHeaders().get('X-Vote-Base')).toBe('1');
  });

  it('gives the status and message when the vote is refused', async () => {
    answer(() =>
      json(
        { data: null, error: { status: 409, name: 'ConflictError', message: 'A vote moves a count by one' } },
        { status: 409 },
      ),
    );
    await expect(voteComment('abc123', { field: 'like', base: 4, value: 9 })).resolves.toEqual({
      ok: false,
      status: 409,
      message: 'A vote moves a count by one',
    });
  });
});

describe('fetchCountries', () => {
  it('reads the configured country list', async () => {
    globalThis.__BLOG_CONFIG__ = { countriesUrl: 'http://localhost:9100/countries' };
    const countries = [{ idd: { root: '+5', suffixes: ['7'] } }, {}];
    answer(() => json(countries));
    await expect(fetchCountries()).resolves.toEqual(countries);
    expect(addressOf(fetchMock.mock.calls[0][0])).toBe('http://localhost:9100/countries');
  });

  it('is empty and logged when the list cannot be loaded', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchCountries()).resolves.toEqual([]);
    expect(logged).toHaveBeenCalled();
  });

  it('is empty and logged when the answer is not a list', async () => {
    answer(() => json({ message: 'rate limited' }));
    await expect(fetchCountries()).resolves.toEqual([]);
    expect(logged).toHaveBeenCalled();
  });
});

describe('geocode', () => {
  it('searches the address without any # and reads the first result', async () => {
    answer(() =>
      json([
        { lat: '10.9639', lon: '-74.7964' },
        { lat: '1', lon: '1' },
      ]),
    );
    await expect(geocode(' Calle 72 #54-35, Barranquilla #2 ')).resolves.toEqual({ lat: 10.9639, lon: -74.7964 });
    expect(addressOf(fetchMock.mock.calls[0][0])).toBe(
      'https://nominatim.openstreetmap.org/search?format=json&q=Calle%2072%2054-35%2C%20Barranquilla%202',
    );
    expect(logged).not.toHaveBeenCalled();
  });

  it('asks the configured geocoder', async () => {
    globalThis.__BLOG_CONFIG__ = { geocoderUrl: 'http://localhost:9200/search/' };
    answer(() => json([{ lat: 1, lon: 2 }]));
    await expect(geocode('Bogotá')).resolves.toEqual({ lat: 1, lon: 2 });
    expect(addressOf(fetchMock.mock.calls[0][0])).toBe('http://localhost:9200/search?format=json&q=Bogot%C3%A1');
  });

  it.each([
    ['no result', []],
    ['a latitude beyond 90', [{ lat: '90.5', lon: '0' }]],
    ['a longitude beyond -180', [{ lat: '0', lon: '-180.1' }]],
    ['coordinates that are not numbers', [{ lat: 'north', lon: '12' }]],
    ['empty coordinates', [{ lat: '', lon: '' }]],
    ['missing coordinates', [{ display_name: 'Somewhere' }]],
    ['an answer that is not a list', { error: 'Unable to geocode' }],
  ])('keeps the default centre (null, logged) on %s', async (_, body) => {
    answer(() => json(body));
    await expect(geocode('Somewhere')).resolves.toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('accepts the edges of the map', async () => {
    answer(() => json([{ lat: '-90', lon: '180' }]));
    await expect(geocode('South Pole')).resolves.toEqual({ lat: -90, lon: 180 });
  });

  it('keeps the default centre (null, logged) when the geocoder fails', async () => {
    answer(() => new Response('Too many requests', { status: 429 }));
    await expect(geocode('Somewhere')).resolves.toBeNull();
    expect(logged).toHaveBeenCalled();
  });
});
