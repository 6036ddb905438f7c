import { FREE_TIME_ALERT_DAYS, depositHeld, type ContainerFreeTime } from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { readTripFreeTime } from './free-time.service';
import {
  dayValue,
  nairaValue,
  queueNotification,
  type NotificationMessage,
  type NotificationValue,
} from '../notification';

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

/**
 * A daily charge's rate for the catalog's words: "demurrage of ₦68,500.00 a day" when the line's tariff
 * gives it, "demurrage for every day" when it is not known.
 */
function rateValues(
  name: 'demurrage' | 'detention',
  koboPerDay: number | undefined,
): Record<string, NotificationValue> {
  return koboPerDay === undefined
    ? { [`${name}Rate`]: 'unknown' }
    : { [`${name}Rate`]: 'known', [name]: nairaValue(koboPerDay) };
}

/**
 * What the container costs a day once its free time is over: demurrage while it is still at the port
 * (then detention once out, for a liner-owned one), detention once it is out and its empty is not back.
 * The catalog says it for the body (`freeTime.<where>`) and, after the trip's number, for the e-mail.
 */
function chargesAhead(
  containerNumber: string | null,
  freeTime: ContainerFreeTime,
  values: Record<string, NotificationValue>,
): { where: 'outOfPort' | 'atPort'; values: Record<string, NotificationValue> } {
  const { tariff } = freeTime;
  const named: Record<string, NotificationValue> =
    containerNumber === null ? { named: 'no' } : { named: 'yes', container: containerNumber };
  const detention = rateValues('detention', tariff?.detentionKoboPerDay);
  if (freeTime.gateOut.actual) {
    return { where: 'outOfPort', values: { ...values, ...named, ...detention } };
  }
  return {
    where: 'atPort',
    values: {
      ...values,
      ...named,
      ...rateValues('demurrage', tariff?.demurrageKoboPerDay),
      ...detention,
      emptyReturn: freeTime.emptyReturn ? 'yes' : 'no',
    },
  };
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

  const values = { tripNumber: trip.tripNumber, days: alert.daysLeft };
  // Without a discharge date the last free day is the delivery order's, and the alert names it as such.
  const title: NotificationMessage = {
    key: freeTime.dischargeDate ? 'freeTime.title' : 'freeTime.titleDeliveryOrder',
    values,
  };
  const charges = chargesAhead(found.containerNumber ?? null, freeTime, {
    ...values,
    until: dayValue(freeTime.lastFreeDay),
  });
  const deposit: NotificationMessage[] =
    freeTime.deposit.amountKobo && depositHeld(freeTime.deposit.status)
      ? [{ key: 'freeTime.email.deposit', values: { amount: nairaValue(freeTime.deposit.amountKobo) } }]
      : [];
  await ctx.db.transaction((tx) =>
    queueNotification(ctx, tx, {
      kind: 'FREE_TIME_RUNNING_OUT',
      to: { companyIds: [trip.customerCompanyId, trip.transporterCompanyId] },
      title,
      body: { key: `freeTime.${charges.where}`, values: charges.values },
      link: `/trips/${trip.id}`,
      key: `free-time:${trip.id}:${freeTime.lastFreeDay}:${alert.daysLeft}`,
      email: {
        subject: title,
        paragraphs: [
          { key: `freeTime.email.${charges.where}`, values: charges.values },
          ...deposit,
          { key: freeTime.gateOut.actual ? 'freeTime.email.returnEmpty' : 'freeTime.email.loadOut' },
        ],
        actionLabel: { key: 'action.openTrip' },
      },
    }),
  );
}
