import path from 'path';
import type { NotifierOptions } from '../src/lib/notifications';
import { cmsSettings } from '../src/settings';
import { dataDir } from './database';

/** The author's email notices of contact messages and comments (docs/operating/email-notices.md). */
const config = (): NotifierOptions => {
  const settings = cmsSettings();
  return {
    /** Who is told; none means the email of the contact details. */
    authorEmail: settings.BLOG_AUTHOR_EMAIL,
    /** The admin panel's address for the links; none means Strapi's own (`admin.absoluteUrl`). */
    adminUrl: settings.BLOG_ADMIN_URL,
    intervalMs: settings.BLOG_NOTIFY_MINUTES * 60_000,
    retryMs: settings.BLOG_NOTIFY_RETRY_SECONDS * 1000,
    /** Without an SMTP server, each email is written here as an .eml file. */
    outbox: settings.SMTP_URL ? undefined : path.resolve(dataDir(settings), settings.BLOG_MAIL_DIR),
  };
};

export default config;
