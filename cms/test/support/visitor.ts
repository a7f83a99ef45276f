import { randomBytes } from 'crypto';

/** A fresh client address: every test votes and writes as its own visitor (the CMS trusts the proxy here). */
export function newVisitor(): string {
  const groups = randomBytes(8).toString('hex').match(/.{4}/g) as string[];
  return `fd00::${groups.join(':')}`;
}
