import { spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { newVisitor } from './visitor';
import { freePort, stopProcess, type StrapiProcess } from './strapi-process';

/** A message as the SMTP server received it. */
export interface ReceivedMail {
  mailFrom: string;
  rcptTos: string[];
  /** Every header, decoded, in order. */
  headers: [string, string][];
  raw: string;
  text: string;
  html: string;
}

export interface SmtpServer {
  url: string;
  port: number;
  /** Where it saves what it receives. */
  folder: string;
  /** Every message received so far, oldest first (kept across restarts on the same folder). */
  messages(): ReceivedMail[];
  stop(): Promise<void>;
}

/** A header's values (names compare case-insensitively). */
export const headersOf = (mail: ReceivedMail, name: string) =>
  mail.headers.filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => value);

/**
 * A real SMTP server (Debian's python3-aiosmtpd, which `npm test` installs) on `port` (a free one
 * by default), saving what it receives in `folder` (a new temporary one by default).
 */
export async function startSmtpServer(options: { port?: number; folder?: string } = {}): Promise<SmtpServer> {
  const port = options.port ?? (await freePort());
  const folder = options.folder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'blog-smtp-'));
  const child = spawn('/usr/bin/python3', [path.join(__dirname, 'smtp-server.py'), folder, '127.0.0.1', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`The SMTP server exited with ${code}:\n${output.join('')}`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    folder,
    messages: () =>
      fs
        .readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as ReceivedMail),
    stop: () => stopProcess(child),
  };
}

/** A visitor's public write to `cms` (`route` under /api), from an address of its own. */
export async function post(cms: StrapiProcess, route: string, data: Record<string, string>) {
  const response = await fetch(`${cms.url}/api/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newVisitor() },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { data: { documentId: string } };
  return { status: response.status, documentId: body.data?.documentId };
}

/** The emails that mention `marker`, once `done` says they are all there (or after `timeoutMs`). */
export async function mailsWith(
  smtp: SmtpServer,
  marker: string,
  done: (mails: ReceivedMail[]) => boolean = (mails) => mails.length > 0,
  timeoutMs = 15_000,
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = smtp.messages().filter((mail) => mail.text.includes(marker));
    if (done(mails) || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
