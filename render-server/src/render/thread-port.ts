import type { MessagePort } from 'node:worker_threads';
import { ROOT_CONTEXT, context, propagation } from '@opentelemetry/api';
import type { SharedPartName } from '@blog/shared';
import { ReadsOnce, type SharedAnswers, type SharedReads } from '../kept-reads';
import { preparedBody, type Rendered } from '../page-cache';
import type { RenderedSections } from '../sections/server-sections';
import { writePartsHere, type PartsWritten, type RenderedPart } from '../shared-parts';
import { recording, type Observed } from './observed';
import type { PageTarget } from './page';

/** What the thread that answers asks of a render thread. */
export type ToRenderThread =
  | { type: 'render'; id: number; target: PageTarget; sections: RenderedSections; trace: Record<string, string> }
  | { type: 'abort'; id: number; reason: string }
  | { type: 'kept'; id: number; json: string | undefined }
  | { type: 'follow'; sections: RenderedSections }
  | { type: 'write-parts'; id: number; gzip: Uint8Array; parts: ReadonlyMap<SharedPartName, RenderedPart> };

/** What a render thread tells the thread that answers. */
export type FromRenderThread =
  | { type: 'rendered'; id: number; page: Rendered; observed: Observed }
  | { type: 'parts-written'; id: number; written: PartsWritten | undefined }
  | { type: 'failed'; id: number; error: { name: string; message: string; stack?: string } }
  | { type: 'kept'; id: number; url: string }
  | { type: 'keep'; url: string; json: string; readAt: number }
  | { type: 'followed' };

/** What a render thread does. */
export interface RenderThreadWork {
  /** Renders a page, with the sections the thread that answers renders with and the answers it keeps. */
  render(target: PageTarget, sections: RenderedSections, reads: SharedReads, signal: AbortSignal): Promise<Rendered>;
  /** Loads the sections the thread that answers renders with now, before any page asks for them. */
  follow(sections: RenderedSections): Promise<void>;
}

/**
 * Renders what `port` asks, as many pages at once as are asked (a render mostly
 * waits on its reads), each in the trace of the request it is for; its bytes are gzipped here too.
 * The answers many pages share are the asking thread's, kept once for every thread. The shared
 * parts are written into kept pages here too, one at a time.
 */
export function serveRenders(port: MessagePort, work: RenderThreadWork): void {
  const post = (message: FromRenderThread) => port.postMessage(message);
  const renders = new Map<number, AbortController>();
  const lookups = new Map<number, (json: string | undefined) => void>();
  let lookupIds = 0;
  const answers: SharedAnswers = {
    kept: (url) =>
      new Promise((resolve) => {
        lookupIds += 1;
        lookups.set(lookupIds, resolve);
        post({ type: 'kept', id: lookupIds, url });
      }),
    keep: (url, json, readAt) => post({ type: 'keep', url, json, readAt }),
  };
  const reads = new ReadsOnce(answers);

  async function renderAsked({ id, target, sections, trace }: Extract<ToRenderThread, { type: 'render' }>) {
    const controller = new AbortController();
    renders.set(id, controller);
    try {
      const { value: page, observed } = await recording(() =>
        context.with(propagation.extract(ROOT_CONTEXT, trace), () =>
          work.render(target, sections, reads, controller.signal),
        ),
      );
      post({
        type: 'rendered',
        id,
        page: { ...page, prepared: preparedBody(page.body, { longTail: page.longTail }) },
        observed,
      });
    } catch (error) {
      failed(id, error);
    } finally {
      renders.delete(id);
    }
  }

  async function writeAsked({ id, gzip, parts }: Extract<ToRenderThread, { type: 'write-parts' }>) {
    try {
      const zipped = Buffer.from(gzip.buffer, gzip.byteOffset, gzip.byteLength);
      post({ type: 'parts-written', id, written: await writePartsHere(zipped, parts) });
    } catch (error) {
      failed(id, error);
    }
  }

  function failed(id: number, error: unknown) {
    const { name, message, stack } = error as Error;
    post({ type: 'failed', id, error: { name, message, stack } });
  }

  port.on('message', (message: ToRenderThread) => {
    if (message.type === 'render') void renderAsked(message);
    else if (message.type === 'write-parts') void writeAsked(message);
    else if (message.type === 'follow') void work.follow(message.sections).then(() => post({ type: 'followed' }));
    else if (message.type === 'abort') renders.get(message.id)?.abort(new Error(message.reason));
    else {
      lookups.get(message.id)?.(message.json);
      lookups.delete(message.id);
    }
  });
}
