/** The reads of the CMS a render made: how long they took together, and how many. */
export interface CmsReads {
  ms: number;
  reads: number;
}

/** Where a page's time went: its render, and the reads of the CMS it made (a part of the render). */
export interface PageTiming {
  renderMs?: number;
  cms?: CmsReads;
}

const ms = (value: number) => Math.round(value * 10) / 10;

/** The `Server-Timing` header of a page: how the cache answered and, when this request rendered it, the render and its reads. */
export function serverTiming(outcome: string, { renderMs, cms = { ms: 0, reads: 0 } }: PageTiming): string {
  const parts = [`cache;desc="${outcome}"`];
  if (renderMs !== undefined)
    parts.push(`render;dur=${ms(renderMs)}`, `cms;dur=${ms(cms.ms)};desc="${cms.reads} reads"`);
  return parts.join(', ');
}
