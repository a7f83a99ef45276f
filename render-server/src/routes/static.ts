import { readFile } from 'node:fs/promises';
import type { Routes } from '../site';
import { previewing } from '../previewing';

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
