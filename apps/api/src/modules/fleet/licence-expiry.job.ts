import { addDays, lagosToday } from '@freightlane/domain';
import type { AppContext } from '../../context';
import { dayValue, queueNotification } from '../notification';
import { listDriversWithLicenceEndingBy } from './driver.repository';

export const LICENCE_EXPIRY_SWEEP_JOB = 'fleet.licence-expiry-sweep';
/** Days before a driver's licence runs out that the transporter is told: a month, a week, the day before. */
export const LICENCE_WARNING_DAYS = [30, 7, 1] as const;
/** The sweep runs daily at 07:00 Lagos time (06:00 UTC), before the day's trips set off. */
const SWEEP_HOUR_UTC = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next 06:00 UTC after `after`. */
export function nextLicenceSweepAt(after: Date): Date {
  const today = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), SWEEP_HOUR_UTC);
  return new Date(today > after.getTime() ? today : today + DAY_MS);
}

function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY_MS);
}

/**
 * Tells each transporter of its drivers whose licence runs out within a month: once when it enters the
 * month, again a week before and the day before, and once it has run out. A driver on the road with an
 * expired licence is a fine at every checkpoint and voids the goods-in-transit cover.
 */
export async function sweepLicenceExpiry(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const today = lagosToday(now);
  const drivers = await listDriversWithLicenceEndingBy(
    ctx.db,
    lagosToday(addDays(now, LICENCE_WARNING_DAYS[0])),
  );
  let told = 0;
  await ctx.db.transaction(async (tx) => {
    for (const driver of drivers) {
      const daysLeft = daysBetween(today, driver.licenceExpiresOn);
      // The smallest warning step the licence has reached; 0 once it has run out.
      const step = daysLeft < 0 ? 0 : Math.min(...LICENCE_WARNING_DAYS.filter((d) => d >= daysLeft));
      const values = {
        driverName: `${driver.firstName} ${driver.lastName}`,
        firstName: driver.firstName,
        daysLeft,
        on: dayValue(driver.licenceExpiresOn),
      };
      const expired = step === 0;
      await queueNotification(ctx, tx, {
        kind: 'FLEET_DOCUMENT_EXPIRING',
        to: { companyIds: [driver.companyId] },
        title: { key: expired ? 'licence.expired.title' : 'licence.expiring.title', values },
        body: { key: expired ? 'licence.expired.body' : 'licence.expiring.body', values },
        link: `/fleet/drivers/${driver.id}`,
        key: `licence-expiry:${driver.id}:${driver.licenceExpiresOn}:${step}`,
      });
      told += 1;
    }
  });
  if (told > 0) ctx.jobs.kick();
  return told;
}
