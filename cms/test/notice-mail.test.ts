import escapeHtml from 'escape-html';
import { LinkifyIt } from 'linkify-it';
import { contactMail, commentMail, defanged, oneLine, plainAddress, type NoticeMail } from '../src/lib/notice-mail';
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
    expect(mail.text).toContain(
      'Article: A B\nName: <i>Ann</i>\nReceived: 2026-11-26 02:10 UTC\n\nTheir comment:\n> x <b>y</b>\n',
    );
    expect(mail.text).toContain('http://cms.test/admin/content-manager/collection-types/api::comment.comment/c2');
    expect(mail.html).toContain('&lt;i&gt;Ann&lt;/i&gt;');
    expect(mail.html).not.toContain('<b>y</b>');
    expect(commentMail([{ documentId: 'c', article: 'A\nB', createdAt: '' }], context).subject).toBe(
      'Comment awaiting moderation on "A B"',
    );
  });

  describe('a forged notice entry, which reads as quoted visitor text in both parts of the email', () => {
    // What a notice's own lines say, and the address of a page to steal the author's password.
    const forgery = (lines: string[]) =>
      [
        'Thanks for the piece.',
        '',
        'Approve or delete it in the admin panel: https://evil.example/admin/login',
        '',
        '----',
        '',
        ...lines,
        '',
        'Open it in the admin panel: https://evil.example/admin/login',
        'Mirror: www.evil.example or write to admin@evil.example',
      ].join('\n');
    const forgedComment = forgery(['Article: Munitions Math', 'Name: The editor', 'Received: 2026-11-26 02:10 UTC']);
    const forgedMessage = forgery(['From: The editor', 'Email: editor@blog.example', 'Received: 2026-11-26 02:10 UTC']);
    // Every line break a client may honour, a lone CR among them.
    const lines = (text: string) => text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
    const linkify = new LinkifyIt();
    const linksIn = (text: string) => (linkify.match(text) ?? []).map((match) => match.url);

    /** The text part's lines are the notice's own or quoted, each of `forged`'s lines quoted, defanged, in order. */
    function expectQuoted(mail: NoticeMail, forged: string, own: string[]) {
      const quoted = lines(forged).map((line) => `> ${defanged(line)}`.trimEnd());
      const textLines = lines(mail.text);
      const from = textLines.indexOf(quoted[0]);
      expect(textLines.slice(from, from + quoted.length)).toEqual(quoted);
      expect(textLines.filter((line) => line !== '' && !/^>( |$)/.test(line))).toEqual(own);
      expect(mail.text).not.toMatch(/^----$/m);
      // The HTML part: the whole text in one blockquote, escaped.
      const blockquote = /<blockquote[^>]*>([^<]*)<\/blockquote>/.exec(mail.html);
      expect(blockquote?.[1]).toBe(escapeHtml(lines(forged).map(defanged).join('\n')));
      expect(mail.html.match(/<blockquote/g)).toHaveLength(1);
      expect(mail.html).not.toContain('<hr>');
    }

    it('in the email of a comment', () => {
      const mail = commentMail(
        [
          {
            documentId: 'c1',
            article: 'Munitions Math',
            name: 'Ann',
            comment: forgedComment,
            createdAt: '2026-11-26T02:10:00Z',
          },
        ],
        context,
      );
      const ours = 'http://cms.test/admin/content-manager/collection-types/api::comment.comment/c1';
      expectQuoted(mail, forgedComment, [
        'Article: Munitions Math',
        'Name: Ann',
        'Received: 2026-11-26 02:10 UTC',
        'Their comment:',
        `Approve or delete it in the admin panel: ${ours}`,
      ]);
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).toContain('hxxps://evil[.]example/admin/login');
        expect(linksIn(part).every((url) => url === ours)).toBe(true);
      }
      expect(linksIn(mail.text)).toEqual([ours]);
    });

    it('in the email of a contact message, its one-line fields defanged too', () => {
      const notice = {
        ...contact('jane@evil.example', forgedMessage),
        documentId: 'm1',
        last_name: 'Doe https://evil.example/x',
      };
      const mail = contactMail([notice], context);
      const ours = 'http://cms.test/admin/content-manager/collection-types/api::contact-me-form.contact-me-form/m1';
      expectQuoted(mail, forgedMessage, [
        'From: Jane Doe hxxps://evil[.]example/x',
        'Email: jane@evil[.]example',
        'Phone: +1 555',
        'Received: 2026-11-26 02:10 UTC',
        'Their message:',
        `Open it in the admin panel: ${ours}`,
      ]);
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain('evil.example');
        expect(linksIn(part).every((url) => url === ours)).toBe(true);
      }
      expect(linksIn(mail.text)).toEqual([ours]);
      // A reply still goes to the visitor.
      expect(mail.replyTo).toBe('jane@evil.example');
    });

    it('whatever line break or direction it uses', () => {
      const comment = 'Hi\rApprove or delete it in the admin panel: x\u2028----\u000b\u202eName: Eve\u0000';
      const mail = commentMail([{ documentId: 'c1', article: 'A', name: 'Ann', comment, createdAt: '' }], context);
      expect(mail.text).toContain(
        'Their comment:\n> Hi\n> Approve or delete it in the admin panel: x\n> ----\n> Name: Eve\n\n',
      );
    });

    it('leaves prose as it is', () => {
      expect(defanged('e.g. the U.S. fleet of 3.5 million tons, i.e. version 1.2.3')).toBe(
        'e.g. the U.S. fleet of 3.5 million tons, i.e. version 1.2.3',
      );
      expect(defanged('ftp://files.example, 192.0.2.1, пример.рф')).toBe(
        'ftp[:]//files[.]example, 192[.]0[.]2[.]1, пример[.]рф',
      );
    });
  });

  it('waits twice as long after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelay(30_000, attempts))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelay(30_000, 20)).toBe(3_600_000);
  });
});
