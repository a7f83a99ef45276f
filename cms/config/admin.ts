import type { Core } from '@strapi/strapi';
import { secret } from '../src/secrets';

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
  flags: {
    nps: env.bool('FLAG_NPS', false),
    promoteEE: env.bool('FLAG_PROMOTE_EE', false),
  },
});

export default config;
