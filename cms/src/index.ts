import type { Core } from '@strapi/strapi';
import { grantPublicPermissions } from './permissions';
import { seedIfEmpty } from './seed';

export default {
  register() {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await grantPublicPermissions(strapi);
    await seedIfEmpty(strapi);
  },
};
