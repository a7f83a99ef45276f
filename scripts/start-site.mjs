// `npm start` after the install: the CMS (seeded on its first start) and every app's production
// bundle, each app on its own origin as if deployed separately.
import { spawn } from 'node:child_process';
import path from 'node:path';
import builds from './builds.cjs';
import serve from './serve.cjs';

const { apps, buildApps, buildCms, root } = builds;
const { serveDist, serveRendered } = serve;

buildCms();
buildApps();

const cms = spawn(path.join(root, 'node_modules', '.bin', 'strapi'), ['start'], {
  cwd: path.join(root, 'cms'),
  stdio: 'inherit',
});
// The sections as deployed, each on its own origin; then the site itself, from the shell's render server.
const { shell, ...sections } = apps;
const servers = await Promise.all(
  Object.values(sections).map(({ package: name, port }) => serveDist(path.join(root, name, 'dist'), port)),
);
servers.push(await serveRendered(path.join(root, shell.package, 'dist'), shell.port));
console.log('\nThe site: http://localhost:3000 (the CMS: http://localhost:1337/admin)\n');

function stop(code) {
  servers.forEach((server) => server.close());
  cms.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
cms.on('exit', (code) => stop(code ?? 0));
