import { setting } from '@blog/server-kit';
import { z } from 'zod';

// Every variable of the CMS's own that config/*.ts reads, with its kind, default and meaning: each
// config file reads them here, so the first one Strapi loads stops the start on a bad value. The
// docs' test holds configuration-cms.md to it. A number, flag or choice empty is unset; a text
// empty is empty, as with Strapi's env() (an empty GEOCODER_URL turns the geocoder off). The
// secrets (secrets.ts), LOG_FORMAT and the OTEL_* variables are still read where they were, the
// traces' before Strapi loads.

const {
  flag,
  httpAddress,
  httpAddresses,
  oneOf,
  optional,
  port,
  positiveNumber,
  proxyCount,
  wholeNumber,
  withDefault,
} = setting;

/** An address, or empty for none. */
function addressOrNone(protocols: RegExp, accepted: string) {
  const error = `${accepted}, or empty for none`;
  return z.union([z.literal(''), z.url({ protocol: protocols, error })], { error });
}

export const cmsSettingsSchema = z.object({
  HOST: z.string().default('0.0.0.0').describe('the interface the CMS listens on'),
  PORT: withDefault(port(), 1337).describe('the port the CMS listens on'),
  PUBLIC_DIR: z.string().default('./public').describe('where uploaded media are stored and served from'),
  SERVE_ADMIN_PANEL: withDefault(flag(), 'true').describe('serve the admin panel'),
  WEBHOOKS_POPULATE_RELATIONS: withDefault(flag(), 'false').describe("whether webhooks' payloads carry relations"),
  FLAG_NPS: withDefault(flag(), 'false').describe("the admin panel's satisfaction survey"),
  FLAG_PROMOTE_EE: withDefault(flag(), 'false').describe("the admin panel's promotion of the Enterprise Edition"),

  DATABASE_CLIENT: withDefault(oneOf(['sqlite', 'postgres']), 'sqlite').describe('the database'),
  DATABASE_FILENAME: optional(z.string()).describe('the SQLite file; data/content.db when unset'),
  DATABASE_URL: optional(z.string()).describe("on PostgreSQL, the whole connection's address"),
  DATABASE_HOST: z.string().default('localhost').describe('the PostgreSQL server'),
  DATABASE_PORT: withDefault(port(), 5432).describe("the PostgreSQL server's port"),
  DATABASE_NAME: z.string().default('strapi').describe('the database'),
  DATABASE_USERNAME: z.string().default('strapi').describe('who the CMS connects as'),
  DATABASE_PASSWORD: z.string().default('strapi').describe('its password'),
  DATABASE_SCHEMA: z.string().default('public').describe('the schema the tables are in'),
  DATABASE_SSL: withDefault(flag(), 'false').describe('connect over TLS'),
  DATABASE_SSL_REJECT_UNAUTHORIZED: withDefault(flag(), 'true').describe(
    'refuse a server certificate that does not verify',
  ),
  DATABASE_SSL_CA: optional(z.string()).describe('the CA certificate to verify it with'),
  DATABASE_POOL_MIN: withDefault(wholeNumber(), 2).describe('connections each CMS process keeps at least'),
  DATABASE_POOL_MAX: withDefault(wholeNumber(1), 10).describe('connections each CMS process keeps at most'),
  DATABASE_CONNECTION_TIMEOUT: withDefault(wholeNumber(1), 60_000).describe('ms a query waits for a free connection'),

  CORS_ORIGINS: httpAddresses()
    .prefault([3000, 3001, 3002, 3003, 3004].map((sitePort) => `http://localhost:${sitePort}`).join(','))
    .describe("the site's origins, allowed to read and write"),
  API_RATE_LIMIT: withDefault(wholeNumber(1), 600).describe("the points of a client's requests per window"),
  API_RATE_WINDOW_SECONDS: withDefault(wholeNumber(1), 60).describe('its window'),
  WRITE_RATE_LIMIT: withDefault(wholeNumber(1), 30).describe('public writes per client per window'),
  WRITE_RATE_WINDOW_SECONDS: withDefault(wholeNumber(1), 60).describe('its window'),
  RATE_LIMIT_STORE: optional(oneOf(['memory', 'database'])).describe(
    'where the counts live; memory on SQLite, the database on PostgreSQL when unset',
  ),
  WRITE_MAX_BYTES: withDefault(wholeNumber(1), 16 * 1024).describe('the largest public write body'),
  BLOG_PROXY_HOPS: optional(proxyCount()).describe("how many proxies of the deployment's own stand in front"),
  IS_PROXIED: optional(flag()).describe("Strapi's own: true, with no BLOG_PROXY_HOPS, is one proxy"),
  RENDER_SERVER_TOKEN: z.string().default('').describe("the render servers' requests carrying it are not counted"),
  API_CACHE_MAX_AGE: withDefault(wholeNumber(), 5).describe('seconds a public read may be served from a cache'),
  API_CACHE_STALE_WHILE_REVALIDATE: withDefault(wholeNumber(), 60).describe(
    'seconds it may then be served stale while revalidated',
  ),

  RENDER_SERVER_URLS: httpAddresses().prefault('').describe('the render servers told of every change'),
  REVALIDATE_SECRET: z.string().default('').describe('the reports of changes are signed with it'),
  CHANGE_REPORT_TIMEOUT_MS: withDefault(wholeNumber(1), 2000).describe('how long a render server has to take a report'),
  BLOG_SITE_URL: withDefault(httpAddress(), 'http://localhost:3000').describe(
    "the site's address, where Preview opens pages",
  ),
  PREVIEW_SECRET: z.string().default('').describe('shared with the render servers; Preview is off without it'),
  PREVIEW_API_TOKEN: z.string().default('').describe("the key of the render servers' read-only API token"),

  UPLOAD_PROVIDER: withDefault(oneOf(['local', 'aws-s3']), 'local').describe('where media are kept'),
  S3_BUCKET: optional(z.string()).describe('with aws-s3: the bucket'),
  S3_ACCESS_KEY_ID: optional(z.string()).describe("the bucket's access key"),
  S3_SECRET_ACCESS_KEY: optional(z.string()).describe("the bucket's secret key"),
  S3_REGION: z.string().default('us-east-1').describe("the bucket's region"),
  S3_ENDPOINT: optional(httpAddress()).describe("an S3-compatible server's address; AWS itself when unset"),
  S3_FORCE_PATH_STYLE: withDefault(flag(), 'false').describe('take the bucket in the path'),
  S3_PUBLIC_URL: optional(httpAddress()).describe('the address files are linked at'),
  S3_ROOT_PATH: optional(z.string()).describe('a folder of the bucket to keep the files in'),
  S3_ACL: optional(z.string()).describe('the ACL each file is given'),

  GEOCODER_URL: addressOrNone(/^https?$/, 'an http(s) address')
    .default('https://nominatim.openstreetmap.org/search')
    .describe('the Nominatim-compatible search the contact address is geocoded with'),
  GEOCODER_USER_AGENT: z
    .string()
    .default('defense-business-blog-cms/1.0')
    .describe('how the CMS identifies itself to the geocoder'),
  GEOCODER_MIN_INTERVAL_MS: withDefault(wholeNumber(), 1000).describe('at most one geocoder request per interval'),
  GEOCODER_TIMEOUT_MS: withDefault(wholeNumber(1), 5000).describe('how long a save waits for an answer'),

  SMTP_URL: addressOrNone(/^smtps?$/, 'an smtp(s) address')
    .default('')
    .describe('the SMTP server; emails are written as files without it'),
  BLOG_AUTHOR_EMAIL: z.string().default('').describe("who is told; the contact details' email when unset"),
  BLOG_MAIL_FROM: z.string().default('Blog notices <notices@localhost>').describe("the notices' sender"),
  BLOG_NOTIFY_MINUTES: withDefault(positiveNumber(), 1).describe('at most one email per kind per interval'),
  BLOG_NOTIFY_RETRY_SECONDS: withDefault(positiveNumber(), 30).describe('the first wait after a failed email'),
  BLOG_MAIL_DIR: z
    .string()
    .default('outbox')
    .describe('without SMTP_URL, where emails are written, beside the database'),
  BLOG_ADMIN_URL: addressOrNone(/^https?$/, 'an http(s) address')
    .default('')
    .describe("the admin panel's address in the emails' links; Strapi's when unset"),

  CMS_METRICS_PORT: withDefault(port(), 9465).describe("where the CMS's metrics listen"),
  CMS_METRICS_HOST: optional(z.string()).describe('the interface they listen on; BLOG_METRICS_HOST when unset'),
  BLOG_METRICS_HOST: z.string().default('127.0.0.1').describe('the interface the metrics listen on'),
});

export type CmsSettings = z.output<typeof cmsSettingsSchema>;

/** The CMS's settings in `env`; a bad value is refused, in one line naming it. */
export const cmsSettingsOf = (env: NodeJS.ProcessEnv): CmsSettings => setting.settingsOf(cmsSettingsSchema, env);

/**
 * The settings the CMS runs with. A bad value stops it with its one line, rather than with the
 * stack trace Strapi prints of the config file that read it.
 */
export function cmsSettings(): CmsSettings {
  try {
    return cmsSettingsOf(process.env);
  } catch (error) {
    process.stderr.write(`The CMS cannot start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
