// What other packages' tests (the browser tests) use to run and drive a real CMS.
export { freePort, startStrapi, type StrapiProcess, type StartOptions } from './strapi-process';
export { author, authorOf } from './author';
export { signReport } from '../../src/lib/change-reports';
export { RELEVANCE_SET, type RelevanceQuery } from './relevance';
// A throw-away PostgreSQL server, for the search benchmark.
export { startPostgres } from './postgres';
