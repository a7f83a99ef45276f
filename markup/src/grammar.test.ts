import { safeHref } from './grammar';

describe('safeHref', () => {
  it.each([
    'https://example.com',
    'HTTP://example.com',
    'mailto:a@example.com',
    '/Articles',
    'notes.html',
    '#top',
    '?title=x',
  ])('allows %p', (target) => {
    expect(safeHref(target)).toBe(target);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\u0000javascript:alert(1)',
    ' \t javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '',
  ])('refuses %p', (target) => {
    expect(safeHref(target)).toBeNull();
  });

  it('gives the address as the browser would read it', () => {
    expect(safeHref('  https://example.com/a\tb ')).toBe('https://example.com/ab');
  });
});
