/** @jest-environment node */
import { mediaAnswerHeaders, mediaOnSite, mediaRequestHeaders } from './media';

describe('the CMS’s uploads on the site’s origin', () => {
  it('are where the pages name their images when config.js names no media host', () => {
    expect(mediaOnSite({ cmsUrl: 'https://cms.test' }, 'https://blog.test')).toEqual({
      config: { cmsUrl: 'https://cms.test', mediaUrl: 'https://blog.test' },
      mediaFromCms: true,
    });
    expect(mediaOnSite({ cmsUrl: 'https://cms.test', mediaUrl: ' ' }, 'https://blog.test').mediaFromCms).toBe(true);
  });

  it('are left to the media host config.js names', () => {
    const config = { cmsUrl: 'https://cms.test', mediaUrl: 'https://media.test' };
    expect(mediaOnSite(config, 'https://blog.test')).toEqual({ config, mediaFromCms: false });
  });

  it('are asked of the CMS with what the browser asks and holds, and nothing of the visitor’s', () => {
    expect(
      mediaRequestHeaders({
        accept: 'image/avif,image/webp',
        range: 'bytes=0-99',
        'if-none-match': '"abc"',
        cookie: 'blog-preview=secret',
        authorization: 'Bearer x',
        host: 'blog.test',
      }),
    ).toEqual({ accept: 'image/avif,image/webp', range: 'bytes=0-99', 'if-none-match': '"abc"' });
  });

  it('are answered as the CMS answered them, unable to run script or set a cookie on the site', () => {
    const headers = mediaAnswerHeaders({
      'content-type': 'image/svg+xml',
      'content-length': '120',
      'cache-control': 'max-age=60',
      etag: '"abc"',
      'set-cookie': ['koa.sess=1'],
      'x-powered-by': 'Strapi',
    });
    expect(headers).toEqual({
      'content-type': 'image/svg+xml',
      'content-length': '120',
      'cache-control': 'max-age=60',
      etag: '"abc"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });
});
