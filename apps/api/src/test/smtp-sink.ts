import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it. */
export interface ReceivedMail {
  /** The envelope's sender; undefined for a null sender. */
  from: string | undefined;
  to: string[];
  /** The message as it came, headers included. */
  raw: string;
  /** The same with quoted-printable undone, to search the bodies' text. */
  text: string;
  /** When its DATA ended (performance.now()), for timing a delivery. */
  at: number;
}

export interface SmtpSinkOptions {
  /**
   * Whether to hold this mail: take its DATA and never answer it, so the sender waits (the job sending it
   * stays under way) until its connection is cut. A held mail is not kept in `mails`.
   */
  hold?: (mail: ReceivedMail) => boolean;
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

/**
 * A real SMTP server on loopback that keeps what it receives, for tests of what the app mails and for the
 * bench's fault runs (`hold`).
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
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
        const from = session.envelope.mailFrom;
        const mail = {
          from: from ? from.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
          at: performance.now(),
        };
        if (options.hold?.(mail)) return;
        mails.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    mails,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    refuse: (value) => {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
