/** @jest-environment node */
import { requestTarget } from './site';

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
});
