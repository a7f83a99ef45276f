/** @jest-environment node */
import { mediaAnswer, mediaOnSite, mediaRequestHeaders } from './media';

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
    const answer = mediaAnswer(
      {},
      {
        statusCode: 200,
        headers: {
          'content-type': 'image/svg+xml',
          'content-length': '120',
          'cache-control': 'max-age=60',
          etag: '"abc"',
          'set-cookie': ['koa.sess=1'],
          'x-powered-by': 'Strapi',
        },
      },
    );
    expect(answer).toEqual({
      status: 200,
      headers: {
        'content-type': 'image/svg+xml',
        'content-length': '120',
        'cache-control': 'max-age=60',
        etag: '"abc"',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
      body: true,
    });
  });

  describe('to a browser that holds one already', () => {
    const modified = 'Wed, 25 Nov 2026 19:56:04 GMT';
    const file = {
      statusCode: 200,
      headers: {
        'content-type': 'image/jpeg',
        'content-length': '8983',
        'cache-control': 'max-age=0',
        'last-modified': modified,
      },
    };

    it('are a 304 without the file, however the CMS answered', () => {
      const answer = mediaAnswer({ 'if-modified-since': modified }, file);
      expect(answer).toMatchObject({ status: 304, body: false });
      expect(answer.headers).toMatchObject({ 'cache-control': 'max-age=0', 'last-modified': modified });
      expect(answer.headers).not.toHaveProperty('content-length');
      expect(
        mediaAnswer({ 'if-none-match': '"v1"' }, { ...file, headers: { ...file.headers, etag: '"v1"' } }).status,
      ).toBe(304);
    });

    it('are sent whole when the browser’s copy is older or another', () => {
      expect(mediaAnswer({ 'if-modified-since': 'Tue, 24 Nov 2026 10:00:00 GMT' }, file)).toMatchObject({
        status: 200,
        body: true,
      });
      expect(
        mediaAnswer({ 'if-none-match': '"v0"' }, { ...file, headers: { ...file.headers, etag: '"v1"' } }).status,
      ).toBe(200);
      expect(mediaAnswer({ 'if-modified-since': modified, 'cache-control': 'no-cache' }, file).status).toBe(200);
    });

    it('are left alone when the CMS sent part of the file, or none', () => {
      expect(mediaAnswer({ 'if-modified-since': modified }, { ...file, statusCode: 206 }).status).toBe(206);
      expect(mediaAnswer({ 'if-modified-since': modified }, { statusCode: 404, headers: {} }).status).toBe(404);
    });
  });
});
