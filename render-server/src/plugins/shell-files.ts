import fastifyStatic from '@fastify/static';
import { fileCacheControl } from '@blog/server-kit';
import fp from 'fastify-plugin';

/**
 * The shell's own files (`reply.sendFile`, in the live shell build's folder and those kept), looked up by the very path checked (`rewriteUrl`): the
 * build's Brotli copies (`*.br`) to browsers that take them, each file by its own name only (`/index`
 * is not the build's `index.html`), looked up on every request, so that an edit shows at once. A
 * file that is not there is the site's not-found page (`callNotFound`).
 */
export const shellFilesPlugin = fp(
  (app, _options, done) => {
    app.register(fastifyStatic, {
      root: app.site.options.dist,
      serve: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // By the address asked: the file sent may be its `.br` copy.
      setHeaders: (reply) => {
        reply.header('Cache-Control', fileCacheControl(reply.request.target.pathname));
      },
    });
    done();
  },
  { name: 'shell-files', dependencies: ['site'] },
);
