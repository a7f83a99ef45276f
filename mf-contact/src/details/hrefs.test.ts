import { mailtoHref, telHref } from './hrefs';

describe('telHref', () => {
  it('keeps the plus and the digits a dialler needs', () => {
    expect(telHref('+57 605 358 2741')).toBe('tel:+576053582741');
    expect(telHref(' (605) 358-2741 ')).toBe('tel:6053582741');
  });

  it('is null for a phone without digits', () => {
    expect(telHref('call me')).toBeNull();
  });
});

describe('mailtoHref', () => {
  it('writes to the address', () => {
    expect(mailtoHref(' contact@example.test ')).toBe('mailto:contact@example.test');
  });

  it('is null for what is not one address', () => {
    expect(mailtoHref('')).toBeNull();
    expect(mailtoHref('a@example.test?bcc=b@example.test')).toBeNull();
    expect(mailtoHref('a@example.test b@example.test')).toBeNull();
  });
});
