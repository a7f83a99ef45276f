import type { Core } from '@strapi/strapi';

const config: Core.Config.Api = {
  rest: {
    // Lists are paged; clients follow meta.pagination to read every page.
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
  },
};

export default config;
