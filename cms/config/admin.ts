import type { Core } from '@strapi/strapi';
import { pageOf, previewUrl } from '../src/preview';
import { secret } from '../src/secrets';
import { cmsSettings } from '../src/settings';
import preview from './preview';

const config = (): Core.Config.Admin => {
  const settings = cmsSettings();
  const previewing = preview();
  return {
    // Tests and API-only runs skip the admin bundle (it takes ~35 s to build).
    serveAdminPanel: settings.SERVE_ADMIN_PANEL,
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
      enabled: previewing.secret !== '',
      config: {
        allowedOrigins: [new URL(previewing.siteUrl).origin],
        async handler(uid: string, { documentId, status }: { documentId?: string; status?: string | null }) {
          const version = status === 'published' ? 'published' : 'draft';
          const page = await pageOf(strapi, uid, documentId, version);
          return page ? previewUrl(previewing, page, version) : null;
        },
      },
    },
    flags: {
      nps: settings.FLAG_NPS,
      promoteEE: settings.FLAG_PROMOTE_EE,
    },
  };
};

export default config;
