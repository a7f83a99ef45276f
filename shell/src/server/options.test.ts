/** @jest-environment node */
import { serverOptions } from './options';

describe('the render server’s options', () => {
  it('bound the page cache in whole bytes, whatever fraction of a megabyte is asked', () => {
    expect(serverOptions({ BLOG_CACHE_MAX_MB: '0.001' }, '/dist').cacheMaxBytes).toBe(1048);
    expect(serverOptions({}, '/dist').cacheMaxBytes).toBe(64 * 1024 * 1024);
  });
});
