import { locationText } from '@freightlane/domain';
import { createTranslator, DEFAULT_LOCALE, DRIVER_SMS_CATALOG } from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { queueSms } from '../sms';
import { findCompanyName, findDriverContact } from './trip-assignment-sms.repository';
import type { TripRecord } from './trip-access.service';
import { terminalsOfTripRows, tripCourseOf } from './trip.service';

/** A place or a name in the SMS, cut so one long address cannot make the message several parts longer. */
function short(value: string, max: number): string {
  const chars = [...value.trim()];
  return chars.length <= max ? value.trim() : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The SMS a driver gets when put on a trip (assigned, or in place of another driver): the trip, where to
 * pick up and deliver, and the USSD code to follow it from a basic phone, in the driver's language. Queued
 * in the assignment's transaction, so it goes only if the assignment commits; only to a verified number,
 * as every message to a person; the transporter pays for it.
 */
export async function queueAssignmentSms(
  ctx: AppContext,
  tx: Executor,
  trip: TripRecord,
  driverId: string,
): Promise<void> {
  const driver = await findDriverContact(tx, driverId);
  if (!driver?.phoneVerifiedAt) return;
  const course = tripCourseOf(trip, await terminalsOfTripRows(tx, [{ trip }]));
  const company = (await findCompanyName(tx, trip.transporterCompanyId)) ?? '';
  const t = createTranslator(driver.language ?? DEFAULT_LOCALE, DRIVER_SMS_CATALOG);
  const values = {
    tripNumber: trip.tripNumber,
    company: short(company, 40),
    pickup: short(locationText(course.pickup), 60),
    delivery: short(locationText(course.recipient), 60),
  };
  const ussdCode = ctx.env.ussd?.serviceCode;
  await queueSms(ctx, tx, {
    to: driver.phoneNumber,
    text: ussdCode ? t('tripAssigned', { ...values, ussdCode }) : t('tripAssignedNoUssd', values),
    purpose: 'trip.assigned',
    companyId: trip.transporterCompanyId,
  });
}
