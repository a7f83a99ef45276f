import { startPrometheus, type PrometheusServer } from '../support/prometheus';
import { expect, site, test } from '../support/site';

// Issue 32: a real Prometheus scrapes the CMS's metrics (on their own port) and reads them back.
// The render server's target joins the list below once it serves BLOG_METRICS_PORT.

test.describe('Prometheus scraping the CMS', () => {
  let prometheus: PrometheusServer;
  test.beforeAll(async () => {
    prometheus = await startPrometheus([{ job: 'cms', metricsUrl: process.env.CMS_METRICS_URL as string }]);
  });
  test.afterAll(() => prometheus?.stop());

  test('finds the CMS up, and its request histogram counts requests by route', async ({ request }) => {
    test.setTimeout(60_000);
    await expect.poll(() => prometheus.health(), { timeout: 15_000 }).toEqual({ cms: 'up' });
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
});
