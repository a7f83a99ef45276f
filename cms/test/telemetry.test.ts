import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rejectionReason } from '../src/lib/metrics';
import { traceExporterFor } from '../src/lib/tracing-sdk';
import { author } from './support/author';
import { TEST_ENV } from './support/global-setup';
import { newVisitor, request } from './support/http';
import { startStrapi, type StrapiProcess } from './support/strapi-process';

/** The samples of `name` in a Prometheus text exposition, each with its labels. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const [, labelText = '', value] = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
      return { labels, value: Number(value) };
    });
}

const scrape = async () => (await fetch(process.env.CMS_METRICS_URL)).text();

/** The value of the one sample of `name` whose labels include `labels` (0 when none). */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const found = samples(text, name).filter((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

describe("the CMS's metrics", () => {
  it('are served on their own port, and the public port answers /metrics with 404', async () => {
    expect((await request('/metrics')).status).toBe(404);
    const answer = await fetch(process.env.CMS_METRICS_URL);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    // Node's own: CPU, memory, event loop.
    expect(samples(text, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(samples(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('time requests by route template and status, never by address', async () => {
    const route = { method: 'GET', route: '/api/archive-years/:year', status: '200' };
    const before = valueOf(await scrape(), 'http_server_request_duration_seconds_count', route);
    expect((await request('/api/archive-years/2024')).status).toBe(200);
    expect((await request('/api/archive-years/2023')).status).toBe(200);
    expect((await request('/api/archive-years/20x')).status).toBe(400);
    const text = await scrape();
    expect(valueOf(text, 'http_server_request_duration_seconds_count', route)).toBe(before + 2);
    expect(
      valueOf(text, 'http_server_request_duration_seconds_count', { ...route, status: '400' }),
    ).toBeGreaterThanOrEqual(1);
    const routes = samples(text, 'http_server_request_duration_seconds_count').map(({ labels }) => labels.route);
    expect(routes.filter((name) => /\d{4}|\?/.test(name))).toEqual([]);
  });

  it("time the read model's queries when its kept answer is missing, by query", async () => {
    const labels = { query: 'article-summaries' };
    const before = valueOf(await scrape(), 'blog_cms_read_model_query_duration_seconds_count', labels);
    // A page size no other test asks for: the first read computes, the second is kept.
    await request('/api/article-summaries?pageSize=47');
    await request('/api/article-summaries?pageSize=47');
    const after = valueOf(await scrape(), 'blog_cms_read_model_query_duration_seconds_count', labels);
    expect(after).toBe(before + 1);
  });

  it('count refused public writes by reason: bad input, rate limit, stale vote', async () => {
    const count = async (reason: string) => valueOf(await scrape(), 'blog_cms_rejected_writes_total', { reason });
    const before = {
      bad: await count('bad_input'),
      limit: await count('rate_limit'),
      stale: await count('stale_vote'),
    };

    // One visitor's malformed comments: bad input up to the rate limit, then refused for the limit.
    const visitor = newVisitor();
    const bad = { name: 'no data wrapper' };
    const max = Number(TEST_ENV.WRITE_RATE_LIMIT);
    for (let i = 0; i <= max; i += 1) await request('/api/comments', { method: 'POST', body: bad, visitor });

    const created = await request<{ data: { documentId: string } }>('/api/comments', {
      method: 'POST',
      body: { data: { name: 'Ana', comment: 'Counted', article: 'Metrics' } },
    });
    await author.approveComment(created.body.data.documentId);
    // The count the comment already has: a vote from a stale page.
    const stale = await request(`/api/comments/${created.body.data.documentId}`, {
      method: 'PUT',
      body: { data: { like: '0' } },
    });
    expect(stale.status).toBe(409);

    expect(await count('bad_input')).toBe(before.bad + max);
    expect(await count('rate_limit')).toBe(before.limit + 1);
    expect(await count('stale_vote')).toBe(before.stale + 1);
  });

  it('name each refusal by its status', () => {
    expect([200, 400, 403, 409, 413, 429, 503].map(rejectionReason)).toEqual([
      undefined,
      'bad_input',
      'foreign_origin',
      'stale_vote',
      'too_large',
      'rate_limit',
      'server_error',
    ]);
  });
});

describe("the CMS's trace exporter", () => {
  it('speaks the OTLP protocol OTEL_EXPORTER_OTLP_PROTOCOL names, http/protobuf by default', () => {
    const exporter = (protocol?: string) => traceExporterFor({ OTEL_EXPORTER_OTLP_PROTOCOL: protocol }).constructor;
    expect(exporter('http/json')).not.toBe(exporter('http/protobuf'));
    expect(exporter(undefined)).toBe(exporter('http/protobuf'));
    expect(() => exporter('grpc')).toThrow(/the CMS exports over http\/json or http\/protobuf/);
  });
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
interface Received extends OtlpSpan {
  service: string;
  scope: string;
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

/** A tiny OTLP receiver: takes the http/json exports the CMS posts to /v1/traces. */
async function startReceiver() {
  const spans: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        for (const { resource, scopeSpans } of (JSON.parse(body) as OtlpExport).resourceSpans) {
          const service = resource.attributes.find(({ key }) => key === 'service.name')?.value.stringValue ?? '';
          for (const { scope, spans: list } of scopeSpans) {
            for (const span of list) spans.push({ ...span, service, scope: scope.name });
          }
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => server.close() };
}

describe("the CMS's traces and log lines (a CMS exporting to a receiver, logging JSON)", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let cms: StrapiProcess;

  beforeAll(async () => {
    receiver = await startReceiver();
    cms = await startStrapi({
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Longer than the test: its spans reach the receiver only as the CMS shuts down.
        OTEL_BSP_SCHEDULE_DELAY: '600000',
        LOG_FORMAT: 'json',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await cms?.stop();
    receiver?.close();
  });

  it("continue the caller's trace: the server span is the caller's child, the database queries below it; sent at shutdown", async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const answer = await fetch(`${cms.url}/api/article-summaries?pageSize=5`, {
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(answer.status).toBe(200);
    // Read whole: the server span ends once the answer is sent.
    await answer.text();

    // Stopped (SIGTERM, as a deployment stops it): the spans still in the batch are sent on the way out.
    await cms.stop();
    const spans = receiver.spans.filter((span) => span.traceId === traceId);
    expect(new Set(spans.map(({ service }) => service))).toEqual(new Set(['blog-cms']));
    const server = spans.find(({ parentSpanId }) => parentSpanId === callerSpanId);
    expect(server).toEqual(expect.objectContaining({ kind: 2 })); // SPAN_KIND_SERVER

    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const below = (span: Received): boolean =>
      span.parentSpanId === server?.spanId ||
      (byId.has(span.parentSpanId ?? '') && below(byId.get(span.parentSpanId ?? '')));
    const queries = spans.filter(({ scope }) => scope.includes('knex'));
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every(below)).toBe(true);

    // The request's log line: one JSON object with its request id, trace id, route, status and duration.
    const lines = cms
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find(({ traceId: id }) => id === traceId)).toEqual(
      expect.objectContaining({
        level: 'http',
        requestId: answer.headers.get('x-request-id'),
        route: '/api/article-summaries',
        status: 200,
        durationMs: expect.any(Number),
      }),
    );
  });
});
