// The CMS's process, as `npm start` and the tests run it: Strapi started from the compiled project
// as Strapi's docs show for a process manager, not by `strapi start`, whose CLI loads every command
// it has (the TypeScript compiler, Strapi Cloud's client) into a server that never uses them.
import path from 'node:path';
import { createStrapi } from '@strapi/strapi';

const appDir = path.resolve(__dirname, '..', '..');

void createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).start();
