// Varnish in front of a render server (docs/operating/production.md, "Varnish or a CDN in front"), for `npm start` with
// BLOG_VARNISH_PORT and for the tests: Debian's varnishd in the foreground, in a throw-away folder,
// with the project's VCL (ops/varnish/site.vcl) and a backend.vcl written here for this render server.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const { answers, untilReady } = require('@blog/server-kit');
const path = require('node:path');

const SITE_VCL = path.resolve(__dirname, '..', 'ops', 'varnish', 'site.vcl');
/** Where the site's VCL takes its purges (BLOG_PURGE_URL points there). */
const PURGE_PATH = '/_varnish/purge';

/** The backend.vcl of one render server, checked with the site's probe. */
const backendVcl = ({ host, port }) =>
  `backend render_server {\n    .host = "${host}";\n    .port = "${port}";\n    .probe = render_server_health;\n}\n`;

/**
 * Starts varnishd on `listen` (`host:port` or `:port`) in front of `backend`; resolves once it
 * answers. As root, varnishd runs its workers as the `varnish` user: the throw-away folder is
 * readable by it.
 * @param {{ listen: string, backend: { host: string, port: number | string }, storage?: string }} options
 */
async function startVarnish({ listen, backend, storage = 'malloc,64m' }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-varnish-'));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'backend.vcl'), backendVcl(backend));
  const args = ['-F', '-a', listen, '-f', SITE_VCL, '-n', path.join(dir, 'work'), '-s', storage];
  // backend.vcl from this folder; Varnish's builtin.vcl from its own.
  args.push('-p', `vcl_path=${dir}:/usr/share/varnish/vcl:/etc/varnish`);
  const child = spawn(process.env.VARNISHD_PATH || '/usr/sbin/varnishd', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  exited.then(remove);
  const port = Number(listen.slice(listen.lastIndexOf(':') + 1));
  const url = `http://127.0.0.1:${port}`;
  await untilReady({
    name: 'Varnish',
    child,
    ready: answers(`${url}${PURGE_PATH}`),
    timeoutMs: 30_000,
    output: () => output,
  });
  return {
    url,
    purgeUrl: `${url}${PURGE_PATH}`,
    pid: child.pid,
    /** How it ended: a signal's name or its exit code. */
    exited,
    close(callback) {
      exited.then(() => callback?.());
      child.kill('SIGTERM');
    },
  };
}

module.exports = { startVarnish, PURGE_PATH };
