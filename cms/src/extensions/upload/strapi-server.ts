import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';

/**
 * The upload plugin, with `<PUBLIC_DIR>/uploads` made before its register: the local provider
 * refuses to start without it, and a new PUBLIC_DIR (a second copy of the site) has none.
 */
export default (plugin: Core.Plugin): Core.Plugin => {
  const { register } = plugin;
  plugin.register = async (context: { strapi: Core.Strapi }) => {
    fs.mkdirSync(path.join(context.strapi.dirs.static.public, 'uploads'), { recursive: true });
    await register?.(context);
  };
  return plugin;
};
