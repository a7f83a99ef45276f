/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { serverOptions } from '../options';
import type { SiteServices } from '../plugins/site';
import { mediaRoutes } from './media';

// The CMS's uploads through the site, when the CMS's connection fails under the request.
// A stand-in for the CMS: its answer to the nth request is `cms.answers[n]`.
const cms = {
  answers: [] as ('reset' | number)[],
  asked: 0,
  server: http.createServer((request, answer) => {
    const next = cms.answers[cms.asked++] ?? 200;
    if (next === 'reset') return request.socket.resetAndDestroy();
    answer.writeHead(next, { 'content-type': 'image/jpeg' }).end(next === 200 ? 'jpeg bytes' : '');
  }),
};
const app = buildApp(serverOptions({}, '/nowhere'), { mediaFromCms: true } as SiteServices, [mediaRoutes]);

beforeAll(async () => {
  await new Promise<void>((resolve) => cms.server.listen(0, '127.0.0.1', resolve));
  globalThis.__BLOG_CONFIG__ = { cmsUrl: `http://127.0.0.1:${(cms.server.address() as AddressInfo).port}` };
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  globalThis.__BLOG_CONFIG__ = undefined;
  await app.close();
  cms.server.close();
});
beforeEach(() => {
  cms.asked = 0;
});

const upload = () => fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/uploads/globe.jpg`);

describe('an upload read from the CMS', () => {
  it('is asked for again, once, when the CMS resets the connection before answering', async () => {
    cms.answers = ['reset', 200];
    const answer = await upload();
    expect([answer.status, await answer.text(), cms.asked]).toEqual([200, 'jpeg bytes', 2]);
  });

  it('is a 502 when the CMS resets the connection again', async () => {
    cms.answers = ['reset', 'reset', 200];
    const answer = await upload();
    expect([answer.status, await answer.text(), cms.asked]).toEqual([502, 'Bad Gateway: the CMS did not answer', 2]);
  });

  it('is the CMS’s own answer when it answers, a 503 too, not asked again', async () => {
    cms.answers = [503, 200];
    const answer = await upload();
    expect([answer.status, cms.asked]).toEqual([503, 1]);
  });
});
