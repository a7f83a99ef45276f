import { documentTemplate } from './document';

describe('the document template', () => {
  it('cuts the minified build around the head’s end and the root, without the build’s title and description', () => {
    const template = documentTemplate(
      '<!doctype html><html><head><meta charset=utf-8><meta name=description content="Site"><title>Site</title>' +
        '<script>theme()</script></head><body><div id=root></div><script src=/x.js></script></body></html>',
    );
    expect(template.beforeHead).toBe('<!doctype html><html><head><meta charset=utf-8><script>theme()</script>');
    expect(template.beforeApp).toBe('</head><body><div id=root>');
    expect(template.afterApp).toBe('<script src=/x.js></script></body></html>');
  });

  it('refuses a page it could not render into', () => {
    expect(() => documentTemplate('<html><head></head><body></body></html>')).toThrow(/no <\/head> and <div id="root">/);
  });
});
