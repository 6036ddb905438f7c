import { isBeforeLoaded, lagosDayText } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { queueNotification } from '../notification/notification.service';
import { findFreeTimeFacts } from './trip-consignment.repository';

export const FREE_TIME_ALERT_JOB = 'trip.free-time-alert';
/** Days before a container's delivery order runs out that its parties are told, at 09:00 Lagos time. */
export const FREE_TIME_ALERT_DAYS = [3, 1] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 09:00 in Lagos (UTC+1, no summer time) is 08:00 UTC. */
const ALERT_HOUR_UTC = 8;

interface FreeTimeAlert {
  tripId: string;
  daysLeft: number;
}

/** When the alert `daysLeft` days before the last valid day of a delivery order goes out. */
export function freeTimeAlertAt(validUntil: string, daysLeft: number): Date {
  const lastDay = Date.parse(`${validUntil}T00:00:00Z`);
  return new Date(lastDay - daysLeft * DAY_MS + ALERT_HOUR_UTC * 60 * 60 * 1000);
}

/**
 * Queues, with the award, the alerts of each import container whose delivery order has a validity date:
 * a container still at the terminal when its delivery order runs out costs the customer a new one and
 * storage. Alerts whose time has passed already are not queued.
 */
export async function scheduleFreeTimeAlerts(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  containers: { tripId: string; deliveryOrderValidityDate: string | null }[],
  now: Date,
): Promise<void> {
  for (const { tripId, deliveryOrderValidityDate } of containers) {
    if (!deliveryOrderValidityDate) continue;
    for (const daysLeft of FREE_TIME_ALERT_DAYS) {
      const at = freeTimeAlertAt(deliveryOrderValidityDate, daysLeft);
      if (at <= now) continue;
      await ctx.jobs.enqueue(tx, FREE_TIME_ALERT_JOB, { tripId, daysLeft } satisfies FreeTimeAlert, at);
    }
  }
}

/** The alert job: quiet once the container has been loaded out of the terminal, or the trip cancelled. */
export async function sendFreeTimeAlert(ctx: AppContext, alert: FreeTimeAlert): Promise<void> {
  const trip = await findFreeTimeFacts(ctx.db, alert.tripId);
  if (!trip?.deliveryOrderValidityDate || trip.cancelledAt || !isBeforeLoaded(trip.latestStatus)) return;
  const until = lagosDayText(trip.deliveryOrderValidityDate);
  const days = alert.daysLeft === 1 ? '1 day' : `${alert.daysLeft} days`;
  const container = trip.containerNumber ?? 'The container';
  const title = `${trip.tripNumber}: delivery order runs out in ${days}`;
  await ctx.db.transaction((tx) =>
    queueNotification(ctx, tx, {
      kind: 'FREE_TIME_RUNNING_OUT',
      to: { companyIds: [trip.customerCompanyId, trip.transporterCompanyId] },
      title,
      body: `${container} is still at the terminal and its delivery order is valid until ${until}. Load it before then to avoid a new order and storage charges.`,
      link: `/trips/${trip.id}`,
      key: `free-time:${trip.id}:${trip.deliveryOrderValidityDate}:${alert.daysLeft}`,
      email: {
        subject: title,
        paragraphs: [
          `${container} on trip ${trip.tripNumber} is still at the terminal, and its delivery order is valid until ${until}.`,
          'Load it out before then: after that the terminal asks for a new delivery order, and storage and demurrage charges grow every day.',
        ],
        actionLabel: 'Open the trip',
      },
    }),
  );
}
