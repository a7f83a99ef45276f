import {
  fetchAbout,
  fetchArticles,
  fetchComments,
  fetchContactDetails,
  fetchCountries,
  fetchCoverContact,
  fetchNewsletter,
  fetchStartHere,
  geocode,
  postComment,
  postContactMessage,
  voteComment,
} from './client';
import { aComment, anArticle } from './testing';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

let fetchMock: jest.SpiedFunction<typeof fetch>;
let logged: jest.SpiedFunction<typeof console.error>;

function answer(handler: Handler) {
  fetchMock.mockImplementation(async (input, init) => handler(new URL(String(input)), init));
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

const requested = () => fetchMock.mock.calls.map(([input]) => new URL(String(input)));
const sentBody = (call = 0) => JSON.parse(String(fetchMock.mock.calls[call][1]?.body));
const sentHeaders = (call = 0) => new Headers(fetchMock.mock.calls[call][1]?.headers);

beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  globalThis.__BLOG_CONFIG__ = undefined;
});

describe('fetchArticles and fetchComments', () => {
  it('return every article, however many pages the CMS answers in', async () => {
    const articles = Array.from({ length: 60 }, () => anArticle());
    answer(strapiCollection(articles, 25));
    await expect(fetchArticles()).resolves.toEqual(articles);
    expect(requested().map((url) => url.searchParams.get('pagination[page]'))).toEqual(['1', '2', '3']);
    expect(logged).not.toHaveBeenCalled();
  });

  it('ask for the populated articles, 100 a page, without credentials', async () => {
    answer(strapiCollection([anArticle()], 100));
    await fetchArticles();
    const [url] = requested();
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:1337/api/articles');
    expect(url.searchParams.get('populate')).toBe('*');
    expect(url.searchParams.get('pagination[pageSize]')).toBe('100');
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('omit');
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
    ['an error status', () => json({ data: null, error: { status: 500, name: 'InternalServerError', message: 'boom' } }, { status: 500 })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer that is not JSON', () => new Response('<html>Bad gateway</html>', { status: 200 })],
    ['an answer without a data list', () => json({ data: null })],
  ])('leave the list empty and log on %s', async (_, failure) => {
    answer(failure);
    await expect(fetchArticles()).resolves.toEqual([]);
    expect(logged).toHaveBeenCalled();
  });

  it('leave the list empty when a later page fails', async () => {
    const comments = strapiCollection(Array.from({ length: 30 }, () => aComment()), 25);
    answer((url, init) =>
      url.searchParams.get('pagination[page]') === '2' ? new Response('', { status: 502 }) : comments(url, init),
    );
    await expect(fetchComments()).resolves.toEqual([]);
    expect(logged).toHaveBeenCalled();
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
    expect(String(fetchMock.mock.calls[0][0])).toBe(`http://localhost:1337/api/${collection}?populate=*`);
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('omit');
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

describe('postComment', () => {
  it('posts the comment as JSON and gives back the stored comment', async () => {
    const stored = aComment({ name: 'Ana', comment: 'Sharp analysis', article: 'Drone swarms' });
    answer(() => json({ data: stored, meta: {} }, { status: 201 }));
    await expect(postComment({ name: 'Ana', comment: 'Sharp analysis', article: 'Drone swarms' })).resolves.toEqual({
      ok: true,
      data: stored,
    });
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://localhost:1337/api/comments');
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
    const message = { first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com', phone: '+57 300', message: 'Hello' };
    const result = await postContactMessage({ ...message, approved: true } as typeof message);
    expect(result.ok).toBe(true);
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://localhost:1337/api/contact-me-forms');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(sentBody()).toEqual({ data: message });
  });

  it('gives the status and message of a refusal', async () => {
    answer(() => json({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } }, { status: 403 }));
    const message = { first_name: '', last_name: '', email: '', phone: '+1 ', message: '' };
    await expect(postContactMessage(message)).resolves.toEqual({ ok: false, status: 403, message: 'Forbidden' });
  });
});

describe('voteComment', () => {
  it('puts the expected like count as text, with the count the visitor saw', async () => {
    const stored = aComment({ documentId: 'abc123', like: '6' });
    answer(() => json({ data: stored }));
    await expect(voteComment('abc123', { field: 'like', base: 4, value: 5 })).resolves.toEqual({ ok: true, data: stored });
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://localhost:1337/api/comments/abc123');
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
      json({ data: null, error: { status: 409, name: 'ConflictError', message: 'A vote moves a count by one' } }, { status: 409 }),
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
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://localhost:9100/countries');
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
    answer(() => json([{ lat: '10.9639', lon: '-74.7964' }, { lat: '1', lon: '1' }]));
    await expect(geocode(' Calle 72 #54-35, Barranquilla #2 ')).resolves.toEqual({ lat: 10.9639, lon: -74.7964 });
    expect(String(fetchMock.mock.calls[0][0])).toBe(
      'https://nominatim.openstreetmap.org/search?format=json&q=Calle%2072%2054-35%2C%20Barranquilla%202',
    );
    expect(logged).not.toHaveBeenCalled();
  });

  it('asks the configured geocoder', async () => {
    globalThis.__BLOG_CONFIG__ = { geocoderUrl: 'http://localhost:9200/search/' };
    answer(() => json([{ lat: 1, lon: 2 }]));
    await expect(geocode('Bogotá')).resolves.toEqual({ lat: 1, lon: 2 });
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://localhost:9200/search?format=json&q=Bogot%C3%A1');
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
