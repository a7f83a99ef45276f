import { siteConfig } from '@blog/shared';
import type { FastifyPluginCallback } from 'fastify';
import { log } from '../log';
import { MEDIA_PATH, mediaAnswer, mediaRequestHeaders } from '../media';
import { RETRY_A_RESET_ONCE, addressUnder, plain } from '../request';

/** How long the CMS may take to begin answering an upload. */
const MEDIA_TIMEOUT_MS = 30_000;

/** An upload of the CMS's, answered on the site's origin as the CMS answers it; nothing else of the CMS's. */
export const mediaRoutes: FastifyPluginCallback = (app, _options, done) => {
  if (app.site.services.mediaFromCms)
    app.get(`${MEDIA_PATH}*`, (request, reply) => {
      const { pathname, search } = request.target;
      const url = addressUnder(siteConfig().cmsUrl, MEDIA_PATH, pathname, search);
      if (!url) return plain(reply, 404, 'Not Found: no such upload');
      return reply.from(url, {
        timeout: MEDIA_TIMEOUT_MS,
        // Uploads are the CMS's to answer, as it answers them: only a connection reset is asked again.
        ...RETRY_A_RESET_ONCE,
        rewriteRequestHeaders: () => mediaRequestHeaders(request.headers),
        // None of the CMS's headers as they are: those sent are chosen with the status, below.
        rewriteHeaders: () => ({}),
        onResponse: (_request, answering, answer) => {
          const { status, headers, body } = mediaAnswer(request.headers, answer.stream);
          answering.code(status).headers(headers);
          if (!body) answer.stream.destroy();
          void answering.send(body ? answer.stream : undefined);
        },
        onError: (answering, { error }) => {
          log.error({ err: error }, `${pathname} could not be read from the CMS`);
          plain(answering, 502, 'Bad Gateway: the CMS did not answer');
        },
      });
    });
  done();
};
