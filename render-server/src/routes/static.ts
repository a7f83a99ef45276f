import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileCacheControl } from '@blog/server-kit';
import compression from 'compression';
import sirv from 'sirv';
import type { Routes, Site } from '../site';
import { previewing } from './preview';

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

/** The files a deployer edits to point the site elsewhere, as the browser asks for them. */
export const runtimeFileRoutes: Routes = (site) => {
  const { options, context } = site;
  const { previewedBuilds, viaPreviewBuild } = previewing(site);
  const runtimeFile = (path: string, file: string, type: string) =>
    site.route(path, async (req, res) => {
      const builds = path === '/remotes.json' ? previewedBuilds(req) : undefined;
      if (builds) return viaPreviewBuild(req, res, builds);
      // Read on every request, from wherever the server was pointed: an edit shows at once.
      res.setHeader('Content-Type', type);
      res.setHeader('Cache-Control', options.previewSections ? 'private, no-store' : 'no-cache');
      // `remotes.json` as the server renders with it now: the releases the registry names, once loaded.
      res.end(path === '/remotes.json' ? JSON.stringify(context.sections.manifests()) : await readFile(file));
    });
  runtimeFile('/config.js', options.configFile, 'text/javascript; charset=utf-8');
  runtimeFile('/remotes.json', options.remotesFile, 'application/json');
};
