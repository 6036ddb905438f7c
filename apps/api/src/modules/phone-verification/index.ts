import type { AppContext } from '../../context';
import type { ZodApp } from '../../lib/route-kit';
import type { PhoneCodeHasher } from './phone-code-hasher';
import { phoneVerificationRoutes } from './phone-verification.routes';

// Proving a phone number is its owner's: a 6-digit code by SMS, for a user's own number and for a driver's
// (read back to the transporter). A number counts as verified only while `phone_verified_at` is set, and a
// changed number is unverified again. Nothing but the code itself goes to an unverified number.

declare module '../../context' {
  interface AppContext {
    /** Keeps verification codes as HMACs with a key derived from the server's signing secret. */
    phoneCodes: PhoneCodeHasher;
  }
}

export function registerPhoneVerification(app: ZodApp, ctx: AppContext): void {
  phoneVerificationRoutes(app, ctx);
}

export { PhoneCodeHasher } from './phone-code-hasher';
export type { PhoneOwner } from './phone-verification.repository';
export { checkOwnPhoneCode, markPhoneVerified, sendOwnPhoneCode } from './phone-verification.service';
