import { apiUrl, siteConfig } from './config';
import { validCoordinates, type Coordinates } from './coordinates';
import type {
  About,
  ArchiveEntry,
  Article,
  ArticleList,
  ArticleSummary,
  FacetCount,
  Comment,
  ContactDetails,
  ContactMessage,
  Country,
  CoverContact,
  Entry,
  MostPopularEntry,
  NewestArticle,
  Newsletter,
  Pagination,
  StartHere,
  StrapiList,
  TopicCount,
} from './types';
import type { VoteStep } from './votes';

/** A failed write carries the HTTP status (null when the server was never reached) and a reason. */
export type WriteResult<T> = { ok: true; data: T | null } | { ok: false; status: number | null; message: string };

export interface ReadOptions {
  /**
   * Ask the CMS itself, past the browser's cache and the page's shared reads: a re-read after the
   * visitor's own write (a comment, a vote) must show it, whatever the CMS's `max-age`.
   */
  fresh?: boolean;
}

// Strapi answers 25 entries a page unless asked; 100 is its default maximum.
const PAGE_SIZE = 100;

/** The Articles list's page: a screenful of cards. */
const SUMMARY_PAGE_SIZE = 12;

// Every section bundles its own copy of this client; the page's global object is what they share.
const SHARED_READS = Symbol.for('@blog/shared reads');

/** The CMS's `max-age`: for this long its answer is the one it would give again. */
const FRESH_FOR_MS = 5_000;

interface SharedRead {
  answer: Promise<unknown>;
  /** Infinity while the answer is on its way. */
  freshUntil: number;
}

function sharedReads(): Map<string, SharedRead> {
  const page = globalThis as typeof globalThis & { [SHARED_READS]?: Map<string, SharedRead> };
  return (page[SHARED_READS] ??= new Map<string, SharedRead>());
}

/**
 * What the render server asks of the reads of the page it is rendering. It installs a lookup of
 * its own with `provideServerReads`; every section's copy of this client finds it on the global object.
 */
export interface ServerReads {
  /** Ends the page's reads: its deadline has passed, or nobody waits for the page any more. */
  signal: AbortSignal;
  /** Told of each read that failed, and why: a page rendered without one is not kept as a good copy. */
  failed(url: string, error: unknown): void;
  /** How the page reads `url` instead: a preview reads drafts, with credentials the browser never sees. */
  prepare?: (url: string) => { url: string; headers: Record<string, string> };
  /** Runs each read of `url` (made by `read`, with `headers` added: a trace's context), which it may time. */
  observe?: <T>(url: string, read: (headers: Record<string, string>) => Promise<T>) => Promise<T>;
}

const SERVER_READS = Symbol.for('@blog/shared server reads');

type ServerReadsLookup = () => ServerReads | undefined;

export function provideServerReads(lookup: ServerReadsLookup): void {
  (globalThis as typeof globalThis & { [SERVER_READS]?: ServerReadsLookup })[SERVER_READS] = lookup;
}

const serverReads = (): ServerReads | undefined =>
  (globalThis as typeof globalThis & { [SERVER_READS]?: ServerReadsLookup })[SERVER_READS]?.();

/** A read that failed: told to the server rendering the page, which logs it in its own format; else the console's. */
function reportFailedRead(what: string, url: string, error: unknown) {
  const server = serverReads();
  if (server) server.failed(url, error);
  else console.error(`Failed to load ${what}`, error);
}

async function request(url: string, fresh: boolean): Promise<unknown> {
  const server = serverReads();
  const prepared = server?.prepare?.(url) ?? { url, headers: {} };
  const read = async (headers: Record<string, string> = {}) => {
    const response = await fetch(prepared.url, {
      // No cookie goes to the CMS (another origin); a preview's reads go to the page's own origin, with its cookie.
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...prepared.headers, ...headers },
      ...(fresh ? { cache: 'no-cache' as const } : {}),
      signal: server?.signal,
    });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  return server?.observe ? server.observe(url, read) : read();
}

/**
 * A JSON answer. A page asks for one address once while the answer is fresh, whichever of its
 * sections asks (the footer and the Contact page both show the contact details): the second asker
 * gets the answer on its way or just arrived, as the browser's cache would give it.
 */
