/** @jest-environment node */
import { serverOptions } from './options';

describe('the render server’s options', () => {
  it('bound the page cache in whole bytes, whatever fraction of a megabyte is asked', () => {
    expect(serverOptions({ BLOG_CACHE_MAX_MB: '0.001' }, '/dist').cacheMaxBytes).toBe(1048);
    expect(serverOptions({}, '/dist').cacheMaxBytes).toBe(64 * 1024 * 1024);
  });

  it('keep pages ahead unless told not to, or in a render server of previewed builds', () => {
    expect(serverOptions({}, '/dist').prerenderRenders).toBe(1);
    expect(serverOptions({ BLOG_PRERENDER_RENDERS: '2' }, '/dist').prerenderRenders).toBe(2);
    expect(serverOptions({ BLOG_PRERENDER: 'false' }, '/dist').prerenderRenders).toBe(0);
    expect(
      serverOptions({ BLOG_PREVIEW_SECTIONS: '{"mf_pages":"http://b/mf-manifest.json"}' }, '/dist').prerenderRenders,
    ).toBe(0);
    expect(serverOptions({}, '/dist').cacheDir).toBeUndefined();
    expect(serverOptions({ BLOG_CACHE_DIR: '/var/pages' }, '/dist')).toMatchObject({
      cacheDir: '/var/pages',
      cacheDiskBytes: 2048 * 1024 * 1024,
    });
  });

  it('open previews only with a shared secret', () => {
    expect(serverOptions({}, '/dist').preview).toBeUndefined();
    expect(serverOptions({ PREVIEW_SECRET: 's', PREVIEW_API_TOKEN: 't' }, '/dist').preview).toEqual({
      secret: 's',
      apiToken: 't',
    });
    expect(
      serverOptions(
        { BLOG_PREVIEW_SECTIONS: '{"mf_pages":"https://builds.example/pages/42/mf-manifest.json"}' },
        '/dist',
      ).previewSections,
    ).toEqual({ mf_pages: 'https://builds.example/pages/42/mf-manifest.json' });
  });

  it('name the origins builds may be previewed from, as origins', () => {
    expect(serverOptions({}, '/dist').previewOrigins).toEqual([]);
    expect(
      serverOptions({ BLOG_PREVIEW_ORIGINS: 'https://builds.example/team/, http://localhost:4100' }, '/dist')
        .previewOrigins,
    ).toEqual(['https://builds.example', 'http://localhost:4100']);
  });

  it('read the CMS unzipped, with the render servers’ token when one is shared, and count clients behind the proxies said', () => {
    expect(serverOptions({}, '/dist').cmsHeaders).toEqual({ 'accept-encoding': 'identity' });
    expect(serverOptions({ RENDER_SERVER_TOKEN: 't0k' }, '/dist').cmsHeaders).toEqual({
      'accept-encoding': 'identity',
      'x-render-server-token': 't0k',
    });
    expect(serverOptions({ BLOG_PROXY_HOPS: '2' }, '/dist').proxyHops).toBe(2);
    expect(() => serverOptions({ BLOG_PROXY_HOPS: 'one' }, '/dist')).toThrow('BLOG_PROXY_HOPS must be a whole number');
  });

  it('stop the start on a setting it cannot take, naming it, and leave an empty one unset', () => {
    expect(() => serverOptions({ BLOG_STATUS_PORT: 'abc' }, '/dist')).toThrow(
      'BLOG_STATUS_PORT must be a port from 1 to 65535, not "abc".',
    );
    expect(() => serverOptions({ PORT: '70000' }, '/dist')).toThrow('PORT must be a port from 1 to 65535');
    expect(() => serverOptions({ BLOG_CACHE_TTL_SECONDS: '-5' }, '/dist')).toThrow(
      'BLOG_CACHE_TTL_SECONDS must be a positive number, not "-5".',
    );
    expect(() => serverOptions({ BLOG_RENDERS_PER_CLIENT: 'lots' }, '/dist')).toThrow('BLOG_RENDERS_PER_CLIENT');
    expect(() => serverOptions({ BLOG_REVALIDATE_SECONDS: '5' }, '/dist')).toThrow(
      'BLOG_REVALIDATE_SECONDS is now called BLOG_SECTIONS_CHECK_SECONDS.',
    );
    expect(serverOptions({ BLOG_SECTIONS_CHECK_SECONDS: '5' }, '/dist').checkEveryMs).toBe(5000);
    expect(
      serverOptions(
        { BLOG_STATUS_PORT: '', BLOG_METRICS_PORT: '', BLOG_HTML_CACHE_CONTROL: '', BLOG_REMOTES_FILE: '' },
        '/dist',
      ),
    ).toMatchObject({
      statusPort: undefined,
      metricsPort: undefined,
      htmlCacheControl: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
      remotesFile: '/dist/remotes.json',
    });
    expect(() => serverOptions({ BLOG_SITE_URL: 'blog.example' }, '/dist')).toThrow(
      'BLOG_SITE_URL must be an http(s) address, not "blog.example".',
    );
    expect(() => serverOptions({ BLOG_PREVIEW_ORIGINS: 'https://builds.example, builds2' }, '/dist')).toThrow(
      'BLOG_PREVIEW_ORIGINS must be http(s) addresses separated by commas, not "https://builds.example, builds2".',
    );
    expect(() => serverOptions({ BLOG_PREVIEW_SECTIONS: '{"mf_pages":' }, '/dist')).toThrow(
      'BLOG_PREVIEW_SECTIONS must be a JSON object of addresses',
    );
    expect(serverOptions({ PORT: '8080', BLOG_STATUS_PORT: '9000' }, '/dist')).toMatchObject({
      port: 8080,
      statusPort: 9000,
      siteUrl: 'http://localhost:8080',
    });
  });

  it('listen on every interface, their metrics on the loopback one unless told otherwise', () => {
    expect(serverOptions({}, '/dist')).toMatchObject({ host: undefined, metricsHost: '127.0.0.1' });
    expect(serverOptions({ BLOG_HOST: '127.0.0.1', BLOG_METRICS_HOST: '0.0.0.0' }, '/dist')).toMatchObject({
      host: '127.0.0.1',
      metricsHost: '0.0.0.0',
    });
  });
});
