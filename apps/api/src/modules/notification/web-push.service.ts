import webpush from 'web-push';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { isPublicUrl } from '../../lib/outbound-host';
import type { SecretBox } from '../../lib/secret-box';
import { findMeta, insertMetaIfMissing } from './notification.repository';

const PUBLIC_KEY = 'vapid_public_key';
const PRIVATE_KEY = 'vapid_private_key';
/** A push the service could not hand over within a day is no longer worth showing. */
const TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the browser's service worker receives (public/notifications-sw.js shows it). */
export interface PushMessage {
  title: string;
  body: string;
  link: string | null;
  /** Collapses repeats of one thing (a trip's status) into the newest. */
  tag: string;
}

/** The push service answered: delivered, or the subscription is gone for good (404/410, RFC 8030 §7.3). */
export type PushOutcome = 'sent' | 'gone';

export class PushError extends Error {}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291). The web-push
 * package builds each request (encryption, signed JWT, headers); this class posts it, so the address a
 * browser gave can be checked first and any push service, local or remote, is reached the same way.
 */
export class WebPush {
  private keys: Promise<VapidKeys> | null = null;

  constructor(private readonly deps: { db: Db; env: Env; secretBox: SecretBox }) {}

  /** The key pair from the configuration, or the one kept in the database (made by the first instance). */
  vapidKeys(): Promise<VapidKeys> {
    this.keys ??= this.loadKeys().catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }

  async publicKey(): Promise<string> {
    return (await this.vapidKeys()).publicKey;
  }

  /** Whether the server may post to this endpoint: https on a public host, unless tests allow loopback. */
  async acceptsEndpoint(endpoint: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (this.deps.env.PUSH_ALLOW_INTERNAL_HOSTS) return url.protocol === 'https:' || url.protocol === 'http:';
    return url.protocol === 'https:' && (await isPublicUrl(endpoint));
  }

  async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
    if (!(await this.acceptsEndpoint(target.endpoint))) return 'gone';
    const keys = await this.vapidKeys();
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: this.subject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        topic: topicOf(message.tag),
      },
    );
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PushError(
        `push service unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.status >= 200 && response.status < 300) return 'sent';
    throw new PushError(`push service answered ${response.status}`);
  }

  private subject(): string {
    if (this.deps.env.VAPID_SUBJECT) return this.deps.env.VAPID_SUBJECT;
    const address = /<([^>]+)>/.exec(this.deps.env.MAIL_FROM)?.[1] ?? this.deps.env.MAIL_FROM;
    return address.includes('@') ? `mailto:${address.trim()}` : this.deps.env.appUrl;
  }

  private async loadKeys(): Promise<VapidKeys> {
    const { env, db, secretBox } = this.deps;
    if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
      return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
    }
    const made = webpush.generateVAPIDKeys();
    await insertMetaIfMissing(db, [
      { key: PUBLIC_KEY, value: made.publicKey },
      { key: PRIVATE_KEY, value: secretBox.seal(made.privateKey, PRIVATE_KEY) },
    ]);
    const kept = await findMeta(db, [PUBLIC_KEY, PRIVATE_KEY]);
    const publicKey = kept.get(PUBLIC_KEY);
    const sealed = kept.get(PRIVATE_KEY);
    if (!publicKey || !sealed) throw new Error('The push key pair could not be kept');
    return { publicKey, privateKey: secretBox.open(sealed, PRIVATE_KEY) };
  }
}

/** The Topic header allows only base64url characters, at most 32 of them. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || 'freightlane';
}
