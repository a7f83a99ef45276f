/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginCallback } from 'fastify';
import { buildApp } from './app';
import { serverOptions } from './options';
import type { SiteServices } from './plugins/site';
import { plain } from './request';
import { REVALIDATE_PATH } from './revalidate';
import { healthRoutes } from './routes/health';

// The rules every request meets before any route sees it, in the one place that applies them.
// A stand-in for the reports' route: it says what reached it.
const reports: FastifyPluginCallback = (app, _options, done) => {
  app.post(REVALIDATE_PATH, (request, reply) =>
    plain(reply, 200, `reached, ${request.headers['content-type'] ?? 'untyped'}`),
  );
  done();
};
const app = buildApp(serverOptions({}, '/nowhere'), {} as SiteServices, [healthRoutes, reports]);

beforeAll(() => app.listen({ port: 0, host: '127.0.0.1' }));
afterAll(() => app.close());

/** The answer to `url` sent as it is written (fetch would normalize it first). */
function ask(url: string, { method = 'GET', host, type }: { method?: string; host?: string; type?: string } = {}) {
  const { port } = app.server.address() as AddressInfo;
  return new Promise<{ statusCode?: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(
      { port, path: url, method, headers: { ...(host ? { host } : {}), ...(type ? { 'content-type': type } : {}) } },
      (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += String(chunk)));
        answer.on('end', () => resolve({ statusCode: answer.statusCode, headers: answer.headers, body }));
      },
    );
    request.on('error', reject).end();
  });
}

describe('every request, before it is routed', () => {
  it('is answered by its route at its address decoded and normalized', async () => {
    for (const url of ['/healthz', '/a/../healthz', '/%68ealthz', '//healthz?x=1']) {
      const answer = await ask(url);
      expect([url, answer.statusCode, answer.body]).toEqual([url, 200, '{"ok":true}']);
    }
  });

  it.each(['/healthz%3F', '/%2568ealthz', '/a%5C..%5Chealthz', '/healthz%0A', '/%E0%A4%A'])(
    'is refused when %s decodes to what no path holds',
    async (url) => {
      const answer = await ask(url);
      expect([answer.statusCode, answer.body]).toEqual([400, 'Bad Request: malformed address']);
    },
  );

  it('is refused with a malformed Host', async () => {
    expect((await ask('/healthz', { host: 'a b' })).statusCode).toBe(400);
  });

  it('is a GET or a HEAD: any other method is refused, wherever it is sent', async () => {
    for (const url of ['/healthz', '/Home', '/_revalidate/x']) {
      const answer = await ask(url, { method: 'PUT' });
      expect([url, answer.statusCode, answer.headers.allow]).toEqual([url, 405, 'GET, HEAD']);
    }
  });

  it('reaches the reports’ route as a POST whatever type it declares: the route reads the bytes', async () => {
    const answer = await ask(REVALIDATE_PATH, { method: 'POST', type: ';;not a type' });
    expect([answer.statusCode, answer.body]).toEqual([200, 'reached, untyped']);
  });
});
