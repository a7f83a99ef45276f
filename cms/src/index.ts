import type { Server } from 'node:http';
import type { Core } from '@strapi/strapi';
import type articleSearch from './api/read-model/services/article-search';
import { changeOf, changeReportsFor, type ChangeReports } from './lib/change-reports';
import { serveMetrics } from '@blog/server-kit';
import { registry } from './lib/metrics';
import { stopTracing } from './lib/tracing';
import { addNoticeSenders, startNotifier, type NotifierOptions } from './lib/notifications';
import { keepDocumentsPublic } from './lib/public-api/documents';
import { changesReadModel, raiseVersionOnWrites, readModelChanged } from './lib/read-model-cache';
import { addReadModelIndexesAfterSync } from './lib/read-model-indexes';
import { grantPublicPermissions } from './permissions';
import { ensurePreviewToken } from './preview';
import { seedIfEmpty } from './seed';
import { takeStartupLock } from './startup-lock';

let releaseStartupLock: () => Promise<void> = () => Promise.resolve();
let changeReports: ChangeReports | undefined;
let notifier: { stop(): void } | undefined;
let metricsServer: Server | undefined;
let stopFollowingIndex: (() => void) | undefined;

/** How often the search index looks for changes written by other processes (one query when there are none). */
const INDEX_FOLLOW_MS = 1_000;

export default {
  // Taken before Strapi runs the migrations (database/migrations) and syncs the schema (between
  // register and bootstrap), let go once seeded.
  async register({ strapi }: { strapi: Core.Strapi }) {
    releaseStartupLock = await takeStartupLock(strapi);
    addReadModelIndexesAfterSync(strapi);
    raiseVersionOnWrites(strapi);
    keepDocumentsPublic(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    try {
      await grantPublicPermissions(strapi);
      await addNoticeSenders(strapi.db.connection);
      await seedIfEmpty(strapi);
      const search = strapi.service('api::read-model.article-search') as unknown as ReturnType<typeof articleSearch>;
      // Read in the background: at 20,000 articles it takes about 30 s, which the site's other
      // pages need not wait for. A search or a page of the list asked meanwhile waits for it.
      const started = Date.now();
      search.warm().then(
        () => strapi.log.info(`The search index was read in ${Date.now() - started} ms`),
        (error: Error) => strapi.log.error(`The search index could not be read: ${error.message}`),
      );
      stopFollowingIndex = search.follow(INDEX_FOLLOW_MS);
      const { apiToken } = strapi.config.get<{ apiToken: string }>('preview');
      if (apiToken) await ensurePreviewToken(strapi, apiToken);
    } finally {
      await releaseStartupLock();
    }
    // From here on, not for the seed: each change is reported to the render servers, once the read
    // model's kept answers are dropped (in every process), so that their next reads find it.
    changeReports = changeReportsFor(strapi);
    notifier = startNotifier(strapi, strapi.config.get<NotifierOptions>('notifications'));
    strapi.eventHub.subscribe(async (event: string, payload: unknown) => {
      const change = changeOf(event, payload);
      if (!change) return;
      if (changesReadModel(change)) await readModelChanged(strapi.db.connection);
      changeReports?.report(change);
    });
    const metrics = strapi.config.get<{ port: number; host: string }>('metrics');
    // A CMS without its metrics still serves the site: the failure is logged, not fatal.
    metricsServer = await serveMetrics(registry, metrics.port, metrics.host).catch((error: Error): undefined => {
      strapi.log.error(`The metrics could not listen on ${metrics.host}:${metrics.port}: ${error.message}`);
      return undefined;
    });
  },

  async destroy() {
    stopFollowingIndex?.();
    changeReports?.stop();
    notifier?.stop();
    metricsServer?.close();
    await stopTracing();
  },
};
