import {
  formatNigerianPhone,
  MESSAGE_SPEND_CAP_REACHED,
  PHONE_CODE_DIGITS,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_SENDS_PER_HOUR,
  PHONE_CODE_TTL_SECONDS,
  type PhoneVerificationResponse,
  type PhoneVerificationState,
} from '@freightlane/domain';
import {
  createTranslator,
  DEFAULT_LOCALE,
  VERIFICATION_CATALOG,
  type Locale,
} from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { audit, type AuditActor, type RequestOrigin } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { randomDigits } from '../../lib/secure-token';
import type { Principal } from '../../plugins/auth';
import { queueSms } from '../sms';
import {
  findDriverPhone,
  findOpenVerification,
  findUserPhone,
  insertVerification,
  lockNumberForSending,
  markOwnerVerified,
  recentSendsTo,
  updateVerification,
  type PhoneOwner,
  type PhoneVerificationRow,
} from './phone-verification.repository';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/** The number to prove, who it belongs to, who pays for the SMS, and what the SMS says. */
interface Target {
  owner: PhoneOwner;
  phoneNumber: string;
  phoneVerifiedAt: Date | null;
  language: Locale | null;
  /** Whose spend the SMS is: null for the platform's (a user's own number), the transporter's for a driver. */
  payer: string | null;
  /** The text of the SMS in the person's language, given the code. */
  text: (code: string, language: Locale) => string;
  /** What the audit log calls the number's owner. */
  entity: { type: 'user' | 'driver'; id: string };
}

function codeError(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { errors: [{ field: 'code', message }] });
}

function tooSoon(untilMs: number, now: number, message: (seconds: number) => string): AppError {
  const seconds = Math.max(1, Math.ceil((untilMs - now) / SECOND));
  return new AppError('RATE_LIMITED', message(seconds), { retryAfterSeconds: seconds });
}

const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

/** Whether a code can still be tried: not expired and not ended by wrong tries. */
function usable(row: PhoneVerificationRow, now: number): boolean {
  return row.expiresAt.getTime() > now && row.failedTries < PHONE_CODE_MAX_TRIES;
}

/** From when a new code may go: a minute after the last one, and after the hourly window when it is full. */
function resendAt(
  open: PhoneVerificationRow | undefined,
  hour: { sends: number; firstAt: Date | null },
): number | null {
  const afterLast = open ? open.lastSentAt.getTime() + PHONE_CODE_RESEND_SECONDS * SECOND : null;
  const afterCap =
    hour.sends >= PHONE_CODE_SENDS_PER_HOUR && hour.firstAt ? hour.firstAt.getTime() + HOUR : null;
  if (afterLast === null) return afterCap;
  return afterCap === null ? afterLast : Math.max(afterLast, afterCap);
}

async function stateOf(db: Executor, target: Target, now = Date.now()): Promise<PhoneVerificationState> {
  const open = await findOpenVerification(db, target.owner, target.phoneNumber);
  const hour = await recentSendsTo(db, target.phoneNumber, new Date(now - HOUR));
  const live = open && usable(open, now) ? open : undefined;
  const next = resendAt(open, hour);
  return {
    phoneNumber: target.phoneNumber,
    verifiedAt: target.phoneVerifiedAt?.toISOString() ?? null,
    codeSentAt: live?.lastSentAt.toISOString() ?? null,
    codeExpiresAt: live?.expiresAt.toISOString() ?? null,
    resendAt: next !== null && next > now ? new Date(next).toISOString() : null,
  };
}

/**
 * Texts a new 6-digit code to the target's current number, replacing any open one for it (its wrong tries
 * start again). Refused (429, with Retry-After) within a minute of the last code, and once five codes went to
 * the number in the hour. Only the code's HMAC is kept. The SMS is urgent: a person waits for it, so it
 * goes in quiet hours too.
 */
