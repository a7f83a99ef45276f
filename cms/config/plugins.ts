import type { Core } from '@strapi/strapi';
import { secret } from '../src/secrets';

const config = (): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
    },
  },
});

export default config;
