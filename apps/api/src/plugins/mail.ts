import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
}

export interface OutboxEntry extends MailMessage {
  id: string;
  from: string;
  links: string[];
  createdAt: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

export function linksIn(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])];
}

/** Real delivery through any SMTP server (smtp://user:pass@host:port or smtps://…). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Without SMTP, each message is written as a JSON file so developers and tests can read it. */
export function outboxMailer(dir: string, from: string): Mailer {
  // Two messages sent in one millisecond must still read back in the order they were sent,
  // so each name takes a time at least one millisecond after the previous one of this mailer.
  let lastStamp = 0;
  return {
    kind: 'outbox',
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      lastStamp = Math.max(Date.now(), lastStamp + 1);
      const createdAt = new Date(lastStamp);
      // The name sorts by time; the random tail keeps messages of two processes apart.
      const id = `${createdAt.getTime().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}`;
      const entry: OutboxEntry = {
        id,
        from,
        ...message,
        links: linksIn(message.text),
        createdAt: createdAt.toISOString(),
      };
      await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
    },
    close: () => undefined,
  };
}

/** The newest messages first, optionally only those to one address. */
export async function readOutbox(
  dir: string,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const files = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse();
  const entries: OutboxEntry[] = [];
  for (const name of files) {
    if (entries.length >= (options.limit ?? 50)) break;
    const entry = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxEntry;
    if (options.to && entry.to.toLowerCase() !== options.to.toLowerCase()) continue;
    entries.push(entry);
  }
  return entries;
}

export const MAIL_JOB = 'mail.send';
