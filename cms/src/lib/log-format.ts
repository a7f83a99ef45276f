import { logFormatOf, type LogFormat } from '@blog/server-kit';
import { formats, winston } from '@strapi/logger';

/**
 * How the CMS writes its log: `json` (one JSON object a line, for a log shipper) in production;
 * `readable` (Strapi's own one-line text) otherwise. LOG_FORMAT=json or LOG_FORMAT=readable overrides either.
 */
export function logFormat(env: { LOG_FORMAT?: string; NODE_ENV?: string }): LogFormat {
  return logFormatOf(env.LOG_FORMAT, env.NODE_ENV === 'production' ? 'json' : 'readable');
}

/**
 * The winston format of each: JSON lines carry each request's fields (docs/operating/observability.md,
 * "The CMS's logs"), an error's stack as its `stack` field rather than lines of its own.
 */
export function winstonFormat(format: LogFormat) {
  if (format === 'readable') return formats.prettyPrint();
  return winston.format.combine(
    winston.format.errors({ stack: true }),
    winston.format.timestamp(),
    winston.format.json(),
  );
}

/** What a request's log line carries, besides its readable message. */
export interface RequestLogFields {
  requestId: string;
  traceId: string | undefined;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/** The readable message of a request's line (Strapi's own shape, with the route template). */
export const requestMessage = ({ method, route, status, durationMs }: RequestLogFields, url: string) =>
  `${method} ${url} (${durationMs} ms) ${status} [${route}]`;
