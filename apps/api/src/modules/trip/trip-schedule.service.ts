import {
  tripScopeOf,
  type ScheduleEvent,
  type ScheduleEventKind,
  type ScheduleResponse,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Principal } from '../../plugins/auth';
import { terminalsOfTripRows, tripCourseOf } from './trip.service';
import { listScheduledTrips, type ScheduleFilter, type ScheduleWindow } from './trip-schedule.repository';
import { readAll } from '../../db/read-all';

/**
 * The most events one month answers. A calendar cannot show more in any useful way, and the cap keeps a
 * busy admin's month (every trip of the platform) from becoming an unbounded answer; the earliest events
 * are kept.
 */
export const MAX_SCHEDULE_EVENTS = 2000;

const FILTERS: Record<string, ScheduleFilter> = { 'completed:false': 'open', 'completed:true': 'completed' };

/** The month as a half-open range of calendar dates. */
export function monthWindow(year: number, month: number): ScheduleWindow {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: `${year}-${pad(month)}-01`, until: `${next.year}-${pad(next.month)}-01` };
}

/**
 * GET /trips/schedule/year/{year}/month/{month}: each trip's pickup and delivery that fall in the month, for
 * the trips the caller may see, by date then trip number. A delivery is on the day it was made once the trip
 * is delivered (the trip's status says so: Delivered or after), otherwise on its expected delivery date.
 */
export async function scheduleOfMonth(
  ctx: AppContext,
  principal: Principal,
  year: number,
  month: number,
  q: string | undefined,
): Promise<ScheduleResponse> {
  const scope = tripScopeOf(principal);
  const filter = (q && FILTERS[q]) || 'all';
  const window = monthWindow(year, month);
  const kinds: ScheduleEventKind[] = ['PICKUP', 'DELIVERY'];
  // Each kind is fetched up to the cap in the final order, so merging the two and cutting at the cap gives
  // exactly the first events of the month.
  const perKind = await readAll(
    ctx.db,
    kinds.map(
      (kind) => async () =>
        (await listScheduledTrips(ctx.db, scope, filter, kind, window, MAX_SCHEDULE_EVENTS)).map((row) => ({
          kind,
          ...row,
        })),
    ),
  );
  const rows = perKind
    .flat()
    .sort(
      (a, b) =>
        compare(a.date ?? '', b.date ?? '') ||
        compare(a.trip.tripNumber, b.trip.tripNumber) ||
        // A pickup and a delivery of one trip on one day: the pickup comes first.
        kinds.indexOf(a.kind) - kinds.indexOf(b.kind),
    )
    .slice(0, MAX_SCHEDULE_EVENTS);
  const terminalsById = await terminalsOfTripRows(ctx.db, rows);
  const events = rows.map(({ kind, date, trip, ...r }): ScheduleEvent => ({
    kind,
    date: date ?? '',
    trip: {
      id: trip.id,
      tripNumber: trip.tripNumber,
      cargoType: trip.cargoType,
      ...tripCourseOf(trip, terminalsById),
      clientName: r.clientName,
      customerName: r.customerName,
      transporterName: r.transporterName,
    },
    cargo: r.containerNumber ?? r.description ?? '',
    truckRegistrationNumber: r.truckRegistrationNumber,
  }));
  return { year, month, events };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
