import type { Core } from '@strapi/strapi';
import { pageOf, previewUrl } from '../src/preview';
import { secret } from '../src/secrets';
import preview from './preview';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  // Tests and API-only runs skip the admin bundle (it takes ~35 s to build).
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  auth: {
    secret: secret('ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: secret('API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: secret('TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: secret('ENCRYPTION_KEY'),
  },
  // The Preview button opens the page that shows the document, through the site's `/preview`.
  preview: {
    enabled: preview({ env }).secret !== '',
    config: {
      allowedOrigins: [new URL(preview({ env }).siteUrl).origin],
      async handler(uid: string, { documentId, status }: { documentId?: string; status?: string | null }) {
        const version = status === 'published' ? 'published' : 'draft';
        const page = await pageOf(strapi, uid, documentId, version);
        return page ? previewUrl(preview({ env }), page, version) : null;
      },
    },
  },
  flags: {
    nps: env.bool('FLAG_NPS', false),
    promoteEE: env.bool('FLAG_PROMOTE_EE', false),
  },
});

export default config;
