import { readFile } from 'node:fs/promises';
import type { FastifyPluginCallback } from 'fastify';

/** The files a deployer edits to point the site elsewhere, as the browser asks for them. */
export const runtimeFileRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { options, services } = app.site;
  const { previewedBuilds, viaPreviewBuild } = app.previews;
  const runtimeFile = (path: string, file: string, type: string) =>
    app.get(path, async (request, reply) => {
      const builds = path === '/remotes.json' ? previewedBuilds(request) : undefined;
      if (builds) return viaPreviewBuild(reply, builds);
      // Read on every request, from wherever the server was pointed: an edit shows at once.
      return reply
        .header('Content-Type', type)
        .header('Cache-Control', options.previewSections ? 'private, no-store' : 'no-cache')
        .send(
          // `remotes.json` as the server renders with it now: the releases the registry names, once loaded.
          path === '/remotes.json' ? JSON.stringify(services.sections.manifests()) : await readFile(file),
        );
    });
  runtimeFile('/config.js', options.configFile, 'text/javascript; charset=utf-8');
  runtimeFile('/remotes.json', options.remotesFile, 'application/json');
  done();
};
