import http from 'node:http';

/** What a Prometheus registry answers (prom-client's `Registry`). */
export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/**
 * Serves `source` at `GET /metrics`, and nothing else, on a port of its own (`host`: the loopback
 * interface unless a scraper elsewhere needs another), so that the public port never shows it.
 * Resolves to the server once it listens; rejects when it cannot.
 */
export function serveMetrics(source: MetricsSource, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found: the metrics are at GET /metrics\n');
      return;
    }
    source.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': source.contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(error.message),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
