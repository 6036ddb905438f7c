import { randomBytes } from 'node:crypto';
import { smsSegments, type SimulatedSms, type SmsInbox, type SmsRoute } from '@freightlane/domain';
import { DelayedWork } from '../../lib/delayed-work';
import { termiiNumber, termiiSignature, TERMII_SIGNATURE_HEADER, type TermiiSendRequest } from './termii';

// The simulated gateway's memory (development and tests only): what each phone received, and the delivery
// reports it still owes. One per app, carried on the app context, so two apps in one process never see
// each other's messages.

/**
 * Numbers the simulator treats specially, so failures can be shown and tested:
 * - ending in 0000: the network cannot deliver (`Message Failed`);
 * - ending in 1111: on the Do-Not-Disturb register, so the generic route fails (`DND Active`) and only the
 *   dnd route delivers;
 * - ending in 9999: refused at once as an invalid number (400), so nothing is sent.
 * Every other number receives its message (`DELIVERED`).
 */
export const SIMULATED_NUMBERS = {
  undeliverable: '0000',
  doNotDisturb: '1111',
  invalid: '9999',
} as const;

/** A long development session keeps its newest messages; older ones are forgotten. */
const MAX_MESSAGES = 10_000;
const REPORT_TIMEOUT_MS = 10_000;

interface Logger {
  warn: (obj: object, msg: string) => void;
}

interface Held extends Omit<SimulatedSms, 'receivedAt' | 'reportedAt'> {
  receivedAt: Date;
  reportedAt: Date | null;
  /** The fate the delivery report will announce. */
  fate: { status: 'DELIVERED' | 'FAILED'; words: string };
}

/** A handset shows letters outside GSM-7 as `?` when the text was sent as plain GSM-7. */
function asReceived(text: string, type: TermiiSendRequest['type']): string {
  if (type === 'unicode' || smsSegments(text).encoding === 'GSM_7') return text;
  return Array.from(text, (char) => (smsSegments(char).encoding === 'GSM_7' ? char : '?')).join('');
}

/** Termii's `sent_at`: Lagos wall time, `YYYY-MM-DD HH:mm:ss`. */
function termiiTime(at: Date): string {
  return new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export class TermiiSimulator {
  private readonly messages = new Map<string, Held>();
  private readonly owedReports: DelayedWork;
  private balanceKobo = 1_000_000;

  constructor(
    private readonly options: {
      /** The key callers must send in the body, as Termii's api_key. */
      apiKey: string;
      /** The delivery reports' signing key. */
      secretKey: string;
      /** Where the signed delivery reports go: the API's own webhook route. */
      webhookUrl: string;
      priceKobo: number;
      /** How long after sending the delivery report follows. */
      reportDelayMs: number;
    },
  ) {
    this.owedReports = new DelayedWork(options.reportDelayMs);
  }

  get apiKey(): string {
    return this.options.apiKey;
  }

  /** The handset takes the message: kept in its inbox, its delivery report owed. Null for an invalid number. */
  receive(request: TermiiSendRequest, now: Date = new Date()): Held | null {
    if (request.to.endsWith(SIMULATED_NUMBERS.invalid)) return null;
    const text = asReceived(request.sms, request.type);
    const { encoding, segments } = smsSegments(text);
    const route: SmsRoute = request.channel === 'generic' ? 'generic' : 'dnd';
    const held: Held = {
      messageId: randomBytes(8).readBigUInt64BE().toString(),
      to: `+${request.to}`,
      from: request.from,
      text,
      route,
      encoding,
      segments,
      costKobo: segments * this.options.priceKobo,
      status: 'SENT',
      providerStatus: 'Message Sent',
      receivedAt: now,
      reportedAt: null,
      fate: this.fateOf(request.to, route),
    };
    this.balanceKobo -= held.costKobo;
    this.messages.set(held.messageId, held);
    this.forgetOldest();
    return held;
  }

  /** What is left on the simulated account, in naira as Termii answers it. */
  get balanceNaira(): number {
    return this.balanceKobo / 100;
  }

  /** Sends the message's delivery report after the delay, as the gateway would once the network answers. */
  scheduleReport(messageId: string, log: Logger): void {
    this.owedReports.schedule(messageId, () => this.report(messageId, log));
  }

  /** Sends every owed delivery report now and waits for all of them (tests; the page's "now" is the delay). */
  async flush(): Promise<void> {
    await this.owedReports.flush();
  }

  /** Drops the delivery reports still owed: the app is closing, or a test posts its own. */
  dropOwedReports(): void {
    this.owedReports.drop();
  }

  /** The inbox: each phone with its messages newest first, phones by their newest message; or one phone's. */
  inbox(phone?: string): SmsInbox {
    const byPhone = new Map<string, SimulatedSms[]>();
    const newestFirst = [...this.messages.values()].reverse();
    for (const held of newestFirst) {
      if (phone !== undefined && held.to !== phone) continue;
      const list = byPhone.get(held.to) ?? [];
      list.push(this.view(held));
      byPhone.set(held.to, list);
    }
    return { phones: [...byPhone].map(([number, messages]) => ({ phone: number, messages })) };
  }

  private fateOf(number: string, route: SmsRoute): Held['fate'] {
    if (number.endsWith(SIMULATED_NUMBERS.undeliverable))
      return { status: 'FAILED', words: 'Message Failed' };
    if (number.endsWith(SIMULATED_NUMBERS.doNotDisturb) && route === 'generic') {
      return { status: 'FAILED', words: 'DND Active' };
    }
    return { status: 'DELIVERED', words: 'DELIVERED' };
  }

  private view(held: Held): SimulatedSms {
    const { fate: _fate, receivedAt, reportedAt, ...shown } = held;
    return { ...shown, receivedAt: receivedAt.toISOString(), reportedAt: reportedAt?.toISOString() ?? null };
  }

  /** Posts the signed delivery report, as Termii does; a failure is logged, not fatal. */
  private async report(messageId: string, log: Logger): Promise<void> {
    const held = this.messages.get(messageId);
    if (!held || held.reportedAt) return;
    held.status = held.fate.status;
    held.providerStatus = held.fate.words;
    held.reportedAt = new Date();
    const body = JSON.stringify({
      type: 'sms',
      id: held.messageId,
      message_id: held.messageId,
      receiver: termiiNumber(held.to),
      sender: held.from,
      message: held.text,
      sent_at: termiiTime(held.receivedAt),
      cost: (held.costKobo / 100).toFixed(2),
      status: held.fate.words,
      channel: held.route,
    });
    try {
      const response = await fetch(this.options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TERMII_SIGNATURE_HEADER]: termiiSignature(this.options.secretKey, body),
        },
        body,
        signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
      });
      if (!response.ok) log.warn({ status: response.status }, 'the simulated delivery report was refused');
    } catch (err) {
      log.warn(
        { err, webhookUrl: this.options.webhookUrl },
        'the simulated delivery report could not be delivered',
      );
    }
  }

  private forgetOldest(): void {
    while (this.messages.size > MAX_MESSAGES) {
      const [oldest] = this.messages.keys();
      if (oldest === undefined) return;
      this.messages.delete(oldest);
      this.owedReports.cancel(oldest);
    }
  }
}
