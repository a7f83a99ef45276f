import fs from 'fs';
import type { PostgresServer } from './postgres';
import type { StrapiProcess } from './strapi-process';

export default async function globalTeardown() {
  const { cms, geocoder, renderServer, postgres } = globalThis as {
    cms?: StrapiProcess;
    geocoder?: { close(): Promise<void> };
    renderServer?: { close(): Promise<void> };
    postgres?: PostgresServer;
  };
  await geocoder?.close();
  await renderServer?.close();
  if (cms) {
    await cms.stop();
    fs.rmSync(cms.dataDir, { recursive: true, force: true });
  }
  await postgres?.stop();
}
