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

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
    },
  },
  ...upload(env),
});

export default config;
