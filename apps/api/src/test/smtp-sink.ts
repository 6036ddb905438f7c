import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it. */
export interface ReceivedMail {
  to: string[];
  /** The message as it came, headers included. */
  raw: string;
  /** The same with quoted-printable undone, to search the bodies' text. */
  text: string;
}

/** Undoes quoted-printable soft line breaks and escapes (bytes of UTF-8), so the raw text can be searched. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface SmtpSink {
  /** Every mail accepted so far, oldest first. */
  mails: ReceivedMail[];
  /** The SMTP_URL the app sends through. */
  url: string;
  /** While true, each mail is refused with a temporary failure (451), as a busy mailbox does. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, for tests of what the app mails. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let refusing = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  return {
    mails,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    refuse: (value) => {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
