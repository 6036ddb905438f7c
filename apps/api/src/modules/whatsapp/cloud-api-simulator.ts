import { randomBytes } from 'node:crypto';
import type { SimulatedWhatsappMessage, WhatsappConversations } from '@freightlane/domain';
import { DelayedWork } from '../../lib/delayed-work';
import { waId, whatsappSignature, WHATSAPP_SIGNATURE_HEADER, type CloudSendRequest } from './cloud-api';
import { approvedTemplate, fillTemplate, type WhatsappTemplate } from './whatsapp-templates';

// The simulated Cloud API's memory (development and tests only): each phone's conversation, and the status
// notifications it still owes. One per app, carried on the app context, so two apps in one process never
// see each other's messages.

/** Numbers ending in 0000 cannot be reached: their messages fail with the Cloud API's code 131026. */
export const SIMULATED_UNDELIVERABLE = '0000';
export const UNDELIVERABLE_ERROR = { code: 131026, title: 'Message undeliverable' } as const;
/** Free-form text outside the person's 24-hour window fails as the Cloud API fails it. */
export const RE_ENGAGEMENT_ERROR = { code: 131047, title: 'Re-engagement message' } as const;
const WINDOW_MS = 24 * 60 * 60 * 1000;
/** A long development session keeps its newest messages; older ones are forgotten. */
const MAX_MESSAGES = 10_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

interface Logger {
  warn: (obj: object, msg: string) => void;
}

type OwedStatus =
  { status: 'sent' | 'delivered' | 'read' } | { status: 'failed'; error: { code: number; title: string } };

interface Held extends Omit<SimulatedWhatsappMessage, 'at'> {
  phone: string;
  at: Date;
  /** The statuses still to be posted, in order. */
  owed: OwedStatus[];
}

/** Unix seconds as a string, as the Cloud API writes timestamps. */
function unixTime(at: Date): string {
  return String(Math.floor(at.getTime() / 1000));
}

function wamid(): string {
  return `wamid.${randomBytes(24).toString('base64url')}`;
}

export class CloudApiSimulator {
  private readonly messages = new Map<string, Held>();
  private readonly owedStatuses: DelayedWork;
  /** When each phone last wrote, so free-form text outside its window fails as it would. */
  private readonly lastInbound = new Map<string, Date>();

  constructor(
    private readonly options: {
      /** The bearer token callers must send. */
      token: string;
      phoneNumberId: string;
      /** Signs the webhook notifications. */
      appSecret: string;
      /** Where the notifications go: the API's own webhook route. */
      webhookUrl: string;
      /** How long after sending the statuses follow. */
      statusDelayMs: number;
    },
  ) {
    this.owedStatuses = new DelayedWork(options.statusDelayMs);
  }

  get token(): string {
    return this.options.token;
  }

  get phoneNumberId(): string {
    return this.options.phoneNumberId;
  }

  /** The template the platform may send by this name and language, as approved in the WhatsApp Manager. */
  template(name: string, language: string): WhatsappTemplate | null {
    return approvedTemplate(name, language);
  }

  /** The phone takes an outbound message: kept in its conversation, its statuses owed. */
  receive(request: CloudSendRequest, now: Date = new Date()): Held {
    const phone = `+${request.to}`;
    let text: string;
    let template: string | null = null;
    if (request.type === 'template') {
      template = request.template.name;
      const known = this.template(request.template.name, request.template.language.code);
      const values = request.template.components?.[0]?.parameters.map((p) => p.text) ?? [];
      text = known ? fillTemplate(known, values) : values.join(' ');
    } else {
      text = request.text.body;
    }
    const last = this.lastInbound.get(phone);
    const inWindow = last !== undefined && now.getTime() - last.getTime() < WINDOW_MS;
    const owed: OwedStatus[] = request.to.endsWith(SIMULATED_UNDELIVERABLE)
      ? [{ status: 'sent' }, { status: 'failed', error: UNDELIVERABLE_ERROR }]
      : request.type === 'text' && !inWindow
        ? [{ status: 'failed', error: RE_ENGAGEMENT_ERROR }]
        : [{ status: 'sent' }, { status: 'delivered' }, { status: 'read' }];
    const held: Held = {
      messageId: wamid(),
      phone,
      direction: 'outbound',
      kind: request.type,
      template,
      text,
      status: 'QUEUED',
      at: now,
      owed,
    };
    this.keep(held);
    return held;
  }

