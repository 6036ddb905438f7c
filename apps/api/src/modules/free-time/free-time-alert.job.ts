import {
  FREE_TIME_ALERT_DAYS,
  depositHeld,
  formatMoney,
  lagosDayText,
  type ContainerFreeTime,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readTripFreeTime } from './free-time.service';
import { queueNotification } from '../notification';

export const FREE_TIME_ALERT_JOB = 'trip.free-time-alert';
const DAY_MS = 24 * 60 * 60 * 1000;
/** 09:00 in Lagos (UTC+1, no summer time) is 08:00 UTC. */
const ALERT_HOUR_UTC = 8;

export interface FreeTimeAlert {
  tripId: string;
  daysLeft: number;
  /**
   * The last free day the alert was planned for. Alerts queued before discharge dates were kept have
   * none: theirs was the delivery order's validity date.
   */
  lastFreeDay?: string;
}

/** When the alert `daysLeft` days before a container's last free day goes out: 09:00 Lagos time. */
export function freeTimeAlertAt(lastFreeDay: string, daysLeft: number): Date {
  const lastDay = Date.parse(`${lastFreeDay}T00:00:00Z`);
  return new Date(lastDay - daysLeft * DAY_MS + ALERT_HOUR_UTC * 60 * 60 * 1000);
}

/** Queues the alerts of one container's last free day; those whose time has passed already are not queued. */
export async function scheduleFreeTimeAlertsFor(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  tripId: string,
  lastFreeDay: string | null,
  now: Date,
): Promise<void> {
  if (!lastFreeDay) return;
  for (const daysLeft of FREE_TIME_ALERT_DAYS) {
    const at = freeTimeAlertAt(lastFreeDay, daysLeft);
    if (at <= now) continue;
    const alert: FreeTimeAlert = { tripId, daysLeft, lastFreeDay };
    await ctx.jobs.enqueue(tx, FREE_TIME_ALERT_JOB, alert, at);
  }
}

/**
 * Queues, with the award, the alerts of each import container. No discharge date is known yet then, so
 * the last free day is the delivery order's validity date (docs/decisions/019-money.md); the customer's
 * discharge date, entered later, queues the alerts of the day it gives.
 */
export async function scheduleFreeTimeAlerts(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Executor,
  containers: { tripId: string; deliveryOrderValidityDate: string | null }[],
  now: Date,
): Promise<void> {
  for (const { tripId, deliveryOrderValidityDate } of containers) {
    await scheduleFreeTimeAlertsFor(ctx, tx, tripId, deliveryOrderValidityDate, now);
  }
}

const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** "demurrage of ₦68,500.00 a day", or without a figure when the line's tariff is not known. */
function chargeText(kind: 'demurrage' | 'detention', koboPerDay: number | undefined): string {
  return koboPerDay === undefined ? `${kind} for every day` : `${kind} of ${formatMoney(koboPerDay)} a day`;
}

/**
 * What the container costs a day once its free time is over: demurrage while it is still at the port
 * (then detention once out, for a liner-owned one), detention once it is out and its empty is not back.
 */
function chargesAhead(container: string, freeTime: ContainerFreeTime, until: string): string {
  const { tariff } = freeTime;
  const detention = chargeText('detention', tariff?.detentionKoboPerDay);
  if (freeTime.gateOut.actual) {
    return `${container} is out of the port and its empty is not back; its last free day is ${until}. After it the line charges ${detention} until the empty is returned.`;
  }
  const demurrage = chargeText('demurrage', tariff?.demurrageKoboPerDay);
  const thenDetention = freeTime.emptyReturn ? `, then ${detention} until its empty is returned` : '';
  return `${container} is still at the port; its last free day is ${until}. After it the line charges ${demurrage} while it stays there${thenDetention}.`;
}

/**
 * The alert job. Quiet once the container's clock has stopped (the empty back, or a shipper-owned
 * container out of the port), when the trip was cancelled, and when the last free day it was planned for
 * has moved since (a discharge date entered or corrected): the alerts of the new day speak instead.
 */
export async function sendFreeTimeAlert(ctx: AppContext, alert: FreeTimeAlert): Promise<void> {
  const found = await readTripFreeTime(ctx.db, alert.tripId);
  if (!found || found.trip.cancelledAt) return;
  const { trip, freeTime } = found;
  if (!freeTime.lastFreeDay || freeTime.level === 'SETTLED') return;
  if (freeTime.lastFreeDay !== (alert.lastFreeDay ?? found.deliveryOrderValidityDate)) return;

  const until = lagosDayText(freeTime.lastFreeDay);
  const days = daysText(alert.daysLeft);
  const container = found.containerNumber ?? 'The container';
  // Without a discharge date the last free day is the delivery order's, and the alert names it as such.
  const title = freeTime.dischargeDate
    ? `${trip.tripNumber}: free time ends in ${days}`
    : `${trip.tripNumber}: delivery order runs out in ${days}`;
  const body = chargesAhead(container, freeTime, until!);
  const deposit =
    freeTime.deposit.amountKobo && depositHeld(freeTime.deposit.status)
      ? [`The line also holds a deposit of ${formatMoney(freeTime.deposit.amountKobo)} on the container.`]
      : [];
  await ctx.db.transaction((tx) =>
    queueNotification(ctx, tx, {
      kind: 'FREE_TIME_RUNNING_OUT',
      to: { companyIds: [trip.customerCompanyId, trip.transporterCompanyId] },
      title,
      body,
      link: `/trips/${trip.id}`,
      key: `free-time:${trip.id}:${freeTime.lastFreeDay}:${alert.daysLeft}`,
      email: {
        subject: title,
        paragraphs: [
          `Trip ${trip.tripNumber}: ${body}`,
          ...deposit,
          freeTime.gateOut.actual
            ? 'Return the empty before then to keep these charges off the bill.'
            : 'Load it out before then to keep these charges off the bill.',
        ],
        actionLabel: 'Open the trip',
      },
    }),
  );
}
