import type { Limit } from '../plugins/rate-limit';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Limits on the calls that attackers hammer. Per IP and, where there is one, per account. */
export const LIMITS = {
  signupPerIp: { name: 'signup-ip', max: 10, windowSeconds: HOUR },
  /** Mails telling an address's owner that someone tried to sign up with it; more would be spam. */
  signupNoticePerAccount: { name: 'signup-notice-account', max: 3, windowSeconds: HOUR },
  phoneCheckPerIp: { name: 'phone-check-ip', max: 60, windowSeconds: HOUR },
  loginPerIp: { name: 'login-ip', max: 30, windowSeconds: 15 * MINUTE },
  loginFailuresPerAccount: { name: 'login-account', max: 10, windowSeconds: 15 * MINUTE },
  resendPerIp: { name: 'resend-ip', max: 20, windowSeconds: HOUR },
  resendPerAccount: { name: 'resend-account', max: 3, windowSeconds: 15 * MINUTE },
  resetPerIp: { name: 'reset-ip', max: 20, windowSeconds: HOUR },
  resetPerAccount: { name: 'reset-account', max: 3, windowSeconds: 15 * MINUTE },
  refreshPerIp: { name: 'refresh-ip', max: 300, windowSeconds: 15 * MINUTE },
} satisfies Record<string, Limit>;
