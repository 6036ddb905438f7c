import { randomInt } from 'node:crypto';
import type { UssdAccess, UssdPinIssued, UssdPinRequest } from '@freightlane/domain';
import { createTranslator, DRIVER_SMS_CATALOG, DEFAULT_LOCALE } from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import { hashPassword } from '../../lib/password-hash';
import type { Principal } from '../../plugins/auth';
import { queueSms } from '../sms';
import { findDriverPinState, saveDriverPin } from './ussd.repository';

/** The driver's USSD access as the transporter's page shows it; 404 for a driver of another company. */
export async function getUssdAccess(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
): Promise<UssdAccess> {
  const row = await findDriverPinState(ctx.db, principal.companyId, driverId);
  if (!row) throw notFound('Driver');
  const locked = row.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : null;
  return {
    serviceCode: ctx.env.ussd?.serviceCode ?? null,
    pinSetAt: row.pinSetAt?.toISOString() ?? null,
    failedTries: row.pinFailures,
    lockedUntil: locked?.toISOString() ?? null,
    phoneVerified: row.phoneVerifiedAt !== null,
  };
}

/**
 * A new random PIN for the driver, made by the transporter or a fleet manager of the driver's company (never
 * by whoever calls the menu first). Only its argon2 hash is kept; the PIN is answered this once, and sent by
 * SMS when asked, to a verified number only. A new PIN also lifts a lock of wrong PINs.
 */
export async function issueUssdPin(
  ctx: AppContext,
  principal: Principal,
  driverId: string,
  input: UssdPinRequest,
  origin: RequestOrigin,
): Promise<UssdPinIssued> {
  const row = await findDriverPinState(ctx.db, principal.companyId, driverId);
  if (!row) throw notFound('Driver');
  const ussd = ctx.env.ussd;
  if (!ussd) throw new AppError('CONFLICT', 'The USSD menu is not turned on for this platform');
  if (!row.active) {
    throw new AppError('CONFLICT', 'This driver is retired; reactivate the driver before giving a PIN');
  }
  const sendBySms = input.sendBySms === true;
  if (sendBySms && row.phoneVerifiedAt === null) {
    throw new AppError(
      'CONFLICT',
      "Verify the driver's phone number first: a PIN goes by SMS only to a verified number. Give the PIN by hand, or verify the number and send it again.",
    );
  }
  const pin = String(randomInt(0, 10_000)).padStart(4, '0');
  const pinHash = await hashPassword(pin);
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    await saveDriverPin(tx, driverId, pinHash, at);
    await audit(tx, principal, origin, {
      action: 'driver.ussd_pin_given',
      entityType: 'driver',
      entityId: driverId,
      data: { sentBySms: sendBySms },
    });
    if (sendBySms) {
      const t = createTranslator(row.language ?? DEFAULT_LOCALE, DRIVER_SMS_CATALOG);
      await queueSms(ctx, tx, {
        to: row.phoneNumber,
        text: t('pinGiven', { pin, ussdCode: ussd.serviceCode }),
        purpose: 'ussd.pin',
        companyId: principal.companyId,
        // The driver is standing by the transporter waiting for it: not held for the morning.
        urgent: true,
      });
    }
  });
  if (sendBySms) ctx.jobs.kick();
  return { pin, pinSetAt: at.toISOString(), sentBySms: sendBySms };
}
