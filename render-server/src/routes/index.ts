import type { FastifyPluginCallback } from 'fastify';
import { feedRoutes } from './feeds';
import { healthRoutes } from './health';
import { mediaRoutes } from './media';
import { pageRoutes } from './pages';
import { previewRoutes } from './preview';
import { revalidateRoutes } from './revalidate';
import { runtimeFileRoutes } from './static';
import { tileRoutes } from './tiles';

/** Every route of the site's, one plugin a family (each file says what it answers). */
export const ROUTES: FastifyPluginCallback[] = [
  healthRoutes,
  feedRoutes,
  mediaRoutes,
  tileRoutes,
  previewRoutes,
  revalidateRoutes,
  runtimeFileRoutes,
  pageRoutes,
];
