import { clientOf } from './client-address';

describe('who a request comes from', () => {
  it('is the address it came from, whatever X-Forwarded-For says, with no proxy of the site’s own', () => {
    expect(clientOf('203.0.113.7', '198.51.100.1', 0)).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7', '', 0)).toBe('203.0.113.7');
  });

  it('is the address the site’s own proxies were asked by, however much a client prepends', () => {
    expect(clientOf('10.0.0.2', 'forged, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientOf('10.0.0.2', '198.51.100.9, forged, 203.0.113.7, 10.0.0.1', 2)).toBe('203.0.113.7');
    // Fewer hops than said: the first address there is.
    expect(clientOf('10.0.0.2', '', 3)).toBe('10.0.0.2');
  });

  it('is an IPv6 address’s /64, one subscriber’s block, however it is written', () => {
    expect(clientOf('2001:db8:0:1::5', '', 0)).toBe('2001:db8:0:1::/64');
    expect(clientOf('2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd', '', 0)).toBe('2001:db8:0:1::/64');
    expect(clientOf('10.0.0.2', '2001:db8:0:1:ffff::1', 1)).toBe('2001:db8:0:1::/64');
    expect(clientOf('::1', '', 0)).toBe('::/64');
  });

  it('keeps what is no address as it is: a key that names nobody else', () => {
    expect(clientOf('10.0.0.2', 'forged', 1)).toBe('forged');
  });
});
