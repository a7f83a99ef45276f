/** @jest-environment node */
import { readReport, sign, verifySignature } from './revalidate';
import { TAG } from './tags';

const SECRET = 'shared-secret';
const body = JSON.stringify({ changes: [{ event: 'entry.update', uid: 'api::about-me.about-me', documentId: 'a' }] });
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

  it('drops the tags of its changes, each once', () => {
    const changes = [
      { event: 'entry.update', uid: 'api::about-me.about-me' },
      { event: 'entry.publish', uid: 'api::article.article', documentId: 'd' },
      { event: 'entry.update', uid: 'api::article.article', documentId: 'd' },
    ];
    expect(readReport(JSON.stringify({ changes }), now)?.tags).toEqual([TAG.about, TAG.articles, TAG.article('d')]);
  });

  it('dates its changes by how long before sending the newest was made', () => {
    const changes = [{ event: 'entry.update', uid: 'api::about-me.about-me' }];
    expect(readReport(JSON.stringify({ changes, ageMs: 4_250 }), now)?.changedAt).toBe(now - 4_250);
    expect(readReport(JSON.stringify({ changes }), now)?.changedAt).toBe(now);
    // No older than a signature may be, and never in the future.
    expect(readReport(JSON.stringify({ changes, ageMs: 60 * 60_000 }), now)?.changedAt).toBe(now - 5 * 60_000);
    expect(readReport(JSON.stringify({ changes, ageMs: -5 }), now)?.changedAt).toBe(now);
  });

  it.each([
    'not json',
    '{}',
    'null',
    '{"changes":[{"uid":3}]}',
    '{"changes":[{"event":"x","uid":"y","article":7}]}',
    '{"changes":[],"ageMs":"soon"}',
  ])('is not one: %s', (text) => {
    expect(readReport(text, now)).toBeUndefined();
  });
});
