import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TRIP_STATUSES, type TripListQuery, type TripSort, type TripStatus } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { rowsAsJson } from '../../db/rows-as-json';
import { issuesOfTripPart } from './issue/trip-issue.repository';
import { alertsOfTripPart } from './alert/trip-alert.repository';
import { documentsOfTripPart } from './document/trip-document.repository';
import {
  companies,
  consignments,
  drivers,
  motorBoys,
  trucks,
  invoiceCharges,
  invoices,
  orders,
  shippingLineTariffs,
  shippingLines,
  terminals,
  tripNotes,
  tripStatusLogs,
  tripWatches,
  trips,
  users,
} from '../../db/schema';
import {
  hasOpenIssueSql,
  liveTripSql,
  ongoingTripSql,
  tripScopeSql,
  type TripScope,
} from '../../queries/trip-scope.repository';
import { countTripsInScope } from '../../queries/trip-count.repository';
import { tripSearchSql } from '../../queries/trip-search.repository';
import { pageIdsUpTo } from '../../db/capped-page';
import { readAll } from '../../db/read-all';

export type TripRecord = typeof trips.$inferSelect;

const customer = alias(companies, 'customer');
const transporter = alias(companies, 'transporter');
const pickupTerminal = alias(terminals, 'pickup_terminal');
const recipientTerminal = alias(terminals, 'recipient_terminal');

