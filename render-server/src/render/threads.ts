import { Worker } from 'node:worker_threads';
import type { SharedAnswers } from '../kept-reads';
import { log } from '../log';
import type { Rendered } from '../page-cache';
import type { RenderedSections } from '../sections/server-sections';
import type { WriteParts } from '../shared-parts';
import { traceHeaders } from '../tracing';
import { replay } from './observed';
import type { PageTarget } from './page';
import type { FromRenderThread, ToRenderThread } from './thread-port';

/** How soon a render thread that stopped is started again: a thread that cannot start is not retried in a loop. */
const RESTART_AFTER_MS = 1_000;

/** What a thread answers to what is asked of it, by the question's type. */
interface Answers {
  render: Extract<FromRenderThread, { type: 'rendered' }>;
  'write-parts': Extract<FromRenderThread, { type: 'parts-written' }>;
}

type Question = Extract<ToRenderThread, { type: keyof Answers }>;

interface Asked {
  resolve: (answer: Answers[keyof Answers]) => void;
  reject: (error: Error) => void;
}

interface RenderThread {
  worker: Worker;
  asked: Map<number, Asked>;
  /** Told to follow the sections, and not said yet it has. */
  following: (() => void)[];
  stopped?: boolean;
}

export interface RenderThreadsOptions {
  /** The module a thread runs (`render/thread.ts`, in the build the render server's own file). */
  entry: string;
  count: number;
  /** What each thread is started with (`RenderThreadData`). */
  data: unknown;
  /** The sections' builds pages are rendered with now. */
  sections: () => RenderedSections;
  /** Where the answers many pages share are kept, for every thread. */
  answers?: SharedAnswers;
  /** A thread's Node options, when not the process's. */
  execArgv?: string[];
}

/** Bytes as they arrived from another thread, a `Uint8Array`: a view of them, not a copy. */
const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A page's bytes as they arrived from another thread. */
function asBuffers(page: Rendered): Rendered {
  if (!page.prepared) return page;
  return { ...page, prepared: { ...page.prepared, bytes: view(page.prepared.bytes), gzip: view(page.prepared.gzip) } };
}

/**
 * Pages rendered in threads of their own, so that the thread that answers kept pages never waits
 * behind a render: each page goes to the thread with the fewest renders under way. Written on
 * `worker_threads` rather than a pool library: a render asks the answering thread for the reads
 * it keeps and is aborted by message, which a pool's one-answer tasks do not carry.
 */
export class RenderThreads {
  private readonly threads: RenderThread[];
  private asks = 0;
  private closed = false;

  constructor(private readonly options: RenderThreadsOptions) {
    this.threads = Array.from({ length: options.count }, () => this.start());
  }

  /** The page at `target`, rendered in a thread; its reads and loads are counted here, in the request's timing. */
  async render(target: PageTarget, signal: AbortSignal): Promise<Rendered> {
    const { page, observed } = await this.ask(
      (id) => ({ type: 'render', id, target, sections: this.options.sections(), trace: traceHeaders() }),
      signal,
    );
    replay(observed);
    return asBuffers(page);
  }

  /** Writes the shared parts into a kept page in a thread: this one only hands its gzip over and takes it back. */
  writeParts: WriteParts = async (zipped, parts) => {
    const { written } = await this.ask((id) => ({ type: 'write-parts', id, gzip: zipped, parts }));
    return written && { ...written, gzip: view(written.gzip) };
  };

  /**
   * Has every thread load the sections' builds pages are rendered with now (at start, and after a
   * release), so that no page waits for it; resolves once they all have.
   */
  follow(): Promise<void> {
    return Promise.all(this.threads.filter(({ stopped }) => !stopped).map((thread) => this.followIn(thread))).then(
      () => undefined,
    );
  }

  /** Stops every thread; the renders under way fail. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }

  private ask<Asking extends Question>(question: (id: number) => Asking, signal?: AbortSignal) {
    signal?.throwIfAborted();
    const running = this.threads.filter(({ stopped }) => !stopped);
    if (running.length === 0) return Promise.reject(new Error('No render thread is running'));
    const thread = running.reduce((least, each) => (each.asked.size < least.asked.size ? each : least));
    this.asks += 1;
    const id = this.asks;
    return new Promise<Answers[Asking['type']]>((resolve, reject) => {
      const abort = () => {
        thread.asked.delete(id);
        this.post(thread, { type: 'abort', id, reason: (signal?.reason as Error).message });
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', abort, { once: true });
      const settled = () => signal?.removeEventListener('abort', abort);
      thread.asked.set(id, {
        resolve: (answer) => {
          settled();
          // A thread answers each question with the answer of its type (`serveRenders`).
          resolve(answer as Answers[Asking['type']]);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      });
      this.post(thread, question(id));
    });
  }

  private followIn(thread: RenderThread): Promise<void> {
    return new Promise((resolve) => {
      thread.following.push(resolve);
      this.post(thread, { type: 'follow', sections: this.options.sections() });
    });
  }

  private post(thread: RenderThread, message: ToRenderThread) {
    thread.worker.postMessage(message);
  }

  private start(): RenderThread {
    const { entry, data, execArgv } = this.options;
    const thread: RenderThread = {
      worker: new Worker(entry, { workerData: data, execArgv }),
      asked: new Map(),
      following: [],
    };
    thread.worker.on('message', (message: FromRenderThread) => this.answer(thread, message));
    thread.worker.on('error', (error) => log.error({ err: error }, 'A render thread failed'));
    thread.worker.on('exit', (code) => {
      thread.stopped = true;
      for (const { reject } of thread.asked.values())
        reject(new Error(`The render thread stopped (exit code ${code})`));
      thread.asked.clear();
      for (const followed of thread.following.splice(0)) followed();
      if (this.closed) return;
      setTimeout(() => {
        if (this.closed) return;
        const started = this.start();
        this.threads[this.threads.indexOf(thread)] = started;
        void this.followIn(started);
      }, RESTART_AFTER_MS).unref();
    });
    return thread;
  }

  private answer(thread: RenderThread, message: FromRenderThread) {
    const { answers } = this.options;
    if (message.type === 'kept') {
      const answered = answers ? answers.kept(message.url).catch(() => undefined) : Promise.resolve(undefined);
      void answered.then((json) => this.post(thread, { type: 'kept', id: message.id, json }));
      return;
    }
    if (message.type === 'keep') {
      void Promise.resolve(answers?.keep(message.url, message.json, message.readAt)).catch(() => undefined);
      return;
    }
    if (message.type === 'followed') {
      for (const followed of thread.following.splice(0)) followed();
      return;
    }
    const asked = thread.asked.get(message.id);
    thread.asked.delete(message.id);
    if (message.type === 'failed') asked?.reject(Object.assign(new Error(message.error.message), message.error));
    else asked?.resolve(message);
  }
}
