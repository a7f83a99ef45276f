import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request as it is written, path and Host included: no client tidies either; from
 * `localAddress` when given (another loopback address is another client).
 */
export function rawRequest(
  base: string,
  path: string,
  { method = 'GET', headers = {}, body = '', localAddress = undefined as string | undefined } = {},
) {
  const { hostname, port } = new URL(base);
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      { hostname, port, path, method, headers, setHost: !('Host' in headers), localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