function getJson(url: string, { fresh = false }: ReadOptions = {}): Promise<unknown> {
  // On the render server every page is another visitor's: each reads the CMS for itself (a CDN in
  // front caches the pages), and its sections share reads through the page's query cache.
  if (process.env.BLOG_SERVER_BUILD) return request(url, fresh);
  const reads = sharedReads();
  const now = Date.now();
  const known = reads.get(url);
  if (!fresh && known && now < known.freshUntil) return known.answer;
  for (const [key, { freshUntil }] of reads) if (freshUntil <= now) reads.delete(key);
  const entry: SharedRead = { answer: request(url, fresh), freshUntil: Infinity };
  reads.set(url, entry);
  entry.answer.then(
    () => (entry.freshUntil = Date.now() + FRESH_FOR_MS),
    // A failure is not kept: the next read (a retry, another view) asks again.
    () => reads.get(url) === entry && reads.delete(url),
  );
  return entry.answer;
}

/** `path` under the API base with `params`, each escaped (titles hold `&`, `#` and `?`). */
function apiQuery(path: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return `${apiUrl(path)}?${query}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function listData<T>(body: unknown, url: string): T[] {
  if (!isRecord(body) || !Array.isArray(body.data)) throw new Error(`GET ${url} answered no data list`);
  return body.data as T[];
}

function pagination(body: unknown, url: string): Pagination {
  const meta = isRecord(body) ? body.meta : undefined;
  const value = isRecord(meta) ? meta.pagination : undefined;
  const numbers = ['page', 'pageSize', 'pageCount', 'total'] as const;
  if (!isRecord(value) || !numbers.every((key) => typeof value[key] === 'number')) {
    throw new Error(`GET ${url} answered no pagination`);
  }
  return value as unknown as Pagination;
}

function pagedList<T>(body: unknown, url: string): StrapiList<T> {
  return { data: listData<T>(body, url), meta: { pagination: pagination(body, url) } };
}

/** A facet's counts as the CMS answers them, if they are what they say. */
function facetCounts<Value>(
  value: unknown,
  isValue: (value: unknown) => value is Value,
): FacetCount<Value>[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const counts: unknown[] = value;
  return counts.every((entry) => isRecord(entry) && isValue(entry.value) && typeof entry.count === 'number')
    ? (counts as FacetCount<Value>[])
    : undefined;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number';

/** A page of articles, with the search's facets and its correction when the CMS answers them. */
function articleList(body: unknown, url: string): ArticleList {
  const list: ArticleList = pagedList<ArticleSummary>(body, url);
  const meta = isRecord(body) ? body.meta : undefined;
  const suggestion = isRecord(meta) ? meta.suggestion : undefined;
  if (typeof suggestion === 'string' && suggestion !== '') list.meta.suggestion = suggestion;
  const facets = isRecord(meta) ? meta.facets : undefined;
  const topics = isRecord(facets) ? facetCounts(facets.topics, isString) : undefined;
  const years = isRecord(facets) ? facetCounts(facets.years, isNumber) : undefined;
  if (topics && years) list.meta.facets = { topics, years };
  return list;
}

function pageCount(body: unknown): number {
  const meta = isRecord(body) ? body.meta : undefined;
  const pagination = isRecord(meta) ? meta.pagination : undefined;
  const count = isRecord(pagination) ? pagination.pageCount : undefined;
  return typeof count === 'number' && Number.isInteger(count) && count > 1 ? count : 1;
}

/** What `url` answers, through `parse`; on a failure, logged, `empty` instead: the view stays empty (spec §8). */
async function read<T>(
  name: string,
  url: string,
  parse: (body: unknown, url: string) => T,
  empty: T,
  options?: ReadOptions,
): Promise<T> {
  try {
    return parse(await getJson(url, options), url);
  } catch (error) {
    reportFailedRead(name, url, error);
    return empty;
  }
}

/** Every entry of a collection, page after page; a failure anywhere leaves the view empty (spec §8). */
async function readAll<T>(collection: string, options?: ReadOptions): Promise<T[]> {
  // A fixed order keeps entries from moving between pages while they are read.
  const pageUrl = (page: number) =>
    `${apiUrl(collection)}?populate=*&sort=id:asc&pagination[pageSize]=${PAGE_SIZE}&pagination[page]=${page}`;
  try {
    const first = await getJson(pageUrl(1), options);
    const rest = await Promise.all(
      Array.from({ length: pageCount(first) - 1 }, (_, index) => getJson(pageUrl(index + 2), options)),
    );
    return [first, ...rest].flatMap((body, index) => listData<T>(body, pageUrl(index + 1)));
  } catch (error) {
    reportFailedRead(collection, pageUrl(1), error);
    return [];
  }
}

/** The first entry of a collection that only ever uses one (spec §7). */
function readFirst<T>(collection: string): Promise<T | null> {
  const first = (body: unknown, url: string) => listData<T>(body, url)[0] ?? null;
  return read(collection, `${apiUrl(collection)}?populate=*`, first, null);
}

/**
 * Spec §7's whole collections, page after page, for any client of the spec's calls (the CMS's
 * tests read them through this client). No page of the site reads them: at 2,000 articles they
 * are hundreds of requests and megabytes; the reads below ask for what a page shows.
 */
export const fetchArticles = (options?: ReadOptions): Promise<Article[]> => readAll('articles', options);
export const fetchComments = (options?: ReadOptions): Promise<Comment[]> => readAll('comments', options);
export const fetchContactDetails = (): Promise<ContactDetails | null> => readFirst('contact-details');
export const fetchCoverContact = (): Promise<CoverContact | null> => readFirst('cover-contact-mes');
export const fetchAbout = (): Promise<About | null> => readFirst('about-mes');
export const fetchStartHere = (): Promise<StartHere | null> => readFirst('new-start-heres');
export const fetchNewsletter = (): Promise<Newsletter | null> => readFirst('news-letters');

/** Home (spec §2): the two newest articles, newest first, with what Home shows of them. */
export function fetchHomeArticles(): Promise<NewestArticle[]> {
  const url = apiQuery('articles', {
    'sort[0]': 'date_of_the_article:desc',
    // Same-day articles in the order they were published.
    'sort[1]': 'id:asc',
    'pagination[pageSize]': 2,
    'fields[0]': 'title_article',
    'fields[1]': 'written_by',
    'fields[2]': 'date_of_the_article',
    'fields[3]': 'text_article',
    'populate[photo_article]': 'true',
    'populate[topics]': 'true',
  });
  return read('articles', url, listData<NewestArticle>, []);
}

/**
 * Strapi's own query for the article a title names, all of it: what the CMS's `article-detail`
 * answers for the published article, and what a preview of its draft reads instead.
 */
export const articleEntryQuery = (title: string) => ({
  'filters[title_article][$eq]': title,
  'populate[photo_article]': 'true',
  'populate[audio]': 'true',
  'populate[topics]': 'true',
  'populate[sources]': 'true',
  'populate[articles][fields][0]': 'title_article',
  'pagination[pageSize]': 1,
});

/** The article a title names, all of it (its detail); null when no published article has that title. */
export function fetchArticle(title: string): Promise<Article | null> {
  const url = apiQuery('article-detail', { title });
  return read('articles', url, (body) => listData<Article>(body, url)[0] ?? null, null);
}

export interface SummaryQuery {
  /**
   * Spec §5: matched by the CMS against the titles and topic categories, those first, then
   * against the whole text (each such match with its snippet); blank for every article.
   */
  search: string;
  /** From 1. */
  page: number;
  /** Narrows a search to the articles of this topic (its category); blank or absent for any. */
  topic?: string;
  /** Narrows a search to the articles of this year; absent for any. */
  year?: number;
}

/**
 * One page of the Articles list, newest first, or of a search's results (the CMS's
 * `article-search`: spec §5's matches first, then the text's); null when it could not be read.
 */
export function fetchArticleSummaries({ search, page, topic = '', year }: SummaryQuery): Promise<ArticleList | null> {
  const term = search.trim();
  const narrowing = { ...(topic !== '' ? { topic } : {}), ...(year !== undefined ? { year } : {}) };
  const url =
    term === '' && Object.keys(narrowing).length === 0
      ? apiQuery('article-summaries', { page, pageSize: SUMMARY_PAGE_SIZE })
      : apiQuery('article-search', { search: term, page, pageSize: SUMMARY_PAGE_SIZE, ...narrowing });
  return read('article-summaries', url, articleList, null);
}

/** Spec §9: the five most commented articles, most first. */
export const fetchMostPopular = (): Promise<MostPopularEntry[]> =>
  read('most-popular-articles', apiUrl('most-popular-articles'), listData<MostPopularEntry>, []);

/** Every topic with its number of articles, most first. */
export const fetchTopicCounts = (): Promise<TopicCount[]> =>
  read('article-topics', apiUrl('article-topics'), listData<TopicCount>, []);

/** The years that have articles, latest first. */
export const fetchArchiveYears = (): Promise<number[]> =>
  read('archive-years', apiUrl('archive-years'), listData<number>, []);

/** One year's articles, newest first: titles and dates only. */
export const fetchArchiveYear = (year: number): Promise<ArchiveEntry[]> =>
  read('archive-years', apiUrl(`archive-years/${year}`), listData<ArchiveEntry>, []);

/** The most recent articles' titles, newest first. */
export const fetchRecentArticles = (limit: number): Promise<ArchiveEntry[]> =>
  read('latest-articles', apiQuery('latest-articles', { limit }), listData<ArchiveEntry>, []);

/**
 * One page of an article's comments, oldest first as the site has always shown them; the CMS
 * gives approved comments only. Null when it could not be read.
 */
export function fetchArticleComments(
  title: string,
  page: number,
  options?: ReadOptions,
): Promise<StrapiList<Comment> | null> {
  const url = apiQuery('article-comments', { title, page, pageSize: PAGE_SIZE });
  return read('comments', url, pagedList<Comment>, null, options);
}

function serverMessage(body: unknown): string | undefined {
  const error = isRecord(body) ? body.error : undefined;
  const message = isRecord(error) ? error.message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

async function write<T>(
  method: 'POST' | 'PUT',
  path: string,
  data: Record<string, string | null>,
  headers: Record<string, string> = {},
): Promise<WriteResult<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify({ data }),
    });
  } catch (error) {
    return { ok: false, status: null, message: error instanceof Error ? error.message : String(error) };
  }
  const body: unknown = await response.json().catch((): undefined => undefined);
  if (!response.ok) {
    const message = serverMessage(body) ?? (response.statusText || `Request failed with status ${response.status}`);
    return { ok: false, status: response.status, message };
  }
  // Spec §8 counts only a non-OK status or a network error as failure: a 2xx means the write happened.
  return { ok: true, data: isRecord(body) && isRecord(body.data) ? (body.data as T) : null };
}

export interface NewComment {
  name: string;
  comment: string;
  /** The title of the article commented on. */
  article: string;
}

export function postComment({ name, comment, article }: NewComment): Promise<WriteResult<Comment>> {
  return write<Comment>('POST', 'comments', { name, comment, article });
}

export function postContactMessage(msg: ContactMessage): Promise<WriteResult<ContactMessage & Entry>> {
  const { first_name, last_name, email, phone, message } = msg;
  return write('POST', 'contact-me-forms', { first_name, last_name, email, phone, message });
}

/**
 * Sends the count the visitor expects as text (spec §7) and, in `X-Vote-Base`, the count they saw:
 * the server applies only the difference (one step up or down) to its stored count, so votes cast
 * at the same time by different visitors all count. It answers with the stored comment.
 */
export function voteComment(documentId: string, step: VoteStep): Promise<WriteResult<Comment>> {
  return write<Comment>(
    'PUT',
    `comments/${encodeURIComponent(documentId)}`,
    { [step.field]: String(step.value) },
    { 'X-Vote-Base': String(step.base) },
  );
}

export async function fetchCountries(): Promise<Country[]> {
  try {
    const body = await getJson(siteConfig().countriesUrl);
    if (!Array.isArray(body)) throw new Error('The country list is not a list');
    return body as Country[];
  } catch (error) {
    console.error('Failed to load the country list', error);
    return [];
  }
}

function coordinate(value: unknown): number {
  if (typeof value === 'number') return value;
  // Number('') is 0, a real place; an empty field is no coordinate.
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
}

/** Centre of the contact map for a free-text address; null keeps the map's default centre (spec §8). */
export async function geocode(address: string): Promise<Coordinates | null> {
  const { geocoderUrl } = siteConfig();
  const query = encodeURIComponent(address.replaceAll('#', '').trim());
  const url = `${geocoderUrl}${geocoderUrl.includes('?') ? '&' : '?'}format=json&q=${query}`;
  try {
    const results = await getJson(url);
    const first: unknown = Array.isArray(results) ? results[0] : undefined;
    if (!isRecord(first)) {
      console.error(`No place found for the address "${address}"`);
      return null;
    }
    const place = validCoordinates(coordinate(first.lat), coordinate(first.lon));
    if (!place) console.error(`Invalid coordinates for the address "${address}"`, first.lat, first.lon);
    return place;
  } catch (error) {
    console.error(`Failed to geocode the address "${address}"`, error);
    return null;
  }
}
