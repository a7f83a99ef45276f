import http from 'http';
import type { AddressInfo } from 'net';
import { signReport, type ContentChange } from '../../src/lib/change-reports';

/** The secret the CMS under test signs its reports with. */
export const TEST_REVALIDATE_SECRET = 'test-revalidate-secret';

export interface Report {
  changes: ContentChange[];
  /** How long before it was sent the newest of its changes was made. */
  ageMs: number;
  /** What makes it taken once. */
  nonce: string;
  /** Whether its signature is the shared secret's over its body. */
  signed: boolean;
}

/**
 * A render server's receiving end, for the CMS's reports of changes (`POST /_revalidate`): it
 * checks each signature and keeps what it was told. `GET /__reports` lists it, for tests in other
 * processes; `POST /__fail-next` makes the next report answer 500.
 */
export async function startRenderServerStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const reports: Report[] = [];
  let failNext = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/__reports') return res.end(JSON.stringify(reports));
      if (req.url === '/__fail-next') {
        failNext = true;
        return res.end('{}');
      }
      if (failNext) {
        failNext = false;
        res.statusCode = 500;
        return res.end('{}');
      }
      const signature = String(req.headers['x-blog-signature'] ?? '');
      const at = Number(/^t=(\d+),/.exec(signature)?.[1]);
      const { changes, ageMs, nonce } = JSON.parse(body) as Omit<Report, 'signed'>;
      reports.push({ changes, ageMs, nonce, signed: signature === signReport(TEST_REVALIDATE_SECRET, body, at) });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const standIn = (path: string, method = 'GET') =>
  fetch(new URL(path, process.env.RENDER_SERVER_STAND_IN), { method }).then((response) => response.json());

export const receivedReports = (): Promise<Report[]> => standIn('/__reports');

export const failNextReport = () => standIn('/__fail-next', 'POST');
