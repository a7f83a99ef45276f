import { AsyncLocalStorage } from 'node:async_hooks';

/** Where a page's time went: its render, and the reads of the CMS it made (a part of the render). */
export interface PageTiming {
  renderMs?: number;
  cmsMs: number;
  cmsReads: number;
}

// The timing of the render under way, wherever in it (in whichever section) a read is made.
const timings = new AsyncLocalStorage<PageTiming>();

/** Runs `work` with `timing` to add the page's reads to. */
export const withTiming = <T>(timing: PageTiming, work: () => T): T => timings.run(timing, work);

/** Adds one read of the CMS to the page being rendered, if any. */
export function noteRead(ms: number) {
  const timing = timings.getStore();
  if (!timing) return;
  timing.cmsMs += ms;
  timing.cmsReads += 1;
}

const ms = (value: number) => Math.round(value * 10) / 10;

/** The `Server-Timing` header of a page: how the cache answered and, when this request rendered it, the render and its reads. */
export function serverTiming(outcome: string, { renderMs, cmsMs, cmsReads }: PageTiming): string {
  const parts = [`cache;desc="${outcome}"`];
  if (renderMs !== undefined) parts.push(`render;dur=${ms(renderMs)}`, `cms;dur=${ms(cmsMs)};desc="${cmsReads} reads"`);
  return parts.join(', ');
}
