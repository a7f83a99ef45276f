import type { AddressInfo } from 'node:net';
import { serveMetrics } from './metrics-server';

const source = (metrics: () => Promise<string>) => ({ contentType: 'text/plain; version=0.0.4', metrics });

describe('the metrics server', () => {
  it('answers GET /metrics with what the registry says, and nothing else', async () => {
    const server = await serveMetrics(
      source(() => Promise.resolve('up 1\n')),
      0,
      '127.0.0.1',
    );
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = await fetch(`${url}/metrics?x=1`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4');
      expect(await answer.text()).toBe('up 1\n');
      expect((await fetch(`${url}/`)).status).toBe(404);
      expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('says why when the registry fails, and refuses a port it cannot listen on', async () => {
    const server = await serveMetrics(
      source(() => Promise.reject(new Error('collect failed'))),
      0,
      '127.0.0.1',
    );
    const { port } = server.address() as AddressInfo;
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect([answer.status, await answer.text()]).toEqual([500, 'collect failed']);
      await expect(
        serveMetrics(
          source(() => Promise.resolve('')),
          port,
          '127.0.0.1',
        ),
      ).rejects.toThrow('EADDRINUSE');
    } finally {
      server.close();
    }
  });
});
