import { setting } from '@blog/server-kit';
import { z } from 'zod';
import { DEFAULT_KEEP_HOURS } from './releases';

// Every variable the release command reads (cli.ts), with its kind, default and meaning: parsed
// before it does anything, a bad value refused in one line that names it (`settingsOf`), and the
// names and defaults the configuration reference is held to (docs/test). An empty variable is an
// unset one. The bucket's credentials, region and endpoint are the AWS SDK's own `AWS_*`.

const { optional, withDefault } = setting;

/** The bucket and the prefix (no `/` at either end) of `s3://<bucket>/<prefix>`; none when it names no bucket. */
export function bucketOf(url: string): { bucket: string; prefix: string } | undefined {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.protocol !== 's3:' || !parsed.hostname) return undefined;
  return { bucket: parsed.hostname, prefix: parsed.pathname.replace(/^\/+|\/+$/g, '') };
}

const hours = { error: 'a number of hours from 0' };

export const releaseSettings = z.object({
  BLOG_RELEASES_DIR: optional(z.string()).describe(
    'the store of releases, a folder; .releases in the checkout when unset',
  ),
  BLOG_RELEASES_STORE: optional(
    z.string().refine((url) => bucketOf(url) !== undefined, { error: 's3://<bucket>/<prefix>' }),
  ).describe('the store of releases in an S3-compatible bucket, in place of the folder'),
  BLOG_CACHE_URL: optional(z.string()).describe(
    "the Redis of the registry and its history; the folder's files when unset",
  ),
  BLOG_RELEASE_KEEP_HOURS: withDefault(z.coerce.number(hours).min(0, hours), DEFAULT_KEEP_HOURS).describe(
    'how long a release stays servable after it was published',
  ),
});

export type ReleaseSettings = z.output<typeof releaseSettings>;

/** The release command's settings in `env`; a bad value throws, in one line naming it. */
export const releaseSettingsOf = (env: NodeJS.ProcessEnv): ReleaseSettings => setting.settingsOf(releaseSettings, env);