  /** Posts the message's statuses after the delay, as the Cloud API does once the phone answers. */
  scheduleStatuses(messageId: string, log: Logger): void {
    this.owedStatuses.schedule(messageId, () => this.postStatuses(messageId, log));
  }

  /** Posts every owed status now and waits for all of them (tests). */
  async flush(): Promise<void> {
    await this.owedStatuses.flush();
  }

  /** Drops the statuses still owed: the app is closing, or a test posts its own. */
  dropOwedStatuses(): void {
    this.owedStatuses.drop();
  }

  /**
   * The phone sends the platform a text: kept in its conversation and posted at once as a signed
   * `messages` notification, which opens the phone's 24-hour window. Resolves with the webhook's status.
   */
  async sendInbound(
    phone: string,
    text: string,
    now: Date = new Date(),
  ): Promise<{ messageId: string; webhookStatus: number }> {
    const held: Held = {
      messageId: wamid(),
      phone,
      direction: 'inbound',
      kind: 'text',
      template: null,
      text,
      status: 'DELIVERED',
      at: now,
      owed: [],
    };
    this.keep(held);
    this.lastInbound.set(phone, now);
    const webhookStatus = await this.post({
      contacts: [{ profile: { name: `Simulated ${phone}` }, wa_id: waId(phone) }],
      messages: [
        {
          from: waId(phone),
          id: held.messageId,
          timestamp: unixTime(now),
          type: 'text',
          text: { body: text },
        },
      ],
    });
    return { messageId: held.messageId, webhookStatus };
  }

  /** Each phone's conversation, oldest first; phones by their newest message; or one phone's. */
  conversations(phone?: string): WhatsappConversations {
    const byPhone = new Map<string, SimulatedWhatsappMessage[]>();
    for (const held of this.messages.values()) {
      if (phone !== undefined && held.phone !== phone) continue;
      // Re-inserting moves the phone to the end: phones end up ordered by their newest message.
      const list = byPhone.get(held.phone) ?? [];
      byPhone.delete(held.phone);
      list.push(this.view(held));
      byPhone.set(held.phone, list);
    }
    return {
      phones: [...byPhone].reverse().map(([number, messages]) => ({ phone: number, messages })),
    };
  }

  private keep(held: Held): void {
    this.messages.set(held.messageId, held);
    while (this.messages.size > MAX_MESSAGES) {
      const [oldest] = this.messages.keys();
      if (oldest === undefined) return;
      this.messages.delete(oldest);
      this.owedStatuses.cancel(oldest);
    }
  }

  private view(held: Held): SimulatedWhatsappMessage {
    const { owed: _owed, phone: _phone, at, ...shown } = held;
    return { ...shown, at: at.toISOString() };
  }

  /** Posts the owed statuses one notification each, in order, as the Cloud API does. */
  private async postStatuses(messageId: string, log: Logger): Promise<void> {
    const held = this.messages.get(messageId);
    if (!held) return;
    while (held.owed.length > 0) {
      const owed = held.owed.shift()!;
      held.status = owed.status === 'failed' ? 'FAILED' : (owed.status.toUpperCase() as Held['status']);
      const status = {
        id: held.messageId,
        status: owed.status,
        timestamp: unixTime(new Date()),
        recipient_id: waId(held.phone),
        ...(owed.status === 'failed' ? { errors: [owed.error] } : {}),
      };
      const answered = await this.post({ statuses: [status] }, log);
      if (answered < 200 || answered >= 300) return;
    }
  }

  /** Posts one signed notification to the webhook; the HTTP status it got, or 0 when it could not. */
  private async post(value: Record<string, unknown>, log?: Logger): Promise<number> {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'simulated-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: '2348000000001',
                  phone_number_id: this.options.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    });
    try {
      const response = await fetch(this.options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WHATSAPP_SIGNATURE_HEADER]: whatsappSignature(this.options.appSecret, body),
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok)
        log?.warn({ status: response.status }, 'the simulated WhatsApp notification was refused');
      return response.status;
    } catch (err) {
      log?.warn(
        { err, webhookUrl: this.options.webhookUrl },
        'the simulated WhatsApp notification could not be delivered',
      );
      return 0;
    }
  }
}
