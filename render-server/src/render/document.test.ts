/** @jest-environment node */
import { createHash } from 'node:crypto';
import { documentTemplate } from './document';

const FILES: Record<string, string> = {
  '/a.css': 'p{margin:0}',
  '/b.css': 'p{background:url(b.png)}',
  '/main.1234abcd.js': 'run()',
};
const assets = { config: { cmsUrl: 'http://cms.test</script>' }, file: (href: string) => FILES[href] };
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('the document template', () => {
  it('cuts the minified build around the head’s end and the root, without the build’s title and description', () => {
    const template = documentTemplate(
      '<!doctype html><html><head><meta charset=utf-8><meta name=description content="Site"><title>Site</title>' +
        '<script>theme()</script></head><body><div id=root></div><script src=/x.js></script></body></html>',
      assets,
    );
    expect(template.beforeHead).toBe('<!doctype html><html><head><meta charset=utf-8><script>theme()</script>');
    expect(template.beforeApp).toBe('</head><body><div id=root>');
    expect(template.afterApp).toBe('<script src=/x.js></script></body></html>');
  });

  it('writes the configuration and the shell’s stylesheets into the page, escaped, their files named from the root, named as webpack looks for them', () => {
    const { beforeHead } = documentTemplate(
      '<html><head><link rel=stylesheet href=/a.css><link rel="stylesheet" href="/b.css"><script src=/config.js></script></head>' +
        '<body><div id=root></div></body></html>',
      assets,
    );
    expect(beforeHead).toBe(
      '<html><head><style data-href="a.css">p{margin:0}</style>' +
        '<style data-href="b.css">p{background:url(/b.png)}</style>' +
        '<script>window.__BLOG_CONFIG__ = {"cmsUrl":"http://cms.test\\u003c/script>"};</script>',
    );
  });

  it('takes the shell’s scripts out of its head, for the page to start them, checked against their hashes', () => {
    const { beforeHead, scripts } = documentTemplate(
      '<html><head><link rel=preload as=script href=/870.js fetchpriority=low>' +
        '<script defer src=/main.1234abcd.js></script></head><body><div id=root></div></body></html>',
      assets,
    );
    expect(beforeHead).toBe('<html><head>');
    expect(scripts).toEqual({
      preloads: ['/870.js'],
      entries: [{ src: '/main.1234abcd.js', integrity: sri('run()') }],
    });
  });

  it('refuses a page it could not render into', () => {
    expect(() => documentTemplate('<html><head></head><body></body></html>', assets)).toThrow(
      /no <\/head> and <div id="root">/,
    );
  });
});
