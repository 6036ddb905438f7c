import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PhoneOwner } from './phone-verification.repository';

/**
 * Keeps a verification code as an HMAC-SHA256 with a key derived from the server's signing secret, so a
 * copy of the database holds no code and cannot be searched through the million possible ones without the
 * secret. The hash names the owner and the number too: a hash copied onto another row matches nothing.
 */
export class PhoneCodeHasher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('freightlane phone verification code').digest();
  }

  hash(owner: PhoneOwner, phoneNumber: string, code: string): string {
    return this.mac(owner, phoneNumber, code).toString('hex');
  }

  /** Whether `code` is the one `stored` was made from, compared in constant time. */
  matches(stored: string, owner: PhoneOwner, phoneNumber: string, code: string): boolean {
    const expected = Buffer.from(stored, 'hex');
    const given = this.mac(owner, phoneNumber, code);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(owner: PhoneOwner, phoneNumber: string, code: string): Buffer {
    const who = 'userId' in owner ? `user:${owner.userId}` : `driver:${owner.driverId}`;
    return createHmac('sha256', this.key).update(`${who}|${phoneNumber}|${code}`).digest();
  }
}
