/**
 * An SMTP server on loopback (the smtp-server package, as e2e/smtp-sink.ts and the API's SMTP test use)
 * that holds one chosen mail halfway: it takes the mail's DATA but never answers it, so the sender's
 * job is under way and unfinished for as long as the run wants. Every other mail, and that one's later
 * copies, is accepted at once. It counts the copies of the chosen mail it accepted.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface StallingSmtpSink {
  port: number;
  /** Resolves when the chosen mail's DATA has arrived and is being held. */
  stalled: Promise<void>;
  /** Copies of the chosen mail accepted (answered 250), each with when. */
  accepted: number[];
  /** Every other mail accepted: the subjects, for telling what the queue was busy with. */
  others: string[];
  close(): Promise<void>;
}

export async function startStallingSmtpSink(chosen: {
  to: string;
  subject: string;
}): Promise<StallingSmtpSink> {
  let holding = false;
  let onStall!: () => void;
  const stalled = new Promise<void>((resolve) => (onStall = resolve));
  const accepted: number[] = [];
  const others: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const isChosen =
          session.envelope.rcptTo.some((r) => r.address.toLowerCase() === chosen.to) &&
          raw.includes(`Subject: ${chosen.subject}`);
        if (!isChosen) {
          others.push(/^Subject: (.*)$/m.exec(raw)?.[1] ?? '');
          return callback();
        }
        if (!holding) {
          // The first copy: never answered. The sender waits for the 250 until it is killed.
          holding = true;
          onStall();
          return;
        }
        accepted.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    stalled,
    accepted,
    others,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
