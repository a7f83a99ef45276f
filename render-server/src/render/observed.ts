import { AsyncLocalStorage } from 'node:async_hooks';
import { cmsReadDuration, sectionLoads } from '../metrics';

/** What a render saw that the metrics count: its reads and its sections' loads. */
export interface Observed {
  reads: { query: string; result: string; ms: number }[];
  loads: { section: string; result: string }[];
}

// A render on a thread of its own observes into its record, which the thread that answered the
// request replays: the metrics are served from that one, and the page's timing is that request's.
const records = new AsyncLocalStorage<Observed>();

/** One read of the CMS, by query and how it ended. */
export function observeRead(query: string, result: string, ms: number): void {
  const record = records.getStore();
  if (record) {
    record.reads.push({ query, result, ms });
    return;
  }
  cmsReadDuration.observe({ query, result }, ms / 1000);
}

/** One load of a section's module, by how it ended. */
export function observeSectionLoad(section: string, result: string): void {
  const record = records.getStore();
  if (record) record.loads.push({ section, result });
  else sectionLoads.inc({ section, result });
}

/** Runs `work`, recording what it observes rather than counting it. */
export async function recording<T>(work: () => Promise<T>): Promise<{ value: T; observed: Observed }> {
  const observed: Observed = { reads: [], loads: [] };
  const value = await records.run(observed, work);
  return { value, observed };
}

/** Counts what a render recorded elsewhere, as if it had been observed here. */
export function replay({ reads, loads }: Observed): void {
  for (const { query, result, ms } of reads) observeRead(query, result, ms);
  for (const { section, result } of loads) observeSectionLoad(section, result);
}
