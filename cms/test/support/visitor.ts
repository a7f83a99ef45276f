import { randomBytes } from 'crypto';

/**
 * A fresh client address: every test votes and writes as its own visitor (the CMS trusts the one
 * proxy in front here). An IPv6 address in a /64 of its own, since the limits count a /64 as one client.
 */
export function newVisitor(): string {
  const groups = randomBytes(8).toString('hex').match(/.{4}/g) as string[];
  return `fd00:${groups.slice(0, 3).join(':')}::${groups[3]}`;
}