async function sendCode(
  ctx: AppContext,
  target: Target,
  actor: AuditActor,
  origin: RequestOrigin,
): Promise<void> {
  const { owner, phoneNumber } = target;
  await ctx.db
    .transaction(async (tx) => {
      await lockNumberForSending(tx, phoneNumber);
      const now = Date.now();
      const open = await findOpenVerification(tx, owner, phoneNumber, { forUpdate: true });
      if (open && now < open.lastSentAt.getTime() + PHONE_CODE_RESEND_SECONDS * SECOND) {
        throw tooSoon(
          open.lastSentAt.getTime() + PHONE_CODE_RESEND_SECONDS * SECOND,
          now,
          (s) =>
            `A code was sent less than a minute ago. Wait ${plural(s, 'second', 'seconds')} to ask for a new one.`,
        );
      }
      const hour = await recentSendsTo(tx, phoneNumber, new Date(now - HOUR));
      if (hour.sends >= PHONE_CODE_SENDS_PER_HOUR && hour.firstAt) {
        throw tooSoon(hour.firstAt.getTime() + HOUR, now, (s) => {
          const minutes = Math.ceil(s / 60);
          return `${PHONE_CODE_SENDS_PER_HOUR} codes went to this number in the last hour. Ask again in ${plural(minutes, 'minute', 'minutes')}.`;
        });
      }
      const code = randomDigits(PHONE_CODE_DIGITS);
      const at = new Date(now);
      const fresh = {
        codeHash: ctx.phoneCodes.hash(owner, phoneNumber, code),
        expiresAt: new Date(now + PHONE_CODE_TTL_SECONDS * SECOND),
        failedTries: 0,
        lastSentAt: at,
      };
      if (!open) {
        await insertVerification(tx, { ...owner, phoneNumber, ...fresh, sends: 1, createdAt: at });
      } else if (open.createdAt.getTime() <= now - HOUR) {
        // The hour this code's sends were counted in is over: a new one begins with this code.
        await updateVerification(tx, open.id, { ...fresh, sends: 1, createdAt: at });
      } else {
        await updateVerification(tx, open.id, { ...fresh, sends: open.sends + 1 });
      }
      const sms = await queueSms(ctx, tx, {
        to: phoneNumber,
        text: target.text(code, target.language ?? DEFAULT_LOCALE),
        purpose: 'phone-verification',
        companyId: target.payer,
        urgent: true,
      });
      if (sms.status === 'FAILED') {
        // Nothing is kept of a code that never went: the person is told why and may ask again later.
        throw new AppError('UNPROCESSABLE', `The code was not sent: ${MESSAGE_SPEND_CAP_REACHED}.`);
      }
      await audit(tx, actor, origin, {
        action: `${target.entity.type}.phone_code_sent`,
        entityType: target.entity.type,
        entityId: target.entity.id,
        data: { phoneNumber },
      });
    })
    .catch((err: unknown) => {
      // Two sends at once for a person's first code: the open-code index lets one through.
      if (uniqueViolation(err)) {
        throw tooSoon(Date.now() + PHONE_CODE_RESEND_SECONDS * SECOND, Date.now(), (s) => {
          return `A code was sent less than a minute ago. Wait ${plural(s, 'second', 'seconds')} to ask for a new one.`;
        });
      }
      throw err;
    });
  ctx.jobs.kick();
}

type CheckOutcome =
  | { kind: 'verified'; at: Date }
  | { kind: 'none' | 'used-up' | 'expired' }
  | { kind: 'wrong'; triesLeft: number };

/**
 * Checks a code against the open one for the target's current number: a code sent to an earlier number is
 * not looked at. A wrong code counts (kept even though the answer is a 400), and the fifth ends the code.
 * The right one marks the number proved.
 */
