/**
 * The SMTP sink of the API's tests (apps/api/src/test/smtp-sink.ts) holding one chosen mail halfway: it
 * takes the mail's DATA but never answers it, so the sender's job is under way and unfinished for as long
 * as the run wants. Every other mail, and that one's later copies, is accepted at once. It counts the
 * copies of the chosen mail it accepted.
 */
import { startSmtpSink, type ReceivedMail } from '../apps/api/src/test/smtp-sink';

export interface StallingSmtpSink {
  port: number;
  /** Resolves when the chosen mail's DATA has arrived and is being held. */
  stalled: Promise<void>;
  /** Copies of the chosen mail accepted (answered 250), each with when. */
  readonly accepted: number[];
  /** Every other mail accepted: the subjects, for telling what the queue was busy with. */
  readonly others: string[];
  close(): Promise<void>;
}

export async function startStallingSmtpSink(chosen: {
  to: string;
  subject: string;
}): Promise<StallingSmtpSink> {
  let holding = false;
  let onStall!: () => void;
  const stalled = new Promise<void>((resolve) => (onStall = resolve));
  const isChosen = (mail: ReceivedMail) =>
    mail.to.some((address) => address.toLowerCase() === chosen.to) &&
    mail.raw.includes(`Subject: ${chosen.subject}`);
  const sink = await startSmtpSink({
    // The first copy: never answered. The sender waits for the 250 until it is killed.
    hold: (mail) => {
      if (holding || !isChosen(mail)) return false;
      holding = true;
      onStall();
      return true;
    },
  });
  return {
    port: Number(new URL(sink.url).port),
    stalled,
    get accepted() {
      return sink.mails.filter(isChosen).map((mail) => mail.at);
    },
    get others() {
      return sink.mails
        .filter((mail) => !isChosen(mail))
        .map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '');
    },
    close: () => sink.close(),
  };
}
