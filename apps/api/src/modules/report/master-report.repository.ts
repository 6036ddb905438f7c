import { and, asc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  companies,
  consignments,
  drivers,
  invoices,
  motorBoys,
  orders,
  shippingLines,
  terminals,
  tripDocuments,
  tripIssues,
  trips,
  trucks,
} from '../../db/schema';
import type { CargoType } from '@freightlane/domain';
import type { ReportInput } from './report-definition';
import { countWhere, lagosDateSql, sumKobo, tripSteps } from './report-sql.repository';
import {
  deliveryVerdictSql,
  measuredSecondsSql,
  nullableNumber,
  pickupVerdictSql,
} from './kpi-report.repository';

/** The master report's rows: every trip of the customer picked up in the range, cancelled included. */
function pickedUpInRange({ scope, window }: ReportInput) {
  return and(
    eq(trips.customerCompanyId, scope.companyId),
    gte(trips.pickupDate, window.from),
    lte(trips.pickupDate, window.to),
  );
}

const notCancelled = sql`${trips.cancelledAt} IS NULL`;

/**
 * The summary and the chart in one pass over the range's trips, read off the customer and pickup-date
 * covering index: counts per pickup date and cargo type, and the whole range's figures as the row whose
 * date and cargo type are null (GROUPING SETS); the few groups are then labelled with their period (a
 * month's days summing into its one row), so no trip row is formatted.
 */
export async function masterOverview(input: ReportInput) {
  const { db } = input;
  const groups = db
    .select({
      pickupDate: trips.pickupDate,
      cargoType: sql<CargoType | null>`${trips.cargoType}`.as('group_cargo_type'),
      trips: countWhere().as('group_trips'),
      completed: countWhere(sql`${trips.completed}`).as('group_completed'),
      cancelled: countWhere(sql`${trips.cancelledAt} IS NOT NULL`).as('group_cancelled'),
      // Every row is a container or a truck load, cancelled or not, so the two add up to the trips.
      containers: countWhere(sql`${trips.cargoType} <> 'GENERAL_CARGO'`).as('group_containers'),
      truckLoads: countWhere(sql`${trips.cargoType} = 'GENERAL_CARGO'`).as('group_truck_loads'),
      amount: sumKobo(trips.amountKobo, notCancelled).as('group_amount'),
    })
    .from(trips)
    .where(pickedUpInRange(input))
    .groupBy(sql`GROUPING SETS ((${trips.pickupDate}, ${trips.cargoType}), ())`)
    .as('groups');
  // pickup_date is already a Lagos calendar date: its period is its own text.
  const format = input.window.period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const period = sql<string | null>`to_char(${groups.pickupDate}, ${sql.raw(`'${format}'`)})`;
  const sum = (column: SQLWrapper) => sql<number>`sum(${column})`.mapWith(Number);
  return db
    .select({
      period,
      cargoType: groups.cargoType,
      trips: sum(groups.trips),
      completed: sum(groups.completed),
      cancelled: sum(groups.cancelled),
      containers: sum(groups.containers),
      truckLoads: sum(groups.truckLoads),
      amount: sum(groups.amount),
    })
    .from(groups)
    .groupBy(period, groups.cargoType);
}

/** The sort key of a row: the table is ordered by pickup date, then trip number (unique). */
export interface MasterKey {
  pickupDate: string;
  tripNumber: string;
}

/**
 * Which rows a read takes: a page by offset (its total is the overview's count of trips); or, for an
 * export, the batch after a key (keyset), which reads the index from the key on however deep the export
 * has gone.
 */
export type MasterSlice = { limit: number; offset: number } | { limit: number; after: MasterKey | null };

/**
 * The rows of a slice with every field. The trips are chosen first on the trips table alone (the customer
 * and pickup-date index, in the table's order); only those are then joined to their order, consignment,
 * parties, fleet, invoice, and to the lateral reads of their issues and documents.
 */
