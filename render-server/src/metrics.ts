import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PageStore } from './page-cache';

/** What the render server counts, in Prometheus's text format, on a port of its own (`BLOG_METRICS_PORT`). */
export const registry = new Registry();

// Seconds, from a kept page's (about a millisecond) to a read that times out.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const requestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'How long requests took to answer, by route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: BUCKETS,
  registers: [registry],
});

export const pageCacheRequests = new Counter({
  name: 'blog_page_cache_requests_total',
  help: 'Requests for pages and feeds, by how the page cache answered them (hit, stale, miss, fallback, degraded, refused, timed_out)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const backgroundRefreshes = new Counter({
  name: 'blog_page_cache_refreshes_total',
  help: 'Kept pages brought up to date in the background, by how: rendered again (render), or the parts many pages share written in (parts)',
  labelNames: ['how'] as const,
  registers: [registry],
});

export const invalidations = new Counter({
  name: 'blog_page_cache_invalidations_total',
  help: 'Drops of kept pages, by what asked: a report of changes from the CMS, or a release of a section',
  labelNames: ['source'] as const,
  registers: [registry],
});

export const sectionLoads = new Counter({
  name: 'blog_section_loads_total',
  help: 'Loads of a section module for a page, by module and result (loaded, failed)',
  labelNames: ['section', 'result'] as const,
  registers: [registry],
});

export const sectionBuild = new Gauge({
  name: 'blog_section_build_info',
  help: 'The build each section is rendered with now (1), by container, manifest and build version',
  labelNames: ['section', 'manifest', 'build'] as const,
  registers: [registry],
});

export const cmsReadDuration = new Histogram({
  name: 'blog_cms_read_duration_seconds',
  help: 'How long the reads of the CMS took, by query (the API path, ids left out) and result (ok, failed)',
  labelNames: ['query', 'result'] as const,
  buckets: BUCKETS,
  registers: [registry],
});

export const keptReadHits = new Counter({
  name: 'blog_cms_kept_read_hits_total',
  help: 'Reads of the CMS that many pages share answered from what the render server kept, by query, the CMS not asked',
  labelNames: ['query'] as const,
  registers: [registry],
});

/** The query a read of the CMS's API makes: its path under `/api/`, with an id (a year, a document) as `:id`. */
export function queryOf(url: string): string {
  const [name, id] = new URL(url).pathname.replace(/^.*?\/api\//, '').split('/');
  return id === undefined ? name : `${name}/:id`;
}

/** The page cache's fill, read when scraped (Redis bounds itself and tells none). */
export function watchPageStore(store: PageStore) {
  const fill = (name: string, help: string, of: (kept: { bytes: number; pages: number }) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const kept = await store.size().catch(() => undefined);
        if (kept) this.set(of(kept));
      },
    });
  fill('blog_page_cache_bytes', 'Bytes the kept pages take', ({ bytes }) => bytes);
  fill('blog_page_cache_entries', 'Pages kept', ({ pages }) => pages);
}

/** The process's own metrics (CPU, memory, event-loop lag), measured only where they are served. */
export function collectProcessMetrics() {
  collectDefaultMetrics({ register: registry });
}
