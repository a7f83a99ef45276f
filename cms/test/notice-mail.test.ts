import { escapeHtml } from '../src/lib/html';
import { contactMail, commentMail, oneLine, plainAddress } from '../src/lib/notice-mail';
import { retryDelay } from '../src/lib/notifications';

const context = { to: 'author@example.test', adminUrl: 'http://cms.test/admin/' };
const contact = (email: string, message = 'Hello') => ({
  documentId: `doc-${email}`,
  first_name: 'Jane',
  last_name: 'Doe',
  email,
  phone: '+1 555',
  message,
  createdAt: '2026-11-26T02:10:00.000Z',
});

describe('the notices emails', () => {
  it('keeps one-line text on one line and takes only plain addresses', () => {
    expect(oneLine(' Eve\r\nBcc: x@example.com\u2028 ')).toBe('Eve Bcc: x@example.com');
    expect(plainAddress('jane@example.test')).toBe('jane@example.test');
    for (const bad of ['x@example.com\r\nBcc: y@example.com', 'a@b.c, d@e.f', 'Jane <j@e.f>', 'j@localhost', '@e.f']) {
      expect(plainAddress(bad)).toBeUndefined();
    }
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });

  it('replies to the one visitor who wrote, never to several at once', () => {
    expect(contactMail([contact('jane@example.test')], context).replyTo).toBe('jane@example.test');
    const two = [contact('jane@example.test', 'One'), contact('jane@example.test', 'Two')];
    expect(contactMail(two, context)).toMatchObject({
      replyTo: 'jane@example.test',
      subject: '2 new messages on the blog',
    });
    const others = contactMail([contact('jane@example.test'), contact('joe@example.test')], context);
    expect(others.replyTo).toBeUndefined();
    expect(contactMail([contact('x@example.com\nBcc: y@example.com')], context).replyTo).toBeUndefined();
  });

  it('lists every comment with its admin link, escaped in HTML', () => {
    const mail = commentMail(
      [
        {
          documentId: 'c1',
          article: 'A\r\nB',
          name: '<i>Ann</i>',
          comment: 'x <b>y</b>',
          createdAt: '2026-11-26T02:10:00Z',
        },
        { documentId: 'c2', article: 'A', name: 'Bo', comment: 'Second', createdAt: '2026-11-26T02:11:00Z' },
      ],
      context,
    );
    expect(mail.subject).toBe('2 comments awaiting moderation');
    expect(mail.text).toContain('Article: A B\nName: <i>Ann</i>\nReceived: 2026-11-26 02:10 UTC\n\nx <b>y</b>');
    expect(mail.text).toContain('http://cms.test/admin/content-manager/collection-types/api::comment.comment/c2');
    expect(mail.html).toContain('&lt;i&gt;Ann&lt;/i&gt;');
    expect(mail.html).not.toContain('<b>y</b>');
    expect(commentMail([{ documentId: 'c', article: 'A\nB', createdAt: '' }], context).subject).toBe(
      'Comment awaiting moderation on "A B"',
    );
  });

  it('waits twice as long after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelay(30_000, attempts))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(30_000, 20)).toBe(3_600_000);
  });
});
