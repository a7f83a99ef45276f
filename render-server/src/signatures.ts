import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `text`, in hex: what the CMS's reports and the preview cookies are signed with. */
export const signatureOf = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** Whether `given` (hex) is `expected` (hex), compared in constant time. */
export const sameSignature = (expected: string, given: string) =>
  expected.length === given.length && timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
