import ipaddr from 'ipaddr.js';

/**
 * Who a request comes from, as the limits of both services count it: the address `proxyHops`
 * proxies of the deployment's own put in `X-Forwarded-For` (none by default: a header anyone can
 * send names nobody). A client writes what it likes at the left of the header; each proxy of
 * ours appends the address it was asked by, so the client is the entry `proxyHops` from the right
 * (the connection's own address counting as the last). An IPv6 address is counted by its /64,
 * the block one subscriber is given.
 */
export function clientOf(remoteAddress: string | undefined, forwardedFor: string | undefined, proxyHops: number) {
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean),
    remoteAddress ?? '',
  ];
  return clientKey(chain[Math.max(0, chain.length - 1 - proxyHops)]);
}

/** An address as limits count it: IPv4 as it is (also when written IPv4-mapped), IPv6 by its /64. */
function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

/** The header the render servers send their token to the CMS in (`RENDER_SERVER_TOKEN`): their reads are not counted as a client's. */
export const RENDER_SERVER_TOKEN_HEADER = 'x-render-server-token';
