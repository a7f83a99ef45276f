/** @jest-environment node */
import { addressUnder, requestTarget } from './request';

describe('what a request asks for', () => {
  it.each([
    ['/Articles?title=A%20B', '/Articles', '?title=A%20B'],
    ['/%73erver/index.js', '/server/index.js', ''],
    ['//server/index.js.map', '/server/index.js.map', ''],
    ['/a/../server/./index.js', '/server/index.js', ''],
    ['/%2e%2e/server/index.js', '/server/index.js', ''],
    ['/Articles/', '/Articles/', ''],
    ['/main.1234abcd.js?v=1?x', '/main.1234abcd.js', '?v=1?x'],
    ['http://evil.example/Home?x=1', '/Home', '?x=1'],
  ])('reads %s as the path %s', (url, pathname, search) => {
    expect(requestTarget(url)).toEqual({ pathname, search });
  });

  it.each(['/%E0%A4%A', 'http://[bad/Home', '*', '/a%00b'])('refuses %s', (url) => {
    expect(requestTarget(url)).toBeUndefined();
  });

  it.each([
    ['a query of its own', '/Articles%3Ftitle=Cyber'],
    ['a fragment of its own', '/Articles%23x'],
    ['an address encoded twice', '/_preview/cms/api/%252e%252e/admin/project-type'],
    ['a backslash', '/_preview/cms/api/..%5Cadmin/init'],
    ['a line break', '/Home%0D%0ASet-Cookie:%20x=1'],
    ['a decoded question mark after a dot-dot', '/uploads/..%3F'],
  ])('refuses a path that decodes to %s', (_case, url) => {
    expect(requestTarget(url)).toBeUndefined();
  });
});

describe('an address on another server', () => {
  const cms = 'http://cms.test:1337';

  it('is the path encoded again, segment by segment, with its query', () => {
    expect(addressUnder(cms, '/uploads/', '/uploads/a b(1).png', '?format=webp')).toBe(
      'http://cms.test:1337/uploads/a%20b(1).png?format=webp',
    );
    expect(addressUnder(`${cms}/strapi`, '/api/', '/api/articles', '')).toBe(
      'http://cms.test:1337/strapi/api/articles',
    );
  });

  it('is none when it leaves what it must stay under', () => {
    expect(addressUnder(cms, '/uploads/', '/uploads/../admin', '')).toBeUndefined();
    expect(addressUnder(cms, '/api/', '/admin/init', '')).toBeUndefined();
    expect(addressUnder(cms, '/api/', '/api', '')).toBeUndefined();
  });
});
