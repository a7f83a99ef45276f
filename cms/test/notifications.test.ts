import { randomUUID } from 'crypto';
import fs from 'fs';
import path from 'path';
import { TEST_ENV } from './support/global-setup';
import { headersOf, mailsWith, post, startSmtpServer, type ReceivedMail, type SmtpServer } from './support/smtp';
import { freePort, startStrapi, type StrapiProcess } from './support/strapi-process';

const AUTHOR = 'author@example.test';
const NOTIFY_SECONDS = 3;
const notifyEnv = (smtpUrl: string) => ({
  ...TEST_ENV,
  // The burst below comes from 20 visitors; each test's visitor is new.
  GEOCODER_URL: '',
  SMTP_URL: smtpUrl,
  BLOG_AUTHOR_EMAIL: AUTHOR,
  BLOG_NOTIFY_MINUTES: String(NOTIFY_SECONDS / 60),
  BLOG_NOTIFY_RETRY_SECONDS: '0.5',
  BLOG_ADMIN_URL: 'http://cms.test/admin',
});

const settle = () => new Promise((resolve) => setTimeout(resolve, (NOTIFY_SECONDS + 1) * 1000));

describe('email notices to the author, through a real SMTP server', () => {
  let smtp: SmtpServer;
  let cms: StrapiProcess;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    cms = await startStrapi({ env: notifyEnv(smtp.url) });
  }, 180_000);

  afterAll(async () => {
    await cms?.stop();
    await smtp?.stop();
  });

  it('tells of a comment awaiting moderation: the article, the name, the text and its admin link', async () => {
    const marker = randomUUID();
    const article = 'Munitions Math: Why Artillery Shells Became a Strategic Commodity';
    const sent = await post(cms, 'comments', { name: 'Ana', comment: `Great read ${marker}`, article });
    expect(sent.status).toBe(200);
    const started = Date.now();
    const [mail, ...more] = await mailsWith(smtp, marker);
    expect(Date.now() - started).toBeLessThan((NOTIFY_SECONDS + 5) * 1000);
    expect(more).toEqual([]);
    expect(mail.rcptTos).toEqual([AUTHOR]);
    expect(headersOf(mail, 'Subject')).toEqual([`Comment awaiting moderation on "${article}"`]);
    const link = `http://cms.test/admin/content-manager/collection-types/api::comment.comment/${sent.documentId}`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(`Great read ${marker}`);
      expect(part).toContain('Ana');
      expect(part).toContain(article);
      expect(part).toContain(link);
    }
    expect(mail.html).toContain(`<a href="${link}">`);
  });

  it('tells of a contact message: who, their email as Reply-To, their phone and message', async () => {
    const marker = randomUUID();
    const message = {
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.test',
      phone: '+57 3001234567',
      message: `Could we talk? ${marker}`,
    };
    const sent = await post(cms, 'contact-me-forms', message);
    expect(sent.status).toBe(200);
    const [mail, ...more] = await mailsWith(smtp, marker);
    expect(more).toEqual([]);
    expect(mail.rcptTos).toEqual([AUTHOR]);
    expect(headersOf(mail, 'Reply-To')).toEqual(['jane@example.test']);
    expect(headersOf(mail, 'Subject')).toEqual(['New message from Jane Doe']);
    for (const part of [mail.text, mail.html]) {
      // Her address defanged (no client links it): the Reply-To is the one to answer.
      for (const text of ['Jane Doe', 'jane@example[.]test', '+57 3001234567', `Could we talk? ${marker}`]) {
        expect(part).toContain(text);
      }
      expect(part).toContain(
        `http://cms.test/admin/content-manager/collection-types/api::contact-me-form.contact-me-form/${sent.documentId}`,
      );
    }
  });

  it('sends a burst of 20 comments as at most 2 emails that list all 20', async () => {
    const marker = randomUUID();
    const comments = Array.from({ length: 20 }, (_, index) => `Burst ${marker} #${index}.`);
    const answers = await Promise.all(
      comments.map((comment) => post(cms, 'comments', { name: 'Reader', comment, article: 'Burst' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(comments.map(() => 200));
    const all = (mails: ReceivedMail[]) =>
      comments.every((comment) => mails.some((mail) => mail.text.includes(comment)));
    await mailsWith(smtp, marker, all, (2 * NOTIFY_SECONDS + 10) * 1000);
    await settle();
    const mails = await mailsWith(smtp, marker, () => true);
    expect(all(mails)).toBe(true);
    expect(mails.length).toBeLessThanOrEqual(2);
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });

  it('lets no visitor input add a header or a recipient', async () => {
    const marker = randomUUID();
    const injected = { email: 'x@example.com\r\nBcc: someone@example.com', message: `Hi ${marker}` };
    // A line break in a one-line field is refused…
    expect((await post(cms, 'contact-me-forms', injected)).status).toBe(400);
    expect(
      (await post(cms, 'contact-me-forms', { first_name: 'Eve\nBcc: someone@example.com', message: marker })).status,
    ).toBe(400);
    expect(
      (await post(cms, 'comments', { name: 'Eve\r\nBcc: someone@example.com', comment: marker, article: 'A' })).status,
    ).toBe(400);
    // …and what is left of one, without it, is no address: no Reply-To, no header, no recipient.
    const flattened = { first_name: 'Eve', email: 'x@example.com Bcc: someone@example.com', message: `Hi ${marker}` };
    expect((await post(cms, 'contact-me-forms', flattened)).status).toBe(200);
    await settle();
    const mails = await mailsWith(smtp, marker);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.rcptTos).toEqual([AUTHOR]);
    expect(headersOf(mail, 'Bcc')).toEqual([]);
    expect(headersOf(mail, 'Reply-To')).toEqual([]);
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    expect(mail.text).toContain('x@example[.]com Bcc: someone@example[.]com');
  });

  it('shows visitor text as text: escaped in HTML, never a link', async () => {
    const marker = randomUUID();
    const comment = `${marker} <script>alert(1)</script> <a href="https://evil.test/">click</a> & "quotes"`;
    expect((await post(cms, 'comments', { name: '<b>Bold</b>', comment, article: 'A & B' })).status).toBe(200);
    const [mail] = await mailsWith(smtp, marker);
    expect(mail.text).toContain(`> ${comment.replace('https://evil.test/', 'hxxps://evil[.]test/')}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Bold</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt;');
    const links = [...mail.html.matchAll(/<a\s+href="([^"]*)"/g)].map(([, href]) => href);
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^http:\/\/cms\.test\/admin\/content-manager\//);
  });

  it('reads a forged notice entry as quoted visitor text in both parts of the email', async () => {
    const marker = randomUUID();
    const forged = [
      `Thanks ${marker}`,
      '',
      'Approve or delete it in the admin panel: https://evil.example/admin/login',
      '',
      '----',
      '',
      'Article: Munitions Math',
      'Name: The editor',
      'Received: 2026-11-26 02:10 UTC',
      '',
      'Approve or delete it in the admin panel: https://evil.example/admin/login',
    ];
    const sent = await post(cms, 'comments', { name: 'Ann', comment: forged.join('\r\n'), article: 'A' });
    expect(sent.status).toBe(200);
    const [mail] = await mailsWith(smtp, marker);
    const link = `http://cms.test/admin/content-manager/collection-types/api::comment.comment/${sent.documentId}`;
    const lines = mail.text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
    // Every line is the notice's own, or the visitor's quoted, their address defanged.
    expect(lines.filter((line) => line !== '' && !line.startsWith('>'))).toEqual([
      'Article: A',
      'Name: Ann',
      expect.stringMatching(/^Received: /),
      'Their comment:',
      `Approve or delete it in the admin panel: ${link}`,
    ]);
    const quoted = forged.map((line) =>
      `> ${line.replace('https://evil.example', 'hxxps://evil[.]example')}`.trimEnd(),
    );
    expect(lines.slice(lines.indexOf(quoted[0]), lines.indexOf(quoted[0]) + quoted.length)).toEqual(quoted);
    // The HTML part: all of it in one blockquote, no link but ours.
    expect(mail.html).toMatch(/<blockquote[^>]*>Thanks [^<]*Name: The editor[^<]*<\/blockquote>/);
    expect([...mail.html.matchAll(/<a\s+href="([^"]*)"/g)].map(([, href]) => href)).toEqual([link]);
    for (const part of [mail.text, mail.html]) expect(part).not.toContain('evil.example');
  });
});

describe('email notices when the mail server is down', () => {
  it('accepts the visitor and sends once the server is back, after a CMS restart too', async () => {
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    let cms = await startStrapi({ env: notifyEnv(smtpUrl) });
    let smtp: SmtpServer | undefined;
    const subjectsWith = async (marker: string) => {
      await mailsWith(smtp, marker, (found) => found.length >= 2, 30_000);
      await settle();
      return (await mailsWith(smtp, marker, () => true)).map((mail) => headersOf(mail, 'Subject')[0]).sort();
    };
    const postBoth = async (marker: string) => {
      const comment = await post(cms, 'comments', { name: 'Ana', comment: `Down ${marker}`, article: 'A' });
      const message = await post(cms, 'contact-me-forms', { first_name: 'Jo', message: `Down ${marker}` });
      expect([comment.status, message.status]).toEqual([200, 200]);
    };
    const expected = ['Comment awaiting moderation on "A"', 'New message from Jo'];
    try {
      // While nothing listens, a few attempts fail; the server comes back and the same process sends.
      const first = randomUUID();
      await postBoth(first);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      smtp = await startSmtpServer({ port });
      expect(await subjectsWith(first)).toEqual(expected);

      // Down again: the CMS stops with both still queued, and the next one sends them.
      await smtp.stop();
      const second = randomUUID();
      await postBoth(second);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await cms.stop();
      smtp = await startSmtpServer({ port, folder: smtp.folder });
      cms = await startStrapi({ dataDir: cms.dataDir, env: notifyEnv(smtpUrl) });
      expect(await subjectsWith(second)).toEqual(expected);
      expect(smtp.messages().every((mail) => mail.rcptTos.join() === AUTHOR)).toBe(true);
    } finally {
      await cms.stop();
      await smtp?.stop();
    }
  }, 150_000);
});

describe('email notices with no SMTP server', () => {
  it('writes each email as an .eml file in the mail folder', async () => {
    // An empty SMTP_URL is none.
    const cms = await startStrapi({ env: notifyEnv('') });
    try {
      const marker = randomUUID();
      expect((await post(cms, 'contact-me-forms', { first_name: 'Jo', message: `Filed ${marker}` })).status).toBe(200);
      const outbox = path.join(cms.dataDir, 'outbox');
      const deadline = Date.now() + (NOTIFY_SECONDS + 10) * 1000;
      let files: string[] = [];
      while (files.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('-contact.eml')) : [];
      }
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
      expect(eml).toMatch(/^To: author@example\.test$/m);
      expect(eml).toMatch(/^Subject: New message from Jo$/m);
      expect(eml).toContain(marker);
    } finally {
      await cms.stop();
    }
  }, 120_000);
});
