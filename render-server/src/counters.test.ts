/** @jest-environment node */
import { MemoryCounters } from './counters';

describe('counters in memory', () => {
  it('count per key within a window, and begin again after it', async () => {
    let now = 0;
    const counters = new MemoryCounters(() => now);
    expect(await counters.add('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now = 20_000;
    expect(await counters.add('a', 60_000)).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await counters.add('b', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now = 60_000;
    expect(await counters.add('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });
});
