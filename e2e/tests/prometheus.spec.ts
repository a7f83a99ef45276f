import { freePort } from '@blog/cms/testing';
import { startPrometheus, type PrometheusServer } from '../support/prometheus';
import { startRenderServer, type RenderServer } from '../support/render-server';
import { expect, site, test } from '../support/site';

// Issue 32: a real Prometheus scrapes the CMS's and a render server's metrics (each on a port of
// its own) and reads them back.

test.describe('Prometheus scraping the CMS and a render server', () => {
  let prometheus: PrometheusServer;
  let renderServer: RenderServer;
  test.beforeAll(async () => {
    const metricsPort = await freePort();
    // A render server of its own: what it counts is this file's requests only.
    renderServer = await startRenderServer({ env: { BLOG_METRICS_PORT: String(metricsPort) } });
    prometheus = await startPrometheus([
      { job: 'cms', metricsUrl: process.env.CMS_METRICS_URL as string },
      { job: 'render-server', metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` },
    ]);
  });
  test.afterAll(async () => {
    await prometheus?.stop();
    await renderServer?.close();
  });

  test('finds both targets up', async () => {
    await expect.poll(() => prometheus.health(), { timeout: 15_000 }).toEqual({ cms: 'up', 'render-server': 'up' });
  });

  test('counts the CMS’s requests by route', async ({ request }) => {
    test.setTimeout(60_000);
    // Refused years: pages read this route too (the newsletter), but never with a malformed year.
    const series =
      'http_server_request_duration_seconds_count{job="cms",route="/api/archive-years/:year",status="400"}';
    const counted = async () => (await prometheus.query(`sum(${series})`))[0]?.value ?? 0;
    // The series exists once a scrape has seen one request.
    await request.get(`${site.cmsUrl}/api/archive-years/19x0`);
    await expect.poll(counted, { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await counted();
    for (const year of ['19x1', '19x2', '19x3', '19x4', '19x5']) {
      expect((await request.get(`${site.cmsUrl}/api/archive-years/${year}`)).status()).toBe(400);
    }
    await expect.poll(counted, { timeout: 15_000 }).toBe(before + 5);
    // Counted under the template: no address became a label.
    const routes = (
      await prometheus.query('count by (route) (http_server_request_duration_seconds_count{job="cms"})')
    ).map(({ metric }) => metric.route);
    expect(routes).toContain('/api/archive-years/:year');
    expect(routes.filter((route) => route.includes('19x'))).toEqual([]);
  });

  test('counts a render server’s pages by route, its cache’s hits and misses adding up to them', async () => {
    test.setTimeout(60_000);
    const views = ['/Home', '/About', '/Home', '/New-start-here', '/Home', '/About', '/Articles?search=naval'];
    for (const view of views) expect((await fetch(`${renderServer.url}${view}`)).status, view).toBe(200);
    const total = async (query: string) => (await prometheus.query(query))[0]?.value ?? 0;
    // Pages only: the test's start-up asked /robots.txt until the server answered.
    const pageViews =
      'http_server_request_duration_seconds_count{job="render-server",status="200",route!="/robots.txt"}';
    const pages = `sum(${pageViews})`;
    await expect.poll(() => total(pages), { timeout: 15_000 }).toBe(views.length);
    const byRoute = Object.fromEntries(
      (await prometheus.query(`sum by (route) (${pageViews})`)).map(({ metric, value }) => [metric.route, value]),
    );
    expect(byRoute).toEqual({ '/Home': 3, '/About': 2, '/New-start-here': 1, '/Articles': 1 });
    const outcomes = Object.fromEntries(
      (await prometheus.query('sum by (outcome) (blog_page_cache_requests_total{job="render-server"})')).map(
        ({ metric, value }) => [metric.outcome, value],
      ),
    );
    expect((outcomes.hit ?? 0) + (outcomes.miss ?? 0)).toBe(views.length);
    expect(outcomes.hit).toBeGreaterThanOrEqual(3);
  });
});
