import { errors } from '@strapi/utils';

/**
 * The query language a request may use, and the work one request may ask for. Strapi's REST
 * parameters can nest without end (each level of `populate` through the `articles` relation
 * doubles the answer); these bounds hold every call of the site and of the spec with room to
 * spare, and refuse the rest before anything is read.
 */
export const QUERY_BOUNDS = {
  /** `populate=*` is one level; a relation's own `populate` (its photos, its topics) a second. */
  populateDepth: 2,
  /** `filters[$and][0][topics][category][$containsi]` is five. */
  filterDepth: 6,
  filterConditions: 20,
  /** The longest text a filter compares with: a title's longest. */
  textLength: 200,
  /** The most values of one list: `$in`, `$or`, `fields`. */
  listLength: 50,
  sortFields: 4,
  /** What one request may cost, in the points of `readCost`. */
  maxCost: 20,
} as const;

/** Strapi's filter operators, but none that the site's calls never need. */
const OPERATORS = new Set([
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$between',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$null',
  '$notNull',
  '$and',
  '$or',
  '$not',
]);

/** Rows one point of a read pays for: Strapi's default page. */
const ROWS_A_POINT = 25;
/** Conditions one point of a read pays for (fewer are part of a plain read). */
const CONDITIONS_A_POINT = 5;
/** Each relation populated inside a populated relation: another query, per row of the page. */
const NESTED_POPULATE_POINTS = 2;

type Query = Record<string, unknown>;

const refuse = (message: string): never => {
  throw new errors.ValidationError(`${message} (docs/operating/security.md, "What a visitor can make the CMS do").`);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = (value: unknown, what: string): unknown[] => {
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  if (list.length > QUERY_BOUNDS.listLength) refuse(`${what} lists at most ${QUERY_BOUNDS.listLength} values`);
  return list;
};

/** What a query's filters and populate add up to. */
interface Tally {
  conditions: number;
  /** Relations populated inside populated relations. */
  nested: number;
}

function walkFilters(value: unknown, depth: number, tally: Tally): void {
  if (depth > QUERY_BOUNDS.filterDepth) refuse(`filters nest at most ${QUERY_BOUNDS.filterDepth} levels`);
  if (Array.isArray(value)) {
    for (const item of listOf(value, 'A filter')) walkFilters(item, depth + 1, tally);
    return;
  }
  if (!isRecord(value)) {
    if (typeof value === 'string' && value.length > QUERY_BOUNDS.textLength)
      refuse(`a filter compares with at most ${QUERY_BOUNDS.textLength} characters`);
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith('$')) {
      if (!OPERATORS.has(key)) refuse(`${key} is not a filter the API takes`);
      if (key !== '$and' && key !== '$or' && key !== '$not') tally.conditions += 1;
    }
    if (tally.conditions > QUERY_BOUNDS.filterConditions)
      refuse(`filters hold at most ${QUERY_BOUNDS.filterConditions} conditions`);
    walkFilters(inner, depth + 1, tally);
  }
}

/**
 * The deepest level a `populate` at `level` reaches, counting the relations it populates inside
 * populated ones: `populate=*` and `populate[photo_article]=true` are level 1,
 * `populate[articles][populate]=*` and `populate=articles.topics` level 2.
 */
function walkPopulate(value: unknown, level: number, tally: Tally): number {
  if (Array.isArray(value)) {
    return Math.max(level, ...listOf(value, 'populate').map((item) => walkPopulate(item, level, tally)));
  }
  if (!isRecord(value)) {
    let deepest = level;
    // `populate=*`, `populate=a,b.c`, or `populate[photo]=true`: the relation named by its key.
    for (const path of typeof value === 'string' ? value.split(',') : ['']) {
      const inside = path.split('.').length - 1 + (level > 1 ? 1 : 0);
      tally.nested += inside;
      deepest = Math.max(deepest, level + path.split('.').length - 1);
    }
    return deepest;
  }
  let deepest = level;
  for (const options of Object.values(value)) {
    if (level > 1) tally.nested += 1;
    if (!isRecord(options)) continue;
    if (options.filters !== undefined) walkFilters(options.filters, 1, tally);
    if (options.populate !== undefined) deepest = Math.max(deepest, walkPopulate(options.populate, level + 1, tally));
    // A dynamic zone's components, each populated as the zone is.
    if (isRecord(options.on)) deepest = Math.max(deepest, walkPopulate(options.on, level, tally));
  }
  return deepest;
}

const sortCount = (sort: unknown): number =>
  typeof sort === 'string' ? sort.split(',').length : listOf(sort, 'sort').length;

/** The rows a request asks for: Strapi's `pagination[pageSize|limit]`, or a read model's `pageSize`. */
function rowsAsked(query: Query): number {
  const pagination = isRecord(query.pagination) ? query.pagination : {};
  const size = Number(pagination.pageSize ?? pagination.limit ?? query.pageSize ?? ROWS_A_POINT);
  return Number.isFinite(size) && size > 0 ? size : ROWS_A_POINT;
}

/**
 * What a request's query costs, in points of its client's limit, from the query alone, before it
 * runs: the route's own cost (a plain read 1, a search more), one more for each page of rows past
 * the first and for every few conditions, two for each relation populated inside another. A query
 * outside the bounds, or costing more than one request may, is refused (400) and never run.
 */
export function readCost(query: Query, routeCost: number): number {
  const tally = { conditions: 0, nested: 0 };
  if (query.filters !== undefined) walkFilters(query.filters, 1, tally);
  if (query.populate !== undefined && walkPopulate(query.populate, 1, tally) > QUERY_BOUNDS.populateDepth)
    refuse(`populate goes at most ${QUERY_BOUNDS.populateDepth} levels deep`);
  if (query.sort !== undefined && sortCount(query.sort) > QUERY_BOUNDS.sortFields)
    refuse(`sort takes at most ${QUERY_BOUNDS.sortFields} fields`);
  if (query.fields !== undefined) listOf(query.fields, 'fields');
  const cost =
    routeCost +
    Math.ceil(rowsAsked(query) / ROWS_A_POINT) -
    1 +
    Math.floor(tally.conditions / CONDITIONS_A_POINT) +
    tally.nested * NESTED_POPULATE_POINTS;
  if (cost > QUERY_BOUNDS.maxCost)
    refuse(`This request would cost ${cost} points, more than the ${QUERY_BOUNDS.maxCost} one request may`);
  return cost;
}

/**
 * The public reads published content only: Strapi's `status=draft` would answer drafts (never
 * published ones, and unpublished edits of published ones) to anyone its read permission covers.
 */
export function onlyPublished(query: Query): void {
  if (query.status !== undefined && query.status !== 'published')
    throw new errors.ValidationError('Only published content is public: leave out status or send status=published.');
}
