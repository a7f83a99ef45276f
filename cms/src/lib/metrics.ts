import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The CMS's metrics in the Prometheus text format (docs/reference/metrics.md). One registry per
 * process, served on a port of its own so that the public port never shows them.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const requestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Time from a request reaching the CMS to its answer, by route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const readModelQueryDuration = new Histogram({
  name: 'blog_cms_read_model_query_duration_seconds',
  help: "Time the read model's database queries take when its kept answer is missing, by query.",
  labelNames: ['query'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const searchIndexArticles = new Gauge({
  name: 'blog_cms_search_index_articles',
  help: 'Published articles in the search index of this process, as last read from the database.',
  registers: [registry],
});

export const rejectedWrites = new Counter({
  name: 'blog_cms_rejected_writes_total',
  help: 'Public writes (comments, votes, contact messages) the CMS refused, by reason.',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** Requests no route matched (static files, unknown paths) share one label, so addresses never become labels. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Why a public write was refused, from the status of its answer; undefined when it was taken. */
export function rejectionReason(status: number): string | undefined {
  if (status < 400) return undefined;
  const reasons: Record<number, string> = {
    400: 'bad_input',
    403: 'foreign_origin',
    404: 'not_found',
    405: 'not_allowed',
    409: 'stale_vote',
    413: 'too_large',
    415: 'not_json',
    429: 'rate_limit',
  };
  return reasons[status] ?? (status >= 500 ? 'server_error' : 'other');
}

/** Runs one of the read model's queries, timing it under `query`. */
export async function timedQuery<T>(query: string, run: () => Promise<T>): Promise<T> {
  const stop = readModelQueryDuration.startTimer({ query });
  try {
    return await run();
  } finally {
    stop();
  }
}
