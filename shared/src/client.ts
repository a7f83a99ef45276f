import { apiUrl, siteConfig } from './config';
import type {
  About,
  Article,
  Comment,
  ContactDetails,
  ContactMessage,
  Country,
  CoverContact,
  Entry,
  Newsletter,
  StartHere,
} from './types';
import type { VoteStep } from './votes';

/** A failed write carries the HTTP status (null when the server was never reached) and a reason. */
export type WriteResult<T> =
  | { ok: true; data: T | null }
  | { ok: false; status: number | null; message: string };

// Strapi answers 25 entries a page unless asked; 100 is its default maximum.
const PAGE_SIZE = 100;

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'omit', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function listData<T>(body: unknown, url: string): T[] {
  if (!isRecord(body) || !Array.isArray(body.data)) throw new Error(`GET ${url} answered no data list`);
  return body.data as T[];
}

function pageCount(body: unknown): number {
  const meta = isRecord(body) ? body.meta : undefined;
  const pagination = isRecord(meta) ? meta.pagination : undefined;
  const count = isRecord(pagination) ? pagination.pageCount : undefined;
  return typeof count === 'number' && Number.isInteger(count) && count > 1 ? count : 1;
}

/** Every entry of a collection, page after page; a failure anywhere leaves the view empty (spec §8). */
async function readAll<T>(collection: string): Promise<T[]> {
  // A fixed order keeps entries from moving between pages while they are read.
  const pageUrl = (page: number) =>
    `${apiUrl(collection)}?populate=*&sort=id:asc&pagination[pageSize]=${PAGE_SIZE}&pagination[page]=${page}`;
  try {
    const first = await getJson(pageUrl(1));
    const rest = await Promise.all(
      Array.from({ length: pageCount(first) - 1 }, (_, index) => getJson(pageUrl(index + 2))),
    );
    return [first, ...rest].flatMap((body, index) => listData<T>(body, pageUrl(index + 1)));
  } catch (error) {
    console.error(`Failed to load ${collection}`, error);
    return [];
  }
}

/** The first entry of a collection that only ever uses one (spec §7). */
async function readFirst<T>(collection: string): Promise<T | null> {
  const url = `${apiUrl(collection)}?populate=*`;
  try {
    return listData<T>(await getJson(url), url)[0] ?? null;
  } catch (error) {
    console.error(`Failed to load ${collection}`, error);
    return null;
  }
}

export const fetchArticles = (): Promise<Article[]> => readAll('articles');
export const fetchComments = (): Promise<Comment[]> => readAll('comments');
export const fetchContactDetails = (): Promise<ContactDetails | null> => readFirst('contact-details');
export const fetchCoverContact = (): Promise<CoverContact | null> => readFirst('cover-contact-mes');
export const fetchAbout = (): Promise<About | null> => readFirst('about-mes');
export const fetchStartHere = (): Promise<StartHere | null> => readFirst('new-start-heres');
export const fetchNewsletter = (): Promise<Newsletter | null> => readFirst('news-letters');

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
  const body: unknown = await response.json().catch(() => undefined);
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

export interface Coordinates {
  lat: number;
  lon: number;
}

function coordinate(value: unknown): number {
  if (typeof value === 'number') return value;
  // Number('') is 0, a real place; an empty field is no coordinate.
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
}

const within = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;

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
    const lat = coordinate(first.lat);
    const lon = coordinate(first.lon);
    if (!within(lat, 90) || !within(lon, 180)) {
      console.error(`Invalid coordinates for the address "${address}"`, first.lat, first.lon);
      return null;
    }
    return { lat, lon };
  } catch (error) {
    console.error(`Failed to geocode the address "${address}"`, error);
    return null;
  }
}
