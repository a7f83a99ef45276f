import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import type { Result } from 'lighthouse';
import { freePort } from '@blog/cms/testing';
import { bundleReports, routeScripts, type RouteScripts } from '../support/bundles';
import { lighthouseRun } from '../support/lighthouse';
import { asReactWrites } from '../support/react-text';
import { startRenderServer } from '../support/render-server';
import { site } from '../support/site';
import { GROWN, getData, startGrownCms } from './grown-cms';

// Lighthouse's view of every route of the site (mobile, simulated throttling: its defaults), at seed
// size and on a CMS grown to GROWN: `pnpm --filter @blog/e2e bench:lighthouse`. Prints one table per
// size and writes them to e2e/bench-results/lighthouse.md.
const RUNS = 3;
const ROUTES = ['/Home', '/Articles', '/New-letter', '/About', '/New-start-here', '/Contact'];
const CATEGORIES = ['performance', 'accessibility', 'seo'];
const RESULTS = path.resolve(__dirname, '..', 'bench-results', 'lighthouse.md');

interface Measure {
  perf: number;
  lcpS: number;
  tbtMs: number;
  cls: number;
  a11y: number;
  seo: number;
  jsKb: number;
}

type NetworkRequest = { url?: string; resourceType?: string; transferSize?: number };
const networkRequests = (lhr: Result) =>
  (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];

function measure(lhr: Result): Measure {
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
  const jsBytes = networkRequests(lhr)
    .filter(({ resourceType }) => resourceType === 'Script')
    .reduce((sum, { transferSize = 0 }) => sum + transferSize, 0);
  return {
    perf: score('performance'),
    lcpS: value('largest-contentful-paint') / 1000,
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    a11y: score('accessibility'),
    seo: score('seo'),
    jsKb: jsBytes / 1024,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The median of each figure over the runs, each figure on its own. */
function medians(runs: Measure[]): Measure {
  const keys = Object.keys(runs[0]) as (keyof Measure)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as Measure;
}

const newestTitle = async (cmsUrl: string) =>
  (await getData<{ title_article: string }[]>(cmsUrl, 'latest-articles?limit=1'))[0].title_article;

/**
 * Runs Lighthouse RUNS times on each route of the site at `siteUrl`, one run after another; fails
 * if a page read `otherCmsUrl` rather than the CMS measured.
 */
async function measureRoutes(size: string, siteUrl: string, cmsUrl: string, otherCmsUrl?: string) {
  const deepLink = `/Articles?title=${encodeURIComponent(await newestTitle(cmsUrl))}`;
  const rows: { route: string; median: Measure; scripts: RouteScripts }[] = [];
  const reports = bundleReports();
  const benchmarkIndexes: number[] = [];
  let environment = '';
  for (const route of [...ROUTES, deepLink]) {
    const runs: Measure[] = [];
    let scripts: RouteScripts | undefined;
    for (let run = 1; run <= RUNS; run += 1) {
      const lhr = await lighthouseRun(`${siteUrl}${route}`, CATEGORIES);
      // The same scripts every run: what they are made of, from the first.
      scripts ??= routeScripts(
        networkRequests(lhr)
          .filter(({ resourceType, url }) => resourceType === 'Script' && url)
          .map(({ url, transferSize = 0 }) => ({ url: url as string, transferSize })),
        reports,
      );
      if (otherCmsUrl && networkRequests(lhr).some(({ url }) => url?.startsWith(`${otherCmsUrl}/`))) {
        throw new Error(`${route} at ${size} read ${otherCmsUrl}, not the CMS measured (${cmsUrl})`);
      }
      const figures = measure(lhr);
      runs.push(figures);
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      environment = `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`;
      console.log(`${size} ${route.slice(0, 40)} run ${run}/${RUNS}: ${JSON.stringify(figures)}`);
    }
    rows.push({
      route: route === deepLink ? '/Articles?title=… (newest article)' : route,
      median: medians(runs),
      scripts: scripts as RouteScripts,
    });
  }
  return { rows, deepLink, benchmarkIndex: median(benchmarkIndexes), environment };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Each route's JavaScript by package (the apps' bundle reports), with what loaded it. */
function scriptsByPackage(rows: { route: string; scripts: RouteScripts }[]): string {
  return rows
    .map(({ route, scripts }) =>
      [
        `- **${route}**: ${kb(scripts.bytes)} KB`,
        ...scripts.packages
          .filter(({ bytes }) => bytes >= 512)
          .map(({ name, bytes, why }) => `  - ${name} ${kb(bytes)} KB (${why.join('; ')})`),
      ].join('\n'),
    )
    .join('\n');
}

function table(rows: { route: string; median: Measure }[]): string {
  const lines = [
    '| route | perf | LCP s | TBT ms | CLS | a11y | SEO | JS KB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ route, median: m }) =>
        `| ${route} | ${m.perf} | ${m.lcpS.toFixed(1)} | ${Math.round(m.tbtMs)} | ${m.cls.toFixed(3)} | ${m.a11y} | ${m.seo} | ${m.jsKb.toFixed(1)} |`,
    ),
  ];
  return lines.join('\n');
}

test('Lighthouse on every route at seed size and at 2,000 articles', async () => {
  test.setTimeout(150 * 60_000);
  const started = new Date();
  const sections: string[] = [];
  const report = (heading: string, result: Awaited<ReturnType<typeof measureRoutes>>) => {
    const section = [
      `## ${heading}`,
      '',
      table(result.rows),
      '',
      '### JavaScript by package (KB on the wire; what loaded it)',
      '',
      scriptsByPackage(result.rows),
      '',
      `Medians of ${RUNS} runs; deep link: \`${result.deepLink}\`; ${result.environment}; ` +
        `median Lighthouse benchmarkIndex ${Math.round(result.benchmarkIndex)}.`,
    ].join('\n');
    console.log(`\n${section}\n`);
    sections.push(section);
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(
      RESULTS,
      [
        '# Lighthouse: every route, mobile, simulated throttling',
        '',
        `Run ${started.toISOString()} on ${os.cpus().length} CPU cores (shared with whatever else ran: TBT grows with it).`,
        '',
        ...sections.flatMap((text) => [text, '']),
      ].join('\n'),
    );
  };

  report('Seed database', await measureRoutes('seed', site.url, site.cmsUrl));

  const port = await freePort();
  const grown = await startGrownCms([`http://localhost:${port}`]);
  try {
    // A render server of its own whose config.js names the grown CMS: the server renders every
    // page from it, and the browser reads it for what follows.
    const server = await startRenderServer({ port, config: { cmsUrl: grown.url } });
    try {
      const html = await (await fetch(`${server.url}/Home`)).text();
      const [seedNewest, grownNewest] = [await newestTitle(site.cmsUrl), await newestTitle(grown.url)];
      if (!html.includes(asReactWrites(grownNewest)) && html.includes(asReactWrites(seedNewest))) {
        throw new Error(`${server.url}/Home was not rendered from the grown CMS (${grown.url})`);
      }
      report(
        `${GROWN.articles} articles, ${GROWN.comments} comments`,
        await measureRoutes(`${GROWN.articles} articles`, server.url, grown.url, site.cmsUrl),
      );
    } finally {
      await server.close();
    }
  } finally {
    await grown.stop();
  }
});
