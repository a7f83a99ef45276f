import type { Core } from '@strapi/strapi';

const config: Core.Config.Api = {
  rest: {
    // Lists are paged; clients follow meta.pagination to read every page.
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
    // A parameter the API does not know is refused (400), not ignored: a client learns its mistake.
    strictParams: true,
  },
  documents: {
    // The same of every call to the Document Service, this CMS's own included.
    strictParams: true,
  },
};

export default config;
