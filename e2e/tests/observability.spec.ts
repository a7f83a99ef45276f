import type { IncomingHttpHeaders } from 'node:http';
import { freePort, startStrapi } from '@blog/cms/testing';
import { startCmsProxy } from '../support/cms-proxy';
import { startOtlpReceiver } from '../support/otlp-receiver';
import { samples } from '../support/metrics';
import { deadManifest, startRenderServer } from '../support/render-server';
import { expect, test } from '../support/site';

// Issue 32: the render server seen as its operator sees it: metrics on a port of its own,
// a `Server-Timing` on pages, one JSON line a request and one an error, and traces over OTLP.

const sum = (list: { value: number }[]) => list.reduce((total, { value }) => total + value, 0);

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

test.describe('The render server, to its operator', () => {
  test('counts pages by route and by how the cache answered, on its metrics port only', async () => {
    const metricsPort = await freePort();
    const server = await startRenderServer({ env: { BLOG_METRICS_PORT: String(metricsPort) } });
    try {
      const views = ['/Home', '/Home', '/About', '/Home', '/Articles?search=naval', '/About'];
      for (const view of views) expect((await fetch(`${server.url}${view}`)).status, view).toBe(200);

      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const requests = samples(text, 'http_server_request_duration_seconds_count');
      const count = (route: string) =>
        sum(requests.filter(({ labels }) => labels.route === route && labels.status === '200'));
      expect([count('/Home'), count('/About'), count('/Articles')]).toEqual([3, 2, 1]);
      // By template only: no label names an address asked.
      expect(requests.filter(({ labels }) => /[?=]|naval/.test(labels.route))).toEqual([]);

      const outcomes = samples(text, 'blog_page_cache_requests_total');
      const outcome = (name: string) => sum(outcomes.filter(({ labels }) => labels.outcome === name));
      expect(outcome('hit') + outcome('miss')).toBe(views.length);
      expect(outcome('hit')).toBeGreaterThanOrEqual(3);
      expect(sum(outcomes)).toBe(views.length);

      const loads = samples(text, 'blog_section_loads_total');
      expect(sum(loads.filter(({ labels }) => labels.result === 'loaded'))).toBeGreaterThan(0);
      expect(sum(loads.filter(({ labels }) => labels.result === 'failed'))).toBe(0);
      const builds = samples(text, 'blog_section_build_info').map(({ labels }) => labels.section);
      expect(builds.sort()).toEqual(['mf_articles', 'mf_contact', 'mf_newsletter', 'mf_pages']);
      const reads = samples(text, 'blog_cms_read_duration_seconds_count');
      expect(sum(reads.filter(({ labels }) => labels.result === 'ok'))).toBeGreaterThan(0);
      expect(reads.every(({ labels }) => !/[?=]/.test(labels.query))).toBe(true);
      expect(samples(text, 'blog_page_cache_entries')[0].value).toBeGreaterThan(0);
      expect(samples(text, 'process_resident_memory_bytes')[0].value).toBeGreaterThan(0);

      // The public port has no metrics: the not-found page.
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  test('says where a page’s time went, in Server-Timing', async () => {
    const server = await startRenderServer();
    try {
      const miss = (await fetch(`${server.url}/About`)).headers.get('server-timing') ?? '';
      expect(miss).toMatch(/^cache;desc="miss", render;dur=[\d.]+, cms;dur=[\d.]+;desc="[1-9]\d* reads"$/);
      const hit = (await fetch(`${server.url}/About`)).headers.get('server-timing');
      expect(hit).toBe('cache;desc="hit"');
    } finally {
      await server.close();
    }
  });

  test('logs a request as one JSON line with its trace, and an error as one line with its stack', async () => {
    const server = await startRenderServer({ logs: true, remotes: { mf_contact: await deadManifest() } });
    try {
      await fetch(`${server.url}/About`, { headers: { traceparent: TRACEPARENT } });
      await expect.poll(() => server.logs().some((line) => line.includes(TRACE_ID))).toBe(true);
      const lines = server.logs().map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.find((line) => line.trace_id === TRACE_ID)).toMatchObject({
        msg: 'request',
        method: 'GET',
        route: '/About',
        status: 200,
        cache: 'miss',
        req_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-z]+$/),
        duration_ms: expect.any(Number),
      });
      // The section that cannot be reached: its error and stack on one line.
      const unreached = lines.find((line) => String(line.msg).startsWith('The section at'));
      expect(unreached).toMatchObject({ level: 50, err: { stack: expect.stringContaining('\n    at ') } });
    } finally {
      await server.close();
    }
  });

  test('exports a page’s trace over OTLP, and the CMS’s reads carry it', async () => {
    const receiver = await startOtlpReceiver();
    const cmsRequests: IncomingHttpHeaders[] = [];
    const cms = await startCmsProxy((_url, _body, headers) => void cmsRequests.push(headers));
    const server = await startRenderServer({
      config: { cmsUrl: cms.url },
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    });
    try {
      cmsRequests.length = 0;
      expect((await fetch(`${server.url}/About`)).headers.get('x-cache')).toBe('MISS');
      const pageTrace = () => {
        const page = receiver.spans().find(({ name }) => name === 'GET /About');
        return { page, trace: receiver.spans().filter(({ traceId }) => traceId === page?.traceId) };
      };
      // The render thread exports its spans on its own schedule: wait for the page's, and a span for each CMS read.
      const reported = () => {
        const names = pageTrace().trace.map(({ name }) => name);
        const reads = names.filter((name) => name.startsWith('cms read ')).length;
        return names.includes('GET /About') && reads > 0 && reads >= cmsRequests.length;
      };
      await expect.poll(reported, { timeout: 15_000 }).toBe(true);
      const { page, trace } = pageTrace();
      const byId = new Map(trace.map((span) => [span.spanId, span]));
      const parentName = (span: { parentSpanId: string }) => byId.get(span.parentSpanId)?.name;
      expect(page).toMatchObject({ service: 'blog-render-server', parentSpanId: '' });
      const cacheSpan = trace.find(({ name }) => name === 'page cache');
      expect(cacheSpan && parentName(cacheSpan)).toBe('GET /About');
      expect(cacheSpan?.attributes['blog.cache.outcome']).toBe('miss');
      const loads = trace.filter(({ name }) => name === 'section load');
      expect(loads.length).toBeGreaterThan(0);
      const reads = trace.filter(({ name }) => name.startsWith('cms read '));
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(parentName(read)).toBe('render');
      // Each read of the CMS names its own span as the parent of whatever the CMS does for it.
      const asked = cmsRequests.map((headers) => String(headers.traceparent));
      expect(asked.sort()).toEqual(reads.map(({ spanId }) => `00-${page?.traceId}-${spanId}-01`).sort());
    } finally {
      await server.close();
      await cms.close();
      await receiver.close();
    }
  });
  test('follows a page miss into the CMS: one trace, the CMS’s spans children of the render server’s', async () => {
    test.setTimeout(180_000);
    const receiver = await startOtlpReceiver();
    const tracing = {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    };
    // A CMS of its own: the shared one exports nowhere.
    const cms = await startStrapi({ env: tracing });
    const server = await startRenderServer({ config: { cmsUrl: cms.url }, env: tracing });
    try {
      expect((await fetch(`${server.url}/About`)).headers.get('x-cache')).toBe('MISS');
      const page = () =>
        receiver.spans().find(({ name, service }) => name === 'GET /About' && service === 'blog-render-server');
      const inTrace = () => receiver.spans().filter(({ traceId }) => traceId === page()?.traceId);
      const reads = () => inTrace().filter(({ name }) => name.startsWith('cms read '));
      const cmsServerSpans = () =>
        inTrace().filter(
          ({ service, parentSpanId }) =>
            service === 'blog-cms' && reads().some(({ spanId }) => spanId === parentSpanId),
        );
      // Every read of the CMS has the CMS's server span as its child, in the same trace.
      await expect
        .poll(() => reads().length > 0 && cmsServerSpans().length === reads().length, { timeout: 20_000 })
        .toBe(true);
      const services = new Set(inTrace().map(({ service }) => service));
      expect([...services].sort()).toEqual(['blog-cms', 'blog-render-server']);
      // Below the CMS's server spans, its database queries.
      const below = new Set(cmsServerSpans().map(({ spanId }) => spanId));
      const grown = (ids: Set<string>) =>
        new Set([
          ...ids,
          ...inTrace()
            .filter(({ parentSpanId }) => ids.has(parentSpanId))
            .map(({ spanId }) => spanId),
        ]);
      let descendants = below;
      for (let depth = 0; depth < 4; depth += 1) descendants = grown(descendants);
      const queries = inTrace().filter(
        ({ service, spanId, attributes }) =>
          service === 'blog-cms' &&
          descendants.has(spanId) &&
          Object.keys(attributes).some((key) => key.startsWith('db.')),
      );
      expect(queries.length).toBeGreaterThan(0);
    } finally {
      await server.close();
      await cms.stop();
      await receiver.close();
    }
  });
});
