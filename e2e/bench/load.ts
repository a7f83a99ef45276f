import type { IncomingHttpHeaders } from 'node:http';
import { Pool } from 'undici';

/** One request of a load: where, and with which headers. */
export interface Ask {
  path: string;
  headers: Record<string, string>;
}

/** One answer: its status, headers and size, and how long it took from the request's making to its last byte. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
  ms: number;
}

export interface LoadResult {
  /** Answers a second, over the whole run. */
  rate: number;
  /** Each answer's time, in milliseconds. */
  ms: number[];
  statuses: Record<number, number>;
  /** Requests that got no answer: refused connections, resets, timeouts. */
  errors: number;
  /** Bytes of the bodies answered, on average. */
  bytesPerAnswer: number;
}

/** How long a request may wait for its answer before it counts as an error, as autocannon's default. */
const TIMEOUT_MS = 10_000;

/**
 * `connections` connections to `origin`, each asking one request at a time (`next`) for `seconds`,
 * and `rate` requests a second at most over them all when given: what autocannon does, written on
 * undici because autocannon decodes every answer's body into a string (mcollina/autocannon#485).
 * On the gzipped pages of bench:mix that decoding took most of the load generator's thread, so
 * that the mix measured the load generator. Here a body's bytes are counted, never decoded.
 */
export async function runLoad<Asked extends Ask>(
  origin: string,
  options: {
    connections: number;
    seconds: number;
    next: () => Asked;
    rate?: number;
    onAnswer?: (ask: Asked, answer: Answer) => void;
  },
): Promise<LoadResult> {
  const { connections, seconds, next, rate, onAnswer } = options;
  const pool = new Pool(origin, {
    connections,
    pipelining: 1,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  });
  const ms: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const end = started + seconds * 1_000;
  // Each connection asks at `rate / connections` a second: a request that fell behind is not made up for.
  const interval = rate ? (connections * 1_000) / rate : 0;

  async function connection(index: number) {
    let due = started + (interval * index) / connections;
    while (performance.now() < end) {
      if (interval > 0) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        due = Math.max(due + interval, performance.now());
        if (performance.now() >= end) return;
      }
      const ask = next();
      const at = performance.now();
      try {
        const answer = await pool.request({ path: ask.path, method: 'GET', headers: ask.headers });
        let size = 0;
        for await (const chunk of answer.body) size += (chunk as Buffer).length;
        const answered = {
          status: answer.statusCode,
          headers: answer.headers,
          bytes: size,
          ms: performance.now() - at,
        };
        ms.push(answered.ms);
        bytes += size;
        statuses[answered.status] = (statuses[answered.status] ?? 0) + 1;
        onAnswer?.(ask, answered);
      } catch {
        errors += 1;
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: connections }, (_, index) => connection(index)));
  } finally {
    await pool.close();
  }
  return {
    rate: ms.length / ((performance.now() - started) / 1_000),
    ms,
    statuses,
    errors,
    bytesPerAnswer: ms.length > 0 ? bytes / ms.length : 0,
  };
}
