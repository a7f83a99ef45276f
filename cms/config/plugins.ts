import type { Core } from '@strapi/strapi';
import { secret } from '../src/secrets';
import { cmsSettings, type CmsSettings } from '../src/settings';

/**
 * Media: the local provider (files under PUBLIC_DIR, served by this process) by default; with
 * UPLOAD_PROVIDER=aws-s3, any S3-compatible storage that every CMS process shares.
 */
function upload(settings: CmsSettings) {
  if (settings.UPLOAD_PROVIDER !== 'aws-s3') return {};
  return {
    upload: {
      config: {
        provider: 'aws-s3',
        providerOptions: {
          // The public address of the bucket (a CDN in front of it, say); files are linked there.
          baseUrl: settings.S3_PUBLIC_URL,
          rootPath: settings.S3_ROOT_PATH,
          s3Options: {
            credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY },
            region: settings.S3_REGION,
            // For S3-compatible storage (MinIO, R2, Spaces…); none means AWS itself.
            endpoint: settings.S3_ENDPOINT,
            forcePathStyle: settings.S3_FORCE_PATH_STYLE,
            params: { Bucket: settings.S3_BUCKET, ACL: settings.S3_ACL },
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
function email(settings: CmsSettings) {
  const smtpUrl = settings.SMTP_URL && withTimeouts(settings.SMTP_URL);
  return {
    email: {
      config: {
        provider: 'nodemailer',
        providerOptions: smtpUrl ? { url: smtpUrl } : { streamTransport: true, buffer: true, newline: 'unix' },
        settings: { defaultFrom: settings.BLOG_MAIL_FROM },
      },
    },
  };
}

const config = (): Core.Config.Plugin => {
  const settings = cmsSettings();
  return {
    ...email(settings),
    'users-permissions': {
      config: {
        jwtSecret: secret('JWT_SECRET'),
      },
    },
    ...upload(settings),
  };
};

export default config;