async function checkCode(
  ctx: AppContext,
  target: Target,
  code: string,
  actor: AuditActor,
  origin: RequestOrigin,
): Promise<Date> {
  const { owner, phoneNumber } = target;
  const outcome = await ctx.db.transaction(async (tx): Promise<CheckOutcome> => {
    const now = new Date();
    const open = await findOpenVerification(tx, owner, phoneNumber, { forUpdate: true });
    if (!open) return { kind: 'none' };
    if (open.failedTries >= PHONE_CODE_MAX_TRIES) return { kind: 'used-up' };
    if (open.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
    if (!ctx.phoneCodes.matches(open.codeHash, owner, phoneNumber, code)) {
      const tries = open.failedTries + 1;
      await updateVerification(tx, open.id, { failedTries: tries });
      return { kind: 'wrong', triesLeft: PHONE_CODE_MAX_TRIES - tries };
    }
    if (!(await markOwnerVerified(tx, owner, phoneNumber, now))) return { kind: 'none' };
    await audit(tx, actor, origin, {
      action: `${target.entity.type}.phone_verified`,
      entityType: target.entity.type,
      entityId: target.entity.id,
      data: { phoneNumber },
    });
    return { kind: 'verified', at: now };
  });
  switch (outcome.kind) {
    case 'verified':
      return outcome.at;
    case 'none':
      throw codeError('No code has been sent to this number yet; ask for one first.');
    case 'used-up':
      throw codeError(`${PHONE_CODE_MAX_TRIES} wrong codes were tried; ask for a new one.`);
    case 'expired':
      throw codeError('The code has expired; ask for a new one.');
    case 'wrong':
      throw codeError(
        outcome.triesLeft > 0
          ? `The code is wrong; ${plural(outcome.triesLeft, 'try', 'tries')} left.`
          : 'The code is wrong, and that was the last try; ask for a new one.',
      );
  }
}

/** The signed-in person's own number: only the number on their profile gets a code. */
async function ownTarget(ctx: AppContext, principal: Principal, phoneNumber: string): Promise<Target> {
  const user = await findUserPhone(ctx.db, principal.userId);
  if (!user) throw notFound('User');
  if (user.phoneNumber !== phoneNumber) {
    const message = `Codes go only to the phone number on your profile (${formatNigerianPhone(user.phoneNumber)}). Save the new number on your profile first.`;
    throw new AppError('BAD_REQUEST', message, { errors: [{ field: 'phoneNumber', message }] });
  }
  return {
    owner: { userId: user.id },
    phoneNumber: user.phoneNumber,
    phoneVerifiedAt: user.phoneVerifiedAt,
    language: user.language,
    payer: null,
    text: (code, language) => createTranslator(language, VERIFICATION_CATALOG)('sms.user', { code }),
    entity: { type: 'user', id: user.id },
  };
}

/** A driver of the caller's company; another company's driver is not there (404). */
async function driverTarget(ctx: AppContext, principal: Principal, driverId: string): Promise<Target> {
  const driver = await findDriverPhone(ctx.db, principal.companyId, driverId);
  if (!driver) throw notFound('Driver');
  return {
    owner: { driverId: driver.id },
    phoneNumber: driver.phoneNumber,
    phoneVerifiedAt: driver.phoneVerifiedAt,
    language: driver.language,
    payer: driver.companyId,
    text: (code, language) =>
      createTranslator(language, VERIFICATION_CATALOG)('sms.driver', { code, company: driver.companyName }),
    entity: { type: 'driver', id: driver.id },
  };
}

function answer(message: string, data: PhoneVerificationState): PhoneVerificationResponse {
  return { status: 'Successful', message, data };
}

const sentMessage = (phoneNumber: string) =>
  `We sent a ${PHONE_CODE_DIGITS}-digit code to ${formatNigerianPhone(phoneNumber)}. It expires in ${PHONE_CODE_TTL_SECONDS / 60} minutes.`;

/** POST /api/v1/user/enrolment/phone/check with `send: true`: a code to the caller's own number. */
export async function sendOwnPhoneCode(
  ctx: AppContext,
  principal: Principal,
  phoneNumber: string,
  origin: RequestOrigin,
): Promise<PhoneVerificationResponse> {
  const target = await ownTarget(ctx, principal, phoneNumber);
  await sendCode(ctx, target, principal, origin);
  return answer(sentMessage(target.phoneNumber), await stateOf(ctx.db, target));
}

/** POST /api/v1/user/enrolment/phone/check with `code`: proves the caller's own number. */
export async function checkOwnPhoneCode(
  ctx: AppContext,
  principal: Principal,
  phoneNumber: string,
  code: string,
  origin: RequestOrigin,
): Promise<PhoneVerificationResponse> {
  const target = await ownTarget(ctx, principal, phoneNumber);
  if (target.phoneVerifiedAt) {
    return answer('Your phone number is already verified.', await stateOf(ctx.db, target));
  }
  const at = await checkCode(ctx, target, code, principal, origin);
  // The profile the session cache keeps now shows the number verified.
  ctx.principals.forget(`u:${principal.userId}`);
  return answer('Your phone number is verified.', await stateOf(ctx.db, { ...target, phoneVerifiedAt: at }));
}

/** GET /api/v1/fleet/drivers/{id}/phone-verification. */
export async function driverPhoneState(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
): Promise<PhoneVerificationState> {
  return stateOf(ctx.db, await driverTarget(ctx, principal, driverId));
}

/** POST /api/v1/fleet/drivers/{id}/phone-verification: a code to the driver's number, on the company's spend. */
export async function sendDriverPhoneCode(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
  origin: RequestOrigin,
): Promise<PhoneVerificationResponse> {
  const target = await driverTarget(ctx, principal, driverId);
  await sendCode(ctx, target, principal, origin);
  return answer(sentMessage(target.phoneNumber), await stateOf(ctx.db, target));
}

/** POST /api/v1/fleet/drivers/{id}/phone-verification/check: the code the driver read back. */
export async function checkDriverPhoneCode(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
  code: string,
  origin: RequestOrigin,
): Promise<PhoneVerificationResponse> {
  const target = await driverTarget(ctx, principal, driverId);
  if (target.phoneVerifiedAt) {
    return answer("The driver's phone number is already verified.", await stateOf(ctx.db, target));
  }
  const at = await checkCode(ctx, target, code, principal, origin);
  return answer(
    "The driver's phone number is verified.",
    await stateOf(ctx.db, { ...target, phoneVerifiedAt: at }),
  );
}

/**
 * A number proved some other way (a USSD session from it with the driver's right PIN): the owner's number
 * counts as verified from now, while it is still `phoneNumber`. Whether it was marked.
 */
export async function markPhoneVerified(
  executor: Executor,
  owner: PhoneOwner,
  phoneNumber: string,
): Promise<boolean> {
  return markOwnerVerified(executor, owner, phoneNumber, new Date());
}
