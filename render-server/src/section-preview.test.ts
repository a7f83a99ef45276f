/** @jest-environment node */
import { SECTIONS_COOKIE, allowedOrigins, overridesAsked, sectionsCookie, sectionsOf } from './section-preview';

const SECRET = 'preview-secret';
const now = 1_700_000_000_000;
const deployed = {
  mf_pages: 'http://localhost:3004/mf-manifest.json',
  mf_contact: 'http://localhost:3003/mf-manifest.json',
};
const build = 'https://builds.example/pages/42/mf-manifest.json';
const origins = allowedOrigins(['https://builds.example'], deployed);
const cookieValue = (setCookie: string) => setCookie.slice(`${SECTIONS_COOKIE}=`.length, setCookie.indexOf(';'));

describe('a preview of sections’ builds', () => {
  it('is carried by a signed cookie, until it expires', () => {
    const setCookie = sectionsCookie(SECRET, { mf_pages: build }, now + 60_000, false);
    expect(setCookie).toMatch(/; HttpOnly; SameSite=Lax$/);
    const header = `theme=dark; ${SECTIONS_COOKIE}=${cookieValue(setCookie)}`;
    expect(sectionsOf(SECRET, header, now)).toEqual({ mf_pages: build });
    expect(sectionsOf(SECRET, header, now + 60_000)).toBeUndefined();
    expect(sectionsOf('another', header, now)).toBeUndefined();
    expect(sectionsCookie(SECRET, { mf_pages: build }, now, true)).toMatch(/; Secure; SameSite=None$/);
  });

  it('is not carried by a cookie whose builds were changed', () => {
    const [, expiresAt, signature] = cookieValue(
      sectionsCookie(SECRET, { mf_pages: build }, now + 60_000, false),
    ).split('.');
    const forged = Buffer.from(JSON.stringify({ mf_pages: 'https://evil.example/mf-manifest.json' })).toString(
      'base64url',
    );
    expect(sectionsOf(SECRET, `${SECTIONS_COOKIE}=${forged}.${expiresAt}.${signature}`, now)).toBeUndefined();
  });

  it('loads builds from the origins configured and those the sections are deployed on, and no other', () => {
    expect([...origins]).toEqual(['https://builds.example', 'http://localhost:3004', 'http://localhost:3003']);
    const ask = (query: string) => overridesAsked(new URLSearchParams(query), deployed, origins);
    expect(ask(`secret=s&path=/About&mf_pages=${encodeURIComponent(build)}`)).toEqual({
      overrides: { mf_pages: build },
    });
    expect(ask('mf_contact=http://localhost:3004/next/mf-manifest.json')).toEqual({
      overrides: { mf_contact: 'http://localhost:3004/next/mf-manifest.json' },
    });
    expect(ask('mf_pages=https://evil.example/mf-manifest.json')).toEqual({
      refused: expect.stringContaining('https://evil.example is not an origin') as string,
    });
    expect(ask('mf_pages=file:///etc/passwd')).toEqual({
      refused: expect.stringContaining('not an http(s)') as string,
    });
    expect(ask('mf_pages=https://user:pw@builds.example/m.json')).toEqual({
      refused: expect.stringContaining('not an http(s)') as string,
    });
    expect(ask(`mf_shop=${encodeURIComponent(build)}`)).toEqual({
      refused: expect.stringContaining('mf_shop is not a section') as string,
    });
    expect(ask('secret=s')).toEqual({ refused: expect.stringContaining('name a section') as string });
  });
});
