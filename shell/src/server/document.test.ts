import { documentTemplate } from './document';

const assets = { config: { cmsUrl: 'http://cms.test</script>' }, rules: (href: string) => (href === '/a.css' ? 'p{margin:0}' : undefined) };

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

  it('writes the configuration and the shell’s stylesheets into the page, escaped, linking those it cannot, named as webpack looks for them', () => {
    const { beforeHead } = documentTemplate(
      '<html><head><link rel=stylesheet href=/a.css><link rel="stylesheet" href="/b.css"><script src=/config.js></script></head>' +
        '<body><div id=root></div></body></html>',
      assets,
    );
    expect(beforeHead).toBe(
      '<html><head><style data-href="a.css">p{margin:0}</style><link rel="stylesheet" href="/b.css" data-href="b.css">' +
        '<script>window.__BLOG_CONFIG__ = {"cmsUrl":"http://cms.test\\u003c/script>"};</script>',
    );
  });

  it('refuses a page it could not render into', () => {
    expect(() => documentTemplate('<html><head></head><body></body></html>', assets)).toThrow(/no <\/head> and <div id="root">/);
  });
});
