import { siteConfig } from '@blog/shared';
import { forward } from '../forward';
import { log } from '../log';
import { MEDIA_PATH, mediaAnswer, mediaRequestHeaders } from '../media';
import { addressUnder, plain } from '../request';
import type { Routes } from '../site';

/** How long the CMS may take to begin answering an upload. */
const MEDIA_TIMEOUT_MS = 30_000;

/** An upload of the CMS's, answered on the site's origin as the CMS answers it; nothing else of the CMS's. */
export const mediaRoutes: Routes = ({ context, route }) => {
  if (!context.mediaFromCms) return;
  route(`${MEDIA_PATH}*`, (req, res, { pathname, search }) => {
    const url = addressUnder(siteConfig().cmsUrl, MEDIA_PATH, pathname, search);
    if (!url) return plain(res, 404, 'Not Found: no such upload');
    return forward(req, res, url, {
      headers: mediaRequestHeaders(req.headers),
      answered: (answer) => mediaAnswer(req.headers, answer),
      failed: (error) => {
        log.error({ err: error }, `${pathname} could not be read from the CMS`);
        plain(res, 502, 'Bad Gateway: the CMS did not answer');
      },
      timeoutMs: MEDIA_TIMEOUT_MS,
    });
  });
};
