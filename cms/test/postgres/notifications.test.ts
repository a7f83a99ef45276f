import { randomUUID } from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { TEST_ENV } from '../support/global-setup';
import { mailsWith, post, startSmtpServer, type SmtpServer } from '../support/smtp';
import { startStrapi, type StrapiProcess } from '../support/strapi-process';

describe('email notices from two CMS processes on one PostgreSQL database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-cms-notify-pair-'));
  let smtp: SmtpServer;
  let pair: StrapiProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = {
      ...TEST_ENV,
      GEOCODER_URL: '',
      SMTP_URL: smtp.url,
      BLOG_AUTHOR_EMAIL: 'author@example.test',
      BLOG_NOTIFY_MINUTES: '0.05',
    };
    pair = await Promise.all([startStrapi({ dataDir, env }), startStrapi({ dataDir, env })]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(pair.map((cms) => cms.stop()));
    await smtp?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each notice once, whichever process took it', async () => {
    const marker = randomUUID();
    const comments = Array.from({ length: 12 }, (_, index) => `Pair ${marker} #${index}.`);
    // Spread over time and over both processes, so that both hold queued notices at once.
    for (const [index, comment] of comments.entries()) {
      const answer = await post(pair[index % 2], 'comments', { name: 'Reader', comment, article: 'Pair' });
      expect(answer.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const all = (found: string[]) => comments.every((comment) => found.some((text) => text.includes(comment)));
    await mailsWith(smtp, marker, (mails) => all(mails.map((mail) => mail.text)), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const texts = (await mailsWith(smtp, marker, () => true)).map((mail) => mail.text);
    for (const comment of comments) {
      expect(texts.filter((text) => text.includes(comment))).toHaveLength(1);
    }
  }, 120_000);
});
