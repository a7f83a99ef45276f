import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileCacheControl } from '@blog/server-kit';
import compression from 'compression';
import sirv from 'sirv';
import type { Site } from './site';

/** The shell's own files, looked up by the very path checked (`rewriteUrl`); `next` answers when there is none. */
export function staticFiles({ options }: Site) {
  const gzip = compression();
  const files = sirv(options.dist, {
    // Looked up on every request: an edited `config.js` or `remotes.json` is served at once.
    dev: true,
    etag: true,
    // The build's Brotli copies (`*.br`), to browsers that take them; the rest is gzipped as it goes.
    brotli: true,
    // A file is served by its own name only: `/index` is not the build's `index.html`.
    extensions: [],
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', fileCacheControl(pathname)),
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      res.once('close', resolve);
      gzip(req as Parameters<typeof gzip>[0], res as Parameters<typeof gzip>[1], () => {
        files(req, res, () => next().then(resolve, reject));
      });
    });
}
