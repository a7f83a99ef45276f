/** @jest-environment node */
import { isSignatureHeader, readReport, sign, verifySignature } from './revalidate';
import { TAG } from './tags';

const SECRET = 'shared-secret';
const nonce = '3f1c8e0a-51b2-4c1e-9f5e-2d7a4b6c8e90';
const body = JSON.stringify({
  changes: [{ event: 'entry.update', uid: 'api::about-me.about-me', documentId: 'a' }],
  nonce,
});
const now = 1_700_000_000_000;

describe('a report of changes', () => {
  it('is taken when signed with the shared secret, recently', () => {
    expect(verifySignature(SECRET, sign(SECRET, body, now - 1000), body, now)).toBe(true);
  });

  it.each([
    ['no signature', undefined],
    ['another secret', sign('another', body, now)],
    ['another body', sign(SECRET, `${body} `, now)],
    ['an old one, replayed', sign(SECRET, body, now - 10 * 60_000)],
    ['a malformed one', 'v1=abc'],
  ])('is refused with %s', (_case, signature) => {
    expect(verifySignature(SECRET, signature, body, now)).toBe(false);
  });

  it('is refused by a server with no secret', () => {
    expect(verifySignature('', sign('', body, now), body, now)).toBe(false);
  });

  it('is seen to carry a signature, or not, from its header alone', () => {
    expect(isSignatureHeader(sign(SECRET, body, now))).toBe(true);
    for (const header of [undefined, '', 'v1=abc', `t=${now},v1=${'0'.repeat(63)}`, ['t=1', 'v1=2']])
      expect(isSignatureHeader(header)).toBe(false);
  });

  it('carries the nonce that makes it once only', () => {
    expect(readReport(body, now)?.nonce).toBe(nonce);
  });

  it('drops the tags of its changes, each once', () => {
    const changes = [
      { event: 'entry.update', uid: 'api::about-me.about-me' },
      { event: 'entry.publish', uid: 'api::article.article', documentId: 'd' },
      { event: 'entry.update', uid: 'api::article.article', documentId: 'd' },
    ];
    expect(readReport(JSON.stringify({ changes, nonce }), now)?.tags).toEqual([
      TAG.about,
      TAG.articles,
      TAG.inSharedPart(TAG.articles),
      TAG.article('d'),
    ]);
  });

  it('dates its changes by how long before sending the newest was made', () => {
    const changes = [{ event: 'entry.update', uid: 'api::about-me.about-me' }];
    expect(readReport(JSON.stringify({ changes, ageMs: 4_250, nonce }), now)?.changedAt).toBe(now - 4_250);
    expect(readReport(JSON.stringify({ changes, nonce }), now)?.changedAt).toBe(now);
    // No older than a signature may be, and never in the future.
    expect(readReport(JSON.stringify({ changes, ageMs: 60 * 60_000, nonce }), now)?.changedAt).toBe(now - 5 * 60_000);
    expect(readReport(JSON.stringify({ changes, ageMs: -5, nonce }), now)?.changedAt).toBe(now);
  });

  it.each([
    'not json',
    '{}',
    'null',
    '{"changes":[{"uid":3}]}',
    '{"changes":[{"event":"x","uid":"y","article":7}]}',
    '{"changes":[],"ageMs":"soon","nonce":"0123456789abcdef"}',
    '{"changes":[]}',
    '{"changes":[],"nonce":"short"}',
    '{"changes":[],"nonce":"a nonce with spaces in it"}',
  ])('is not one: %s', (text) => {
    expect(readReport(text, now)).toBeUndefined();
  });
});
