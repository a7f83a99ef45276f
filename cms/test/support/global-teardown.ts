import fs from 'fs';
import type { StrapiProcess } from './strapi-process';

export default async function globalTeardown() {
  const strapi = (globalThis as { cms?: StrapiProcess }).cms;
  if (!strapi) return;
  await strapi.stop();
  fs.rmSync(strapi.dataDir, { recursive: true, force: true });
}
