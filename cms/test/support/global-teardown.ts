import fs from 'fs';
import type { StrapiProcess } from './strapi-process';

export default async function globalTeardown() {
  const { cms, geocoder } = globalThis as { cms?: StrapiProcess; geocoder?: { close(): Promise<void> } };
  await geocoder?.close();
  if (!cms) return;
  await cms.stop();
  fs.rmSync(cms.dataDir, { recursive: true, force: true });
}
