import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answers, untilReady } from './until-ready';

/** A process that lives until killed, printing a line. */
const sleeper = () =>
  spawn(process.execPath, ['-e', 'console.log("starting"); setInterval(() => {}, 1000)'], { stdio: 'pipe' });

describe('waiting for a process to be ready', () => {
  it('returns once it is ready, having asked until then', async () => {
    const child = sleeper();
    let asked = 0;
    try {
      await untilReady({
        name: 'The sleeper',
        child,
        ready: () => Promise.resolve(++asked === 3),
        timeoutMs: 5_000,
        everyMs: 10,
      });
      expect(asked).toBe(3);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('says the process stopped before it was ready, with what it wrote', async () => {
    const child = spawn(process.execPath, ['-e', 'console.log("no database"); process.exit(3)'], { stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    await expect(
      untilReady({
        name: 'The CMS',
        child,
        ready: () => Promise.resolve(false),
        timeoutMs: 10_000,
        everyMs: 10,
        output: () => output,
      }),
    ).rejects.toThrow(/^The CMS stopped \(exit code 3\) before it was ready:\nno database/);
  });

  it('kills a process that is not ready in time, and says so', async () => {
    const child = sleeper();
    const ended = new Promise((resolve) => child.once('exit', (_, signal) => resolve(signal)));
    await expect(
      untilReady({
        name: 'Varnish',
        child,
        ready: () => Promise.reject(new Error('refused')),
        timeoutMs: 200,
        everyMs: 10,
      }),
    ).rejects.toThrow('Varnish was not ready within 0.2 s');
    expect(await ended).toBe('SIGKILL');
  });

  it('counts an address as ready once it answers with a status asked for', async () => {
    let status = 503;
    const server = http.createServer((_, res) => res.writeHead(status).end()).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
    try {
      expect(await answers(url)()).toBe(true);
      expect(await answers(url, (code) => code === 204)()).toBe(false);
      status = 204;
      expect(await answers(url, (code) => code === 204)()).toBe(true);
    } finally {
      server.close();
    }
    await expect(answers(url)()).rejects.toThrow();
  });
});
