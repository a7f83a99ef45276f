import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@blog/cms/testing';
import { answers, untilReady } from '@blog/server-kit';

/** Debian's Prometheus (`npm test` installs it when missing). */
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

/** A process whose `/metrics` Prometheus scrapes: its job's name and the full address. */
export interface ScrapeTarget {
  job: string;
  /** e.g. `http://127.0.0.1:9465/metrics` */
  metricsUrl: string;
}

/** One sample of an instant query's answer. */
export interface Sample {
  metric: Record<string, string>;
  value: number;
}

export interface PrometheusServer {
  url: string;
  /** The targets' health, by job, as `/api/v1/targets` reports it (`up`, `down`, `unknown`). */
  health(): Promise<Record<string, string>>;
  /** An instant query through `/api/v1/query`. */
  query(promql: string): Promise<Sample[]>;
  stop(): Promise<void>;
}

/** The scrape config for `targets`, scraped every second (YAML is a superset of JSON). */
export function scrapeConfig(targets: ScrapeTarget[]): string {
  return JSON.stringify({
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    scrape_configs: targets.map(({ job, metricsUrl }) => {
      const url = new URL(metricsUrl);
      return { job_name: job, metrics_path: url.pathname, static_configs: [{ targets: [url.host] }] };
    }),
  });
}

interface ApiAnswer<T> {
  status: string;
  data: T;
}

async function api<T>(url: string): Promise<T> {
  const answer = (await (await fetch(url)).json()) as ApiAnswer<T>;
  if (answer.status !== 'success') throw new Error(`${url}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A real Prometheus of its own, on a free port, its data in a throw-away folder, scraping `targets`. */
export async function startPrometheus(targets: ScrapeTarget[]): Promise<PrometheusServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-prometheus-'));
  const config = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(config, scrapeConfig(targets));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await untilReady({
    name: 'Prometheus',
    child,
    ready: answers(`${url}/-/ready`, (status) => status === 200),
    timeoutMs: 30_000,
    output: () => output.join(''),
  });
  return {
    url,
    async health() {
      const { activeTargets } = await api<{ activeTargets: { labels: { job: string }; health: string }[] }>(
        `${url}/api/v1/targets`,
      );
      return Object.fromEntries(activeTargets.map(({ labels, health }) => [labels.job, health]));
    },
    async query(promql) {
      const { result } = await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(
        `${url}/api/v1/query?query=${encodeURIComponent(promql)}`,
      );
      return result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
