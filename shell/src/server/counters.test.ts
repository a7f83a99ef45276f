/** @jest-environment node */
import { MemoryCounters, clientOf } from './counters';

describe('who a request comes from', () => {
  it('is the address it came from, whatever X-Forwarded-For says, with no proxy of the site’s own', () => {
    expect(clientOf('203.0.113.7', '198.51.100.1', 0)).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7', '', 0)).toBe('203.0.113.7');
  });

  it('is the address the site’s own proxies were asked by, however much a client prepends', () => {
    expect(clientOf('10.0.0.2', 'forged, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientOf('10.0.0.2', 'forged, 203.0.113.7, 10.0.0.1', 2)).toBe('203.0.113.7');
    // Fewer hops than said: the first address there is.
    expect(clientOf('10.0.0.2', '', 3)).toBe('10.0.0.2');
  });

  it('is an IPv6 address’s /64, one subscriber’s block', () => {
    expect(clientOf('2001:db8:0:1::5', '', 0)).toBe('2001:db8:0:1::/64');
    expect(clientOf('2001:db8:0:1:aaaa:bbbb:cccc:dddd', '', 0)).toBe('2001:db8:0:1::/64');
    expect(clientOf('::1', '', 0)).toBe('0:0:0:0::/64');
  });
});

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
