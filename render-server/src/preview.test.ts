/** @jest-environment node */
import { articleEntryQuery } from '@blog/shared';
import {
  PREVIEW_COOKIE,
  isSecret,
  previewBanner,
  previewCookie,
  previewCookieValue,
  previewOf,
  previewRead,
  type Preview,
} from './preview';

const SECRET = 'preview-secret';
const now = 1_700_000_000_000;
const preview: Preview = { status: 'draft', expiresAt: now + 60_000 };
const cookie = (value: string) => `theme=dark; ${PREVIEW_COOKIE}=${value}; other=1`;

describe('a preview', () => {
  it('is opened only with the shared secret', () => {
    expect(isSecret(SECRET, SECRET)).toBe(true);
    expect(isSecret(SECRET, 'guess')).toBe(false);
    expect(isSecret(SECRET, null)).toBe(false);
    expect(isSecret('', '')).toBe(false);
  });

  it('is read back from the cookie it set, until it expires', () => {
    const value = previewCookieValue(SECRET, preview);
    expect(previewOf(SECRET, cookie(value), now)).toEqual(preview);
    expect(previewOf(SECRET, cookie(value), preview.expiresAt)).toBeUndefined();
  });

  it.each([
    ['no cookie', undefined],
    ['another secret’s', cookie(previewCookieValue('another', preview))],
    [
      'a longer life than signed',
      cookie(previewCookieValue(SECRET, preview).replace(`.${preview.expiresAt}.`, `.${now + 9e9}.`)),
    ],
    [
      'published signed, draft claimed',
      cookie(previewCookieValue(SECRET, { ...preview, status: 'published' }).replace(/^published/, 'draft')),
    ],
    ['a malformed one', cookie('draft.1.abc')],
  ])('is not opened by %s', (_case, header) => {
    expect(previewOf(SECRET, header, now)).toBeUndefined();
  });

  it('sets an HttpOnly cookie, SameSite=None and Secure over https for the admin panel’s frame', () => {
    expect(previewCookie(SECRET, preview, true)).toMatch(/; Path=\/; Max-Age=3600; HttpOnly; Secure; SameSite=None$/);
    expect(previewCookie(SECRET, preview, false)).toMatch(/; HttpOnly; SameSite=Lax$/);
  });

  it('reads drafts of the collections that have them, with the token; everything else as the public', () => {
    const cms = 'http://cms.test';
    expect(previewRead(`${cms}/api/articles?filters[title_article][$eq]=A`, cms, preview, 'token')).toEqual({
      url: `${cms}/api/articles?filters%5Btitle_article%5D%5B%24eq%5D=A&status=draft`,
      headers: { Authorization: 'Bearer token' },
    });
    const draft = previewRead(`${cms}/api/article-detail?title=Oil+%26+Gas`, cms, preview, 'token');
    expect(draft.headers).toEqual({ Authorization: 'Bearer token' });
    expect(new URL(draft.url).pathname).toBe('/api/articles');
    expect(Object.fromEntries(new URL(draft.url).searchParams)).toEqual({
      ...Object.fromEntries(
        Object.entries(articleEntryQuery('Oil & Gas')).map(([name, value]) => [name, String(value)]),
      ),
      status: 'draft',
    });
    expect(previewRead(`${cms}/api/article-detail?title=A`, cms, { ...preview, status: 'published' }, 'token')).toEqual(
      {
        url: `${cms}/api/article-detail?title=A`,
        headers: {},
      },
    );
    expect(previewRead(`${cms}/api/latest-articles`, cms, preview, 'token')).toEqual({
      url: `${cms}/api/latest-articles`,
      headers: {},
    });
    expect(previewRead(`${cms}/api/about-mes`, cms, { ...preview, status: 'published' }, 'token').headers).toEqual({});
    expect(previewRead(`${cms}/api/about-mes`, cms, preview, undefined).headers).toEqual({});
  });

  const escape = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

  it('says what it shows, escaped, and how to leave', () => {
    const banner = previewBanner('Drones <& tanks>', { status: 'draft' }, escape);
    expect(banner).toContain('Preview of the draft of “Drones &lt;& tanks&gt;”: only this browser sees it.');
    expect(banner).toContain('<a href="/preview/exit"');
  });

  it('names the sections loaded from other builds, with or without drafts', () => {
    const sections = { mf_pages: 'https://builds.example/<pages>/mf-manifest.json' };
    expect(previewBanner('About', { sections }, escape)).toContain(
      'Preview of mf_pages from https://builds.example/&lt;pages&gt;/mf-manifest.json: only this browser sees it.',
    );
    expect(previewBanner('About', { status: 'draft', sections }, escape)).toContain(
      'Preview of the draft of “About”, with mf_pages from https://builds.example/&lt;pages&gt;/mf-manifest.json:',
    );
  });
});
