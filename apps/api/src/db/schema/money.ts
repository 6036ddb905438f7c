import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ChargeKind,
  ChargeStatus,
  PaymentMethod,
  PaymentStatus,
  PayoutStatus,
} from '@freightlane/domain';
import { companies } from './company';
import { invoices } from './trip';
import { users } from './user';

// Money beyond the invoice itself (docs/decisions/019-money.md): extra charges, payments, the
// provider's webhooks as received, and the transporters' payouts. Amounts are integer kobo.

/** An extra charge on an invoice: waiting time worked out from the trip's times, or one a transporter adds. */
export const invoiceCharges = pgTable(
  'invoice_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ChargeKind>().notNull(),
    status: text('status').$type<ChargeStatus>().notNull().default('PROPOSED'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** For waiting time: what the amount was worked out from. */
    waitedMinutes: integer('waited_minutes'),
    freeHours: integer('free_hours'),
    chargeableHours: integer('chargeable_hours'),
    rateKoboPerHour: bigint('rate_kobo_per_hour', { mode: 'number' }),
    disputeNote: text('dispute_note'),
    /** Null: proposed by the platform from the trip's step times. */
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_charges_invoice_idx').on(t.invoiceId, t.createdAt),
    // One waiting charge per stop: a step undone and done again revises it rather than adding another.
    uniqueIndex('invoice_charges_waiting_idx')
      .on(t.invoiceId, t.kind)
      .where(sql`kind <> 'OTHER'`),
  ],
);

/**
 * A payment of an invoice: an online one started at the provider (PENDING until its webhook or a
 * verification says it succeeded), or a bank transfer an admin saw arrive. The reference is unique,
 * which makes a replayed webhook find the payment it already settled.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('PENDING'),
    reference: text('reference').notNull().unique(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    channel: text('channel'),
    /** The provider's access code for its checkout page. */
    accessCode: text('access_code'),
    authorizationUrl: text('authorization_url'),
    note: text('note'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who started it (the customer's user) or recorded it (the admin). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    // An invoice is paid once: a second success for it is refused by the database itself.
    uniqueIndex('payments_one_success_idx')
      .on(t.invoiceId)
      .where(sql`status = 'SUCCEEDED'`),
  ],
);

/** Every webhook the payment provider sent, kept as received with what was made of it. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').notNull(),
    /** APPLIED (the payment settled now), DUPLICATE (already settled), IGNORED or REJECTED, and why. */
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_webhook_events_reference_idx').on(t.reference, t.receivedAt)],
);

/** What the transporter is owed for a paid invoice, and whether it has been paid out. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .unique()
      .references(() => invoices.id),
    transporterCompanyId: uuid('transporter_company_id')
      .notNull()
      .references(() => companies.id),
    status: text('status').$type<PayoutStatus>().notNull().default('PENDING'),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull(),
    commissionBasisPoints: integer('commission_basis_points').notNull(),
    commissionKobo: bigint('commission_kobo', { mode: 'number' }).notNull(),
    netKobo: bigint('net_kobo', { mode: 'number' }).notNull(),
    reference: text('reference'),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }),
    paidOutBy: uuid('paid_out_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payouts_transporter_idx').on(t.transporterCompanyId, t.status, t.createdAt)],
);
