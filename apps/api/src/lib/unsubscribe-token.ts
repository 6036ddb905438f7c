import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@freightlane/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAC_BYTES = 16;

/**
 * The token of an e-mail's one-click unsubscribe link: it names one user and one kind of e-mail, signed
 * with a key derived from the server's secret, so it cannot be made for another user or another kind.
 * It does not expire (an old e-mail's link must still work) and using it twice does the same thing twice.
 * Layout: base64url(16 bytes of the user id, 1 byte of the kind's index) "." base64url(16 bytes of HMAC).
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('freightlane unsubscribe link').digest();
  }

  sign(userId: string, kind: NotificationKind): string {
    if (!UUID.test(userId)) throw new Error('An unsubscribe token names a user id');
    const body = Buffer.concat([
      Buffer.from(userId.replace(/-/g, ''), 'hex'),
      Buffer.from([NOTIFICATION_KINDS.indexOf(kind)]),
    ]);
    return `${body.toString('base64url')}.${this.mac(body).toString('base64url')}`;
  }

  /** The user and kind a genuine token names, or null for anything else. */
  verify(token: string): { userId: string; kind: NotificationKind } | null {
    const [bodyText, macText, extra] = token.split('.');
    if (!bodyText || !macText || extra !== undefined) return null;
    const body = Buffer.from(bodyText, 'base64url');
    const mac = Buffer.from(macText, 'base64url');
    if (body.length !== 17 || mac.length !== MAC_BYTES) return null;
    // Base64url has more than one spelling of some byte strings; only the canonical one is accepted.
    if (body.toString('base64url') !== bodyText || mac.toString('base64url') !== macText) return null;
    if (!timingSafeEqual(mac, this.mac(body))) return null;
    const kind = NOTIFICATION_KINDS[body[16]!];
    if (!kind) return null;
    const hex = body.subarray(0, 16).toString('hex');
    const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { userId, kind };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
