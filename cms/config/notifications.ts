import path from 'path';
import type { Core } from '@strapi/strapi';
import type { NotifierOptions } from '../src/lib/notifications';
import { dataDir } from './database';

/** The author's email notices of contact messages and comments (docs/operating/email-notices.md). */
const config = ({ env }: Core.Config.Shared.ConfigParams): NotifierOptions => ({
  /** Who is told; none means the email of the contact details. */
  authorEmail: env('BLOG_AUTHOR_EMAIL', ''),
  /** The admin panel's address for the links; none means Strapi's own (`admin.absoluteUrl`). */
  adminUrl: env('BLOG_ADMIN_URL', ''),
  intervalMs: env.float('BLOG_NOTIFY_MINUTES', 1) * 60_000,
  retryMs: env.float('BLOG_NOTIFY_RETRY_SECONDS', 30) * 1000,
  /** Without an SMTP server, each email is written here as an .eml file. */
  outbox: env('SMTP_URL', '') ? undefined : path.resolve(dataDir(env), env('BLOG_MAIL_DIR', 'outbox')),
});

export default config;