export async function masterRows(input: ReportInput, slice: MasterSlice) {
  const { db, window } = input;
  const paged = 'offset' in slice;
  const after =
    !paged && slice.after
      ? sql`(${trips.pickupDate}, ${trips.tripNumber}) > (${slice.after.pickupDate}::date, ${slice.after.tripNumber})`
      : undefined;
  const chosenQuery = db
    .select({
      tripNumber: sql<string>`${trips.tripNumber}`.as('chosen_trip_number'),
    })
    .from(trips)
    .where(and(pickedUpInRange(input), after))
    .orderBy(asc(trips.pickupDate), asc(trips.tripNumber))
    .limit(slice.limit);
  const chosen = db.$with('chosen').as(paged ? chosenQuery.offset(slice.offset) : chosenQuery);

  const pickupTerminal = alias(terminals, 'pickup_terminal');
  const recipientTerminal = alias(terminals, 'recipient_terminal');
  const steps = tripSteps;
  // Counted for the rows of this page or batch only; a trip without issues or documents reads nothing.
  const openIssues =
    sql<number>`CASE WHEN ${trips.issueCount} = 0 THEN 0 ELSE (SELECT count(*) FROM ${tripIssues}
    WHERE ${tripIssues.tripId} = ${trips.id} AND ${tripIssues.status} = 'OPEN') END`.mapWith(Number);
  const documents = sql<number>`CASE WHEN cardinality(${trips.documentKinds}) = 0 THEN 0 ELSE (SELECT count(*)
    FROM ${tripDocuments} WHERE ${tripDocuments.tripId} = ${trips.id}) END`.mapWith(Number);
  const today = lagosDateSql(window.now);
  const hours = (seconds: SQL) =>
    sql<number | null>`round((${seconds} / 3600)::numeric, 1)`.mapWith(nullableNumber);
  const cancelled = sql`${trips.cancelledAt} IS NOT NULL`;
  const person = (table: typeof drivers | typeof motorBoys) =>
    sql<string | null>`${table.firstName} || ' ' || ${table.lastName}`;
  const location = trips.currentLocation;

  return db
    .with(chosen)
    .select({
      tripNumber: trips.tripNumber,
      orderNumber: orders.orderNumber,
      clientName: orders.clientName,
      reference: orders.reference,
      cargoType: trips.cargoType,
      containerNumber: consignments.containerNumber,
      description: consignments.description,
      containerSize: consignments.containerSize,
      liner: shippingLines.name,
      deliveryOrderValidTo: consignments.deliveryOrderValidityDate,
      quantity: consignments.quantity,
      weightTonnes: sql<number | null>`round(${consignments.weightKg} / 1000.0, 1)`.mapWith(nullableNumber),
      truckType: consignments.truckType,
      pickupTerminal: { operator: pickupTerminal.operator, city: pickupTerminal.city },
      pickupAddress: trips.pickupAddress,
      recipientTerminal: { operator: recipientTerminal.operator, city: recipientTerminal.city },
      recipientAddress: trips.recipientAddress,
      pickupDate: trips.pickupDate,
      expectedDeliveryDate: trips.expectedDeliveryDate,
      transporter: companies.name,
      truck: trucks.registrationNumber,
      driver: person(drivers),
      motorBoy: person(motorBoys),
      amountKobo: trips.amountKobo,
      invoiceNumber: invoices.invoiceNumber,
      invoiceStatus: invoices.status,
      invoiceOverdue: sql<boolean>`(${invoices.status} = 'PENDING_PAYMENT' AND ${invoices.dueAt} < ${window.now.toISOString()}::timestamptz)`,
      latestStatus: trips.latestStatus,
      startedAt: steps.startedAt,
      arrivedPickupAt: steps.arrivedPickupAt,
      loadedAt: steps.loadedAt,
      arrivedDeliveryAt: steps.arrivedDeliveryAt,
      deliveredAt: steps.deliveredAt,
      emptyDroppedAt: steps.emptyDroppedAt,
      transitHours: hours(measuredSecondsSql(steps.loadedAt, steps.deliveredAt)),
      waitAtLoadoutHours: hours(measuredSecondsSql(steps.arrivedPickupAt, steps.loadedAt)),
      // A cancelled trip is judged only on a step it took: "late" for a pickup that was called off misleads.
      pickupVerdict: sql<string | null>`CASE WHEN ${cancelled} AND ${steps.arrivedPickupAt} IS NULL THEN NULL
        ELSE ${pickupVerdictSql(steps, today)} END`,
      deliveryVerdict: sql<string | null>`CASE WHEN ${cancelled} AND ${steps.deliveredAt} IS NULL THEN NULL
        ELSE ${deliveryVerdictSql(steps, today)} END`,
      issues: trips.issueCount,
      openIssues,
      documents,
      proofOfDelivery: sql<boolean>`'PROOF_OF_DELIVERY' = ANY(${trips.documentKinds})`,
      lastLocation: sql<
        string | null
      >`CASE WHEN jsonb_typeof(${location}) = 'object' THEN nullif(concat_ws(', ',
        nullif(${location}->>'description', ''), nullif(${location}->>'lga', ''), nullif(${location}->>'state', '')), '')
        END`,
      cancelledAt: trips.cancelledAt,
      cancellationReason: trips.cancellationReason,
      awardedAt: trips.createdAt,
    })
    .from(chosen)
    .innerJoin(trips, eq(trips.tripNumber, chosen.tripNumber))
    .innerJoin(orders, eq(orders.id, trips.orderId))
    .innerJoin(companies, eq(companies.id, trips.transporterCompanyId))
    .leftJoin(consignments, eq(consignments.tripId, trips.id))
    .leftJoin(shippingLines, eq(shippingLines.id, consignments.linerId))
    .leftJoin(pickupTerminal, eq(pickupTerminal.id, trips.pickupTerminalId))
    .leftJoin(recipientTerminal, eq(recipientTerminal.id, trips.recipientTerminalId))
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(drivers, eq(drivers.id, trips.driverId))
    .leftJoin(motorBoys, eq(motorBoys.id, trips.motorBoyId))
    .leftJoin(invoices, eq(invoices.tripId, trips.id))
    .orderBy(asc(trips.pickupDate), asc(trips.tripNumber));
}

export type MasterRow = Awaited<ReturnType<typeof masterRows>>[number];
