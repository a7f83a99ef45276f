import type { Core } from '@strapi/strapi';
import { secret } from '../src/secrets';

/**
 * Media: the local provider (files under PUBLIC_DIR, served by this process) by default; with
 * UPLOAD_PROVIDER=aws-s3, any S3-compatible storage that every CMS process shares.
 */
function upload(env: Core.Config.Shared.ConfigParams['env']) {
  if (env('UPLOAD_PROVIDER', 'local') !== 'aws-s3') return {};
  return {
    upload: {
      config: {
        provider: 'aws-s3',
        providerOptions: {
          // The public address of the bucket (a CDN in front of it, say); files are linked there.
          baseUrl: env('S3_PUBLIC_URL', undefined),
          rootPath: env('S3_ROOT_PATH', undefined),
          s3Options: {
            credentials: { accessKeyId: env('S3_ACCESS_KEY_ID'), secretAccessKey: env('S3_SECRET_ACCESS_KEY') },
            region: env('S3_REGION', 'us-east-1'),
            // For S3-compatible storage (MinIO, R2, Spaces…); empty means AWS itself.
            endpoint: env('S3_ENDPOINT', undefined),
            forcePathStyle: env.bool('S3_FORCE_PATH_STYLE', false),
            params: { Bucket: env('S3_BUCKET'), ACL: env('S3_ACL', undefined) },
          },
        },
      },
    },
  };
}

/**
 * nodemailer's own timeouts let a silent server hold a send for 10 minutes; these bound it well
 * within the time a CMS process holds the notices it sends (`src/lib/notifications.ts`). The
 * URL's own parameters win.
 */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 60_000],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

/**
 * Email through Strapi's email plugin and nodemailer: the SMTP server SMTP_URL names
 * (`smtps://user:password@smtp.example.com:465`), or, without one, no server at all: nodemailer
 * then builds each message as a file, and the notifications write it to their folder (.eml).
 */
function email(env: Core.Config.Shared.ConfigParams['env']) {
  const smtpUrl = env('SMTP_URL', '') && withTimeouts(env('SMTP_URL'));
  return {
    email: {
      config: {
        provider: 'nodemailer',
        providerOptions: smtpUrl ? { url: smtpUrl } : { streamTransport: true, buffer: true, newline: 'unix' },
        settings: { defaultFrom: env('BLOG_MAIL_FROM', 'Blog notices <notices@localhost>') },
      },
    },
  };
}

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  ...email(env),
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
    },
  },
  ...upload(env),
});

export default config;
