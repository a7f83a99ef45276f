import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { site } from './site';

/** Changes the JSON the CMS answered to a GET of `url` (asked with `headers`); `undefined` keeps it as it is. */
export type AnswerRewrite = (url: URL, body: unknown, headers: IncomingHttpHeaders) => unknown;

export interface CmsProxy {
  url: string;
  close(): Promise<void>;
}

/** Headers that describe the CMS's own bytes: a rewritten answer has other ones. */
const BODY_HEADERS = ['content-length', 'content-encoding', 'etag', 'last-modified', 'transfer-encoding'];

/**
 * The run's CMS, answered through an address of its own, with the JSON of chosen reads changed:
 * what a CMS holding other content would answer. A render server pointed at it (its `config.js`'s
 * `cmsUrl`) reads those answers on the server, and the browser reads them too. Everything else
 * (writes, media, CORS) passes through as the CMS answers it.
 */
export async function startCmsProxy(rewrite: AnswerRewrite): Promise<CmsProxy> {
  const cms = new URL(site.cmsUrl);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', site.cmsUrl);
    const rewritten = req.method === 'GET' && url.pathname.startsWith('/api/');
    const headers = { ...req.headers, host: cms.host };
    if (rewritten) {
      // The answer is read whole and changed: asked plain, and never as "not modified".
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const upstream = http.request(
      { host: cms.hostname, port: cms.port, path: req.url, method: req.method, headers },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!rewritten || !type.includes('json')) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const original: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const changed = rewrite(url, original, req.headers);
          const body = Buffer.from(JSON.stringify(changed === undefined ? original : changed));
          const kept = Object.fromEntries(
            Object.entries(answer.headers).filter(([name]) => !BODY_HEADERS.includes(name)),
          );
          res.writeHead(answer.statusCode ?? 502, { ...kept, 'content-length': body.length });
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
