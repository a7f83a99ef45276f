import type { FastifyPluginCallback } from 'fastify';
import { log } from '../log';
import { invalidations } from '../metrics';
import { plain, readBody } from '../request';
import { REVALIDATE_PATH, SIGNATURE_HEADER, isSignatureHeader, readReport, verifySignature } from '../revalidate';
import { TAG, outdatesOnly } from '../tags';

/** The largest report of changes read: a report names at most a few hundred changes. */
const MAX_REPORT_BYTES = 64 * 1024;

/** How long a report's body may take to arrive. */
const REPORT_DEADLINE_MS = 5_000;

/**
 * Asks the CDN in front to drop what the render server dropped: `POST {"tags":[…]}`, as Cloudflare's
 * purge by tag takes it, with the tags in `Xkey-Purge` too, as the project's Varnish takes them. The
 * tags whose change only outdates a page (a part every page shares) are in `Xkey-Softpurge`
 * instead: Varnish keeps those pages, answered while they are fetched again, as this server does.
 */
async function purgeCdn({ url, authorization }: { url: string; authorization: string | undefined }, tags: string[]) {
  const soft = tags.filter(outdatesOnly);
  const hard = tags.filter((tag) => !outdatesOnly(tag));
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(hard.length > 0 ? { 'Xkey-Purge': hard.join(' ') } : {}),
        ...(soft.length > 0 ? { 'Xkey-Softpurge': soft.join(' ') } : {}),
        ...(authorization ? { Authorization: authorization } : {}),
      },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
  } catch (error) {
    log.error({ err: error, tags }, `The CDN at ${url} was not asked to drop ${tags.join(' ')}`);
  }
}

/** The reports of changes from the CMS, and the releases of sections: what they change is dropped, here and in the CDN in front. */
export const revalidateRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { options, services } = app.site;
  const { cache, keptReads, counters } = services;

  /** Drops the pages with one of `tags` rendered before `at`, and the reads they share, here and in the CDN in front. */
  async function drop(tags: string[], at: number, source: 'report' | 'release') {
    invalidations.inc({ source });
    await cache.invalidate(tags, at);
    keptReads?.drop(tags, at);
    if (options.purge) void purgeCdn(options.purge, tags);
  }
  // Another release of a section (or a build re-pointed): its pages only are rendered anew.
  services.sections.onSwitch(
    (container) =>
      void drop([TAG.section(container)], Date.now(), 'release').catch((error: unknown) =>
        log.error({ err: error }, `The pages of ${container} could not be dropped`),
      ),
  );

  // A report of changes from the CMS: refused before its body is read unless it is signed, and taken once.
  app.post(REVALIDATE_PATH, async (request, reply) => {
    const { raw: req } = request;
    const unsigned = () =>
      plain(reply, 401, 'Unauthorized: sign the report with the shared secret (REVALIDATE_SECRET)');
    // The connection ends with the answer: a refused report's sender is not waited for.
    reply.raw.shouldKeepAlive = false;
    const signature = req.headers[SIGNATURE_HEADER];
    if (!options.revalidateSecret || !isSignatureHeader(signature)) return unsigned();
    const read = await readBody(req, MAX_REPORT_BYTES, REPORT_DEADLINE_MS);
    if ('refused' in read)
      return read.refused === 413
        ? plain(reply, 413, 'Payload Too Large: a report is at most 64 KB')
        : plain(reply, 408, 'Request Timeout: the report did not arrive in time');
    const body = read.text;
    if (!verifySignature(options.revalidateSecret, signature, body, Date.now())) return unsigned();
    const report = readReport(body, Date.now());
    if (!report)
      return plain(
        reply,
        400,
        'Bad Request: expected {"changes":[{"event","uid","documentId"?,"article"?}],"ageMs"?,"nonce"}',
      );
    if (await counters.seenBefore(report.nonce)) return plain(reply, 409, 'Conflict: this report was taken already');
    const { tags, changedAt } = report;
    await drop(tags, changedAt, 'report');
    return reply
      .header('Content-Type', 'application/json')
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify({ dropped: tags }));
  });
  done();
};
