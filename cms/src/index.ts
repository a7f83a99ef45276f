import type { Core } from '@strapi/strapi';
import { ensureRateLimitTable } from './lib/rate-limit-store';
import { ensureReadModelIndexes } from './lib/read-model-indexes';
import { grantPublicPermissions } from './permissions';
import { seedIfEmpty } from './seed';
import { takeStartupLock } from './startup-lock';

let releaseStartupLock: () => Promise<void> = async () => undefined;

export default {
  // Taken before Strapi syncs the schema (between register and bootstrap), let go once seeded.
  async register({ strapi }: { strapi: Core.Strapi }) {
    releaseStartupLock = await takeStartupLock(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    try {
      await grantPublicPermissions(strapi);
      await ensureRateLimitTable(strapi.db.connection);
      await ensureReadModelIndexes(strapi);
      await seedIfEmpty(strapi);
    } finally {
      await releaseStartupLock();
    }
  },
};