/** The inputs of a prepared trip list statement. */
const listInputs = {
  companyId: sql.placeholder('companyId'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

function filtersSql(query: TripListQuery): SQL | undefined {
  // Not completed and started is the Ongoing tab: the one definition of ongoing.
  const ongoing = query.completed === false && query.started === true;
  return and(
    ongoing ? ongoingTripSql() : undefined,
    query.completed === true ? eq(trips.completed, true) : undefined,
    // "Not completed" means still to be done, so a cancelled trip is not in it either.
    query.completed === false && !ongoing ? liveTripSql() : undefined,
    query.started === true && !ongoing ? isNotNull(trips.latestStatus) : undefined,
    query.started === false ? isNull(trips.latestStatus) : undefined,
    query.tripStatusList?.length ? inArray(trips.latestStatus, query.tripStatusList) : undefined,
    tripSearchSql(query.q),
  );
}

/**
 * The order of a trip list. The first sort entry decides; the rest are ties broken newest first, and by
 * trip number last so a page boundary never shows a trip twice. Unstarted trips have no status time and
 * come after the started ones in both directions.
 */
function orderOf(sort: TripSort | undefined): SQL[] {
  const tieBreak = [desc(trips.createdAt), desc(trips.tripNumber)];
  switch (sort) {
    case 'latestTripStatus.timeStamp,ASC':
      return [sql`${trips.latestStatusAt} ASC NULLS LAST`, ...tieBreak];
    case 'pickupDate,ASC':
      return [asc(trips.pickupDate), ...tieBreak];
    case 'pickupDate,DESC':
      return [desc(trips.pickupDate), ...tieBreak];
    case 'latestTripStatus.timeStamp,DESC':
    case undefined:
      return [sql`${trips.latestStatusAt} DESC NULLS LAST`, ...tieBreak];
  }
}

/** What a trip summary shows of the trip row itself (the page reads the rest from loadTripFor's row). */
const tripSummaryColumns = {
  id: trips.id,
  tripNumber: trips.tripNumber,
  trackingId: trips.trackingId,
  orderId: trips.orderId,
  cargoType: trips.cargoType,
  pickupTerminalId: trips.pickupTerminalId,
  pickupAddress: trips.pickupAddress,
  recipientTerminalId: trips.recipientTerminalId,
  recipientAddress: trips.recipientAddress,
  pickupDate: trips.pickupDate,
  amountKobo: trips.amountKobo,
  latestStatus: trips.latestStatus,
  latestStatusAt: trips.latestStatusAt,
  completed: trips.completed,
  cancelledAt: trips.cancelledAt,
  createdAt: trips.createdAt,
};

const tripRowColumns = {
  trip: tripSummaryColumns,
  hasOpenIssue: hasOpenIssueSql(),
  orderNumber: orders.orderNumber,
  clientName: orders.clientName,
  reference: orders.reference,
  customerName: customer.name,
  transporterName: transporter.name,
  consignment: consignments,
  liner: { id: shippingLines.id, code: shippingLines.code, name: shippingLines.name },
  pickupTerminal,
  recipientTerminal,
};

/**
 * A trip with what its summary shows: order, both companies, consignment, liner and both terminals, in
 * one statement (a list page is one round trip, not one more for its terminals).
 */
function selectTripRows(db: Executor) {
  return db
    .select(tripRowColumns)
    .from(trips)
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(customer, eq(customer.id, trips.customerCompanyId))
    .innerJoin(transporter, eq(transporter.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(recipientTerminal, eq(recipientTerminal.id, trips.recipientTerminalId));
}

export type TripRow = Awaited<ReturnType<typeof selectTripRows>>[number];

/** A page of trips, by default the most recently moved first and unstarted trips after them, newest first. */
export async function listTrips(db: Executor, scope: TripScope, query: TripListQuery) {
  if (query.tripStatusList?.length || query.q) return listTripsBuilt(db, scope, query);
  // Without a status list or a search text a list has one of a few dozen shapes: each is a statement
  // prepared once, and the company and page are its inputs. A search is planned for its word: whether to
  // walk the list's order or start from the word's matches depends on how many trips it matches.
  const shape = `${scope.side}:${query.sort?.[0] ?? ''}:${query.completed ?? ''}:${query.started ?? ''}`;
  const inputs = {
    companyId: scope.side === 'all' ? undefined : scope.companyId,
    limit: query.size,
    offset: query.page * query.size,
  };
  const [rows, total] = await readAll(db, [
    () =>
      prepared(db, `trips_page:${shape}`, (d) =>
        selectTripRows(d)
          .where(and(tripScopeSql(scope, trips, listInputs.companyId), filtersSql(query)))
          .orderBy(...orderOf(query.sort?.[0]))
          .limit(listInputs.limit)
          .offset(listInputs.offset),
      ).execute(inputs),
    () => countTripsInScope(db, scope, { completed: query.completed, started: query.started }),
  ]);
  return { rows, total };
}

/**
 * listTrips for a list filtered by statuses or a search text, its statements written for the request: the
 * page's ids and the count up to COUNT_LIMIT on trips alone, then those rows with their joins.
 */
async function listTripsBuilt(db: Executor, scope: TripScope, query: TripListQuery) {
  const order = orderOf(query.sort?.[0]);
  const { ids, total } = await pageIdsUpTo(db, trips.id, and(tripScopeSql(scope), filtersSql(query)), order, {
    limit: query.size,
    offset: query.page * query.size,
  });
  const rows =
    ids.length === 0
      ? []
      : await selectTripRows(db)
          .where(inArray(trips.id, ids))
          .orderBy(...order);
  return { rows, total };
}

/**
 * The trip row, locked for the rest of the transaction when `forUpdate`. Whether the caller may see it is
 * for loadTripFor to decide.
 */
export async function findTrip(
  db: Executor,
  tripId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TripRecord | null> {
  const byId = (d: Executor) =>
    d
      .select()
      .from(trips)
      .where(eq(trips.id, sql.placeholder('tripId')))
      .limit(1);
  const [trip] = await (
    options.forUpdate
      ? prepared(db, 'trip_by_id_for_update', (d) => byId(d).for('update'))
      : prepared(db, 'trip_by_id', byId)
  ).execute({ tripId });
  return trip ?? null;
}

/**
 * The truck, driver and motor boy on a trip, its invoice with the charges awaiting the customer's answer,
 * and its shipping line's tariff for its container (the container's free time), as the trip page shows
 * them: each left join answering null for what the trip does not have (`tripId` a placeholder).
 */
function tripCrewQuery(d: Executor) {
  return d
    .select({
      truck: {
        id: trucks.id,
        registrationNumber: trucks.registrationNumber,
        make: trucks.make,
        model: trucks.model,
        type: trucks.type,
      },
      driver: {
        id: drivers.id,
        firstName: drivers.firstName,
        lastName: drivers.lastName,
        phoneNumber: drivers.phoneNumber,
        licenceNumber: drivers.licenceNumber,
        photoKey: drivers.photoKey,
      },
      motorBoy: {
        id: motorBoys.id,
        firstName: motorBoys.firstName,
        lastName: motorBoys.lastName,
        phoneNumber: motorBoys.phoneNumber,
      },
      invoice: {
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        amountKobo: invoices.amountKobo,
        status: invoices.status,
        dueAt: invoices.dueAt,
      },
      chargesAwaitingAnswer: sql<number>`(SELECT count(*) FROM ${invoiceCharges}
        WHERE ${invoiceCharges.invoiceId} = ${invoices.id} AND ${invoiceCharges.status} = 'PROPOSED')`.mapWith(
        Number,
      ),
      tariff: {
        freeDays: shippingLineTariffs.freeDays,
        demurrageKoboPerDay: shippingLineTariffs.demurrageKoboPerDay,
        detentionKoboPerDay: shippingLineTariffs.detentionKoboPerDay,
      },
      arrivalProposal: { status: tripWatches.proposedStatus, at: tripWatches.proposedAt },
    })
    .from(trips)
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(drivers, eq(drivers.id, trips.driverId))
    .leftJoin(motorBoys, eq(motorBoys.id, trips.motorBoyId))
    .leftJoin(invoices, eq(invoices.tripId, trips.id))
    .leftJoin(tripWatches, eq(tripWatches.tripId, trips.id))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(
      shippingLineTariffs,
      and(
        eq(shippingLineTariffs.shippingLineId, consignments.linerId),
        eq(shippingLineTariffs.containerSize, consignments.containerSize),
      ),
    )
    .where(eq(trips.id, sql.placeholder('tripId')))
    .limit(1);
}

/** "First Last (Company)": how a person acting on a trip is named to both parties. */
const personWithCompany = sql<
  string | null
>`${users.firstName} || ' ' || ${users.lastName} || ' (' || ${companies.name} || ')'`;

const actingDriver = alias(drivers, 'acting_driver');
const actingDriverCompany = alias(companies, 'acting_driver_company');

/** "First Last, driver (Company)": a step the trip's driver recorded from the phone link (no user account). */
const driverWithCompany = sql<
  string | null
>`${actingDriver.firstName} || ' ' || ${actingDriver.lastName} || ', driver (' || ${actingDriverCompany.name} || ')'`;

/**
 * A status's place on every timeline. Two steps recorded within one clock tick keep their timeline order,
 * which is the order they were taken in, since a trip only moves forward one step at a time.
 */
const timelinePosition = sql`array_position(ARRAY[${sql.join(
  TRIP_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${tripStatusLogs.status})`;

/** The trip's steps that stand (not undone), oldest first, each with who made it (`tripId` a placeholder). */
function liveStatusLogsQuery(d: Executor) {
  return d
    .select({
      log: tripStatusLogs,
      changedBy: sql<string | null>`coalesce(${personWithCompany}, ${driverWithCompany})`,
    })
    .from(tripStatusLogs)
    .leftJoin(users, eq(users.id, tripStatusLogs.actorUserId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(actingDriver, eq(actingDriver.id, tripStatusLogs.actorDriverId))
    .leftJoin(actingDriverCompany, eq(actingDriverCompany.id, actingDriver.companyId))
    .where(and(eq(tripStatusLogs.tripId, sql.placeholder('tripId')), isNull(tripStatusLogs.undoneAt)))
    .orderBy(asc(tripStatusLogs.at), asc(timelinePosition));
}

/** The step an undo takes back: the most recent one that stands. */
export async function latestLiveStatusLog(db: Executor, tripId: string) {
  const [log] = await db
    .select()
    .from(tripStatusLogs)
    .where(and(eq(tripStatusLogs.tripId, tripId), isNull(tripStatusLogs.undoneAt)))
    .orderBy(desc(tripStatusLogs.at), desc(timelinePosition))
    .limit(1);
  return log ?? null;
}

/** The step time each step fills (docs/reports.md 1.8), as refresh_trip_report_facts of migration 0016 reads them. */
const STEP_TIMES: Partial<
  Record<
    TripStatus,
    'startedAt' | 'arrivedPickupAt' | 'loadedAt' | 'arrivedDeliveryAt' | 'deliveredAt' | 'emptyDroppedAt'
  >
> = {
  STARTED: 'startedAt',
  AT_PICKUP_LOCATION: 'arrivedPickupAt',
  AT_WAREHOUSE_LOCATION: 'arrivedPickupAt',
  LOADED: 'loadedAt',
  AT_DELIVERY_LOCATION: 'arrivedDeliveryAt',
  AT_DROP_OFF_LOCATION: 'arrivedDeliveryAt',
  DELIVERED: 'deliveredAt',
  EMPTY_DROP_OFF: 'emptyDroppedAt',
};

/**
 * Records a step: the trip's update (`moved`, with the step time it fills, which is its first live log's
 * `at`), then the log. Set here, the step time leaves the log's insert trigger (migration 0036) nothing to
 * write, so the trip row is written once per step.
 */
export async function recordStep(
  db: Executor,
  log: typeof tripStatusLogs.$inferInsert & { at: Date },
  moved: Partial<typeof trips.$inferInsert>,
): Promise<void> {
  const column = STEP_TIMES[log.status];
  const stepTime: Record<string, SQL> = {};
  if (column) {
    const at = sql`${log.at.toISOString()}::timestamptz`;
    const first = sql`(${trips[column]} IS NULL OR ${trips[column]} > ${at})`;
    stepTime[column] = sql`CASE WHEN ${first} THEN ${at} ELSE ${trips[column]} END`;
    if (column === 'arrivedPickupAt') {
      stepTime.arrivedPickupBy = sql`CASE WHEN ${first} THEN ${log.recordedBy ?? null} ELSE ${trips.arrivedPickupBy} END`;
    }
  }
  await db
    .update(trips)
    .set({ ...moved, ...stepTime, updatedAt: new Date() })
    .where(eq(trips.id, log.tripId));
  await db.insert(tripStatusLogs).values(log);
}

export async function markStatusLogUndone(
  db: Executor,
  logId: string,
  undo: { undoneAt: Date; undoneByUserId: string; undoReason: string },
): Promise<void> {
  await db.update(tripStatusLogs).set(undo).where(eq(tripStatusLogs.id, logId));
}

export async function updateTrip(
  db: Executor,
  tripId: string,
  values: Partial<typeof trips.$inferInsert>,
): Promise<void> {
  await db
    .update(trips)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trips.id, tripId));
}

/** The trip the driver is on (assigned, neither completed nor cancelled), if any. */
export async function findLiveTripOfDriver(db: Executor, driverId: string): Promise<TripRecord | null> {
  const [trip] = await db
    .select()
    .from(trips)
    .where(and(eq(trips.driverId, driverId), liveTripSql()))
    .limit(1);
  return trip ?? null;
}

/** Every side's note on the trip, with who wrote it last (`tripId` a placeholder). */
function notesOfTripQuery(d: Executor) {
  return d
    .select({ note: tripNotes, updatedBy: personWithCompany })
    .from(tripNotes)
    .leftJoin(users, eq(users.id, tripNotes.updatedByUserId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(tripNotes.tripId, sql.placeholder('tripId')));
}

/** Writes a side's note, replacing the one it had. */
export async function upsertTripNote(
  db: Executor,
  values: { tripId: string; side: (typeof tripNotes.$inferInsert)['side']; note: string; userId: string },
): Promise<void> {
  const now = new Date();
  await db
    .insert(tripNotes)
    .values({
      tripId: values.tripId,
      side: values.side,
      note: values.note,
      updatedByUserId: values.userId,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [tripNotes.tripId, tripNotes.side],
      set: { note: values.note, updatedByUserId: values.userId, updatedAt: now },
    });
}

/** Removes a side's note; true when there was one. */
export async function deleteTripNote(
  db: Executor,
  tripId: string,
  side: (typeof tripNotes.$inferInsert)['side'],
): Promise<boolean> {
  const deleted = await db
    .delete(tripNotes)
    .where(and(eq(tripNotes.tripId, tripId), eq(tripNotes.side, side)))
    .returning({ id: tripNotes.id });
  return deleted.length > 0;
}

/** Voids the unpaid invoices of cancelled trips; a paid one stays as it is, as a record of the payment. */
export async function voidPendingInvoices(db: Executor, tripIds: string[]): Promise<void> {
  if (tripIds.length === 0) return;
  await db
    .update(invoices)
    .set({ status: 'VOID' })
    .where(and(inArray(invoices.tripId, tripIds), eq(invoices.status, 'PENDING_PAYMENT')));
}

/** Marks trips cancelled. */
export async function markTripsCancelled(
  db: Executor,
  tripIds: string[],
  cancellation: { cancelledAt: Date; cancellationReason: string; cancelledByUserId: string },
): Promise<void> {
  await db
    .update(trips)
    .set({ ...cancellation, updatedAt: cancellation.cancelledAt })
    .where(inArray(trips.id, tripIds));
}

/**
 * Everything the trip page shows, in one statement: the trip's row (for the access check), the trip as the
 * list shows it, its crew and invoice, its steps, issues, alerts, documents and notes. Every write on a trip
 * answers the page from inside its transaction, so one round trip here instead of eight is most of what
 * those writes cost the API.
 */
export async function findTripPage(db: Executor, tripId: string) {
  const [page] = await prepared(db, 'trip_page', (d) =>
    d
      .select({
        trip: trips,
        row: rowsAsJson(selectTripRows(d).where(eq(trips.id, sql.placeholder('tripId')))),
        crew: rowsAsJson(tripCrewQuery(d)),
        logs: rowsAsJson(liveStatusLogsQuery(d)),
        issues: issuesOfTripPart(d),
        alerts: alertsOfTripPart(d),
        documents: documentsOfTripPart(d),
        notes: rowsAsJson(notesOfTripQuery(d)),
      })
      .from(trips)
      .where(eq(trips.id, sql.placeholder('tripId'))),
  ).execute({ tripId });
  // Both read the trip the outer statement found, so each holds its one row whenever the trip exists.
  const row = page?.row[0];
  const crew = page?.crew[0];
  if (!page || !row || !crew) return null;
  return { ...page, row, crew };
}

export type TripPage = NonNullable<Awaited<ReturnType<typeof findTripPage>>>;
export type TripCrew = TripPage['crew'];
