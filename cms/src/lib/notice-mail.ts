/**
 * What the author is told by email, built from what visitors wrote: pure functions, so that the
 * rules that keep a visitor's text harmless are tested on their own. A visitor's text is shown as
 * text (escaped in the HTML part, its addresses defanged so no client makes a link of them), set
 * apart from the notice's own lines (quoted with `> `, in a <blockquote>), and never reaches a
 * header with a line break.
 */

import escapeHtml from 'escape-html';

export const NOTICE_KINDS = ['contact', 'comment'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A contact message, as it was stored. */
export interface ContactNotice {
  documentId: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  message?: string;
  createdAt: string;
}

/** A comment waiting for the author's approval, as it was stored. */
export interface CommentNotice {
  documentId: string;
  article?: string;
  name?: string;
  comment?: string;
  createdAt: string;
}

export interface NoticeOf {
  contact: ContactNotice;
  comment: CommentNotice;
}

/** An email for Strapi's email service. */
export interface NoticeMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface MailContext {
  to: string;
  /** The admin panel's address (`http://localhost:1337/admin`). */
  adminUrl: string;
}

// eslint-disable-next-line no-control-regex -- control characters are what is taken out
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// One address, nothing a mail header could read as a second one, a name or a comment.
const PLAIN_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(\.[^\s@<>()[\]\\,;:".]+)+$/;

/** A visitor's one-line text (a name, an address): no line break or other control character survives. */
export function oneLine(value: string | undefined): string {
  return (value ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** The visitor's email when it is one plain address (a Reply-To may carry it), otherwise none. */
export function plainAddress(value: string | undefined): string | undefined {
  const address = (value ?? '').trim();
  return PLAIN_ADDRESS.test(address) && address.length <= 254 ? address : undefined;
}

// Every line break a mail client or a transfer encoding may honour, a lone CR included.
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- control characters are what is taken out
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;
// Bidirectional controls could show a line right to left, its `> ` at the far end.
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// `http://` and `https://`; the `://` of any other scheme (`ftp://`); a dotted run of letters, digits and hyphens.
const HTTP = /(h)tt(ps?):\/\//gi;
const OTHER_SCHEME = /(?<!hxxps?):\/\//gi;
const DOTTED = /(?<![\p{L}\p{N}-])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/**
 * Whether a dotted run names a host (`evil.example`, `www.evil.example`, the host of
 * `jane@evil.example`, `192.0.2.1`): a label after the first of two characters or more that begins
 * with a letter, or four numbers. `e.g.`, `U.S.` and `3.5` are prose.
 */
const isHost = (run: string) =>
  run
    .split('.')
    .slice(1)
    .some((label) => /^\p{L}[\p{L}\p{N}-]/u.test(label)) || /^\d+(\.\d+){3}$/.test(run);

/**
 * A visitor's text with its addresses defanged: `https://evil.example/x` reads
 * `hxxps://evil[.]example/x`, `ftp://` `ftp[:]//`, `jane@evil.example` `jane@evil[.]example`.
 * The author still reads the address, and no mail client links it: autolinkers look for a known
 * scheme or a dotted host and find neither. (Zero-width characters in it would leave an address
 * that looks like a working link, and that some clients still link once they drop them.)
 */
export function defanged(value: string): string {
  return value
    .replace(HTTP, '$1xx$2://')
    .replace(OTHER_SCHEME, '[:]//')
    .replace(DOTTED, (run) => (isHost(run) ? run.replaceAll('.', '[.]') : run));
}

/** A visitor's text of several lines, one string a line, with nothing in a line that could end it or turn it about. */
const visitorLines = (value: string) =>
  defanged(value.replace(BIDI_CONTROL, ''))
    .split(LINE_BREAK)
    .map((line) => line.replace(CONTROL_BUT_TAB, ' ').trimEnd());

const shorten = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** A document's page in the admin panel. */
export function adminLink(adminUrl: string, uid: string, documentId: string): string {
  return `${adminUrl.replace(/\/+$/, '')}/content-manager/collection-types/${uid}/${encodeURIComponent(documentId)}`;
}

const received = (createdAt: string) => {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** One notice in the email: labelled one-line fields, the visitor's text under our heading for it, and our own link. */
interface Entry {
  fields: [string, string][];
  bodyHeading: string;
  body: string;
  link: { label: string; href: string };
}

/**
 * Each line is either the notice's own (a label, a heading, the link, the separator) or begins
 * with `> `: a visitor's text, however it is laid out, never reads as a line of a notice.
 */
function render(entries: Entry[]): { text: string; html: string } {
  const text = entries
    .map(({ fields, bodyHeading, body, link }) =>
      [
        ...fields.map(([label, value]) => `${label}: ${defanged(value)}`),
        '',
        `${bodyHeading}:`,
        ...visitorLines(body).map((line) => `> ${line}`.trimEnd()),
        '',
        `${link.label}: ${link.href}`,
      ].join('\n'),
    )
    .join('\n\n----\n\n');
  const html = entries
    .map(({ fields, bodyHeading, body, link }) =>
      [
        '<div style="margin:0 0 24px">',
        ...fields.map(([label, value]) => `<div><b>${escapeHtml(label)}:</b> ${escapeHtml(defanged(value))}</div>`),
        `<div style="margin-top:12px">${escapeHtml(bodyHeading)}:</div>`,
        '<blockquote style="margin:4px 0 12px;padding:0 0 0 12px;border-left:3px solid #999;white-space:pre-wrap">' +
          `${escapeHtml(visitorLines(body).join('\n'))}</blockquote>`,
        `<div><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></div>`,
        '</div>',
      ].join('\n'),
    )
    .join('\n<hr>\n');
  return { text: `${text}\n`, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n` };
}

const fullName = (notice: ContactNotice) =>
  oneLine([notice.first_name, notice.last_name].filter(Boolean).join(' ')) || 'Someone';

export function contactMail(notices: ContactNotice[], context: MailContext): NoticeMail {
  const entries = notices.map((notice) => ({
    fields: [
      ['From', fullName(notice)],
      ['Email', oneLine(notice.email)],
      ['Phone', oneLine(notice.phone)],
      ['Received', received(notice.createdAt)],
    ] as [string, string][],
    bodyHeading: 'Their message',
    body: notice.message ?? '',
    link: {
      label: 'Open it in the admin panel',
      href: adminLink(context.adminUrl, 'api::contact-me-form.contact-me-form', notice.documentId),
    },
  }));
  // A reply goes to the one visitor who wrote; several visitors' addresses are never put together.
  const senders = new Set(notices.map((notice) => plainAddress(notice.email)));
  const [replyTo] = senders.size === 1 ? [...senders] : [];
  const subject =
    notices.length === 1
      ? `New message from ${shorten(fullName(notices[0]), 80)}`
      : `${notices.length} new messages on the blog`;
  return { to: context.to, subject, ...render(entries), ...(replyTo ? { replyTo } : {}) };
}

export function commentMail(notices: CommentNotice[], context: MailContext): NoticeMail {
  const entries = notices.map((notice) => ({
    fields: [
      ['Article', oneLine(notice.article)],
      ['Name', oneLine(notice.name)],
      ['Received', received(notice.createdAt)],
    ] as [string, string][],
    bodyHeading: 'Their comment',
    body: notice.comment ?? '',
    link: {
      label: 'Approve or delete it in the admin panel',
      href: adminLink(context.adminUrl, 'api::comment.comment', notice.documentId),
    },
  }));
  const subject =
    notices.length === 1
      ? `Comment awaiting moderation on "${shorten(oneLine(notices[0].article), 80)}"`
      : `${notices.length} comments awaiting moderation`;
  return { to: context.to, subject, ...render(entries) };
}

/** The one email that lists `notices` (as they were queued), all of one kind. */
export function noticeMail(kind: NoticeKind, notices: unknown[], context: MailContext): NoticeMail {
  return kind === 'contact'
    ? contactMail(notices as ContactNotice[], context)
    : commentMail(notices as CommentNotice[], context);
}
