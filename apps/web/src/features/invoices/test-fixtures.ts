import {
  DAY_MS,
  invoiceChargeSchema,
  invoiceDetailSchema,
  invoiceSchema,
  invoiceSummarySchema,
  paymentSchema,
  payoutSchema,
  type Invoice,
  type InvoiceCharge,
  type InvoiceDetail,
  type InvoiceSummary,
  type Payment,
  type Payout,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';

export const INVOICE_ID = '0c9a3b9e-5d1f-4e51-9a7e-3b1a0e6f2c11';
export const CHARGE_ID = '6f2b8d14-1c3e-4a7b-9d0e-2f4c6a8b0d13';

/** ₦450,000.00 haulage with 7.5 % VAT: ₦483,750.00 to pay. */
export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return apiFixture(invoiceSchema, {
    id: INVOICE_ID,
    invoiceNumber: 'INV-2026-000017',
    trip: { id: 'trip-1', tripNumber: 'TRP-2026-000123' },
    orderNumber: 'ORD-2026-000042',
    customerName: 'Okafor Imports Ltd',
    transporterName: 'Kano Haulage Ltd',
    haulageKobo: 45_000_000,
    chargesKobo: 0,
    vatKobo: 3_375_000,
    amountKobo: 48_375_000,
    chargesAwaitingAnswer: 0,
    status: 'PENDING_PAYMENT',
    dueAt: new Date(Date.now() + 10 * DAY_MS).toISOString(),
    paidAt: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  });
}

export function summaryFixture(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return apiFixture(invoiceSummarySchema, {
    pendingCount: 3,
    pendingKobo: 171_828_539,
    overdueCount: 1,
    overdueKobo: 123_456_789,
    paidThisMonthKobo: 90_000_000,
    chargesAwaitingAnswer: 2,
    ...overrides,
  });
}

/** A waiting charge the platform proposed from the trip's times: 4 started hours at ₦5,000.00. */
export function chargeFixture(overrides: Partial<InvoiceCharge> = {}): InvoiceCharge {
  return apiFixture(invoiceChargeSchema, {
    id: CHARGE_ID,
    kind: 'WAITING_AT_PICKUP',
    status: 'PROPOSED',
    amountKobo: 2_000_000,
    reason:
      'Waited 15 h 20 min at Apapa terminal before loading; 12 free hours, 4 started hours at ₦5,000.00.',
    waiting: { waitedMinutes: 920, freeHours: 12, chargeableHours: 4, rateKoboPerHour: 500_000 },
    disputeNote: null,
    proposedBy: null,
    answeredBy: null,
    answeredAt: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    ...overrides,
  });
}

export function paymentFixture(overrides: Partial<Payment> = {}): Payment {
  return apiFixture(paymentSchema, {
    id: 'payment-1',
    method: 'CARD',
    status: 'SUCCEEDED',
    reference: 'FL-INV-2026-000017-1a2b',
    amountKobo: 48_375_000,
    channel: 'card',
    paidAt: '2026-11-24T13:05:00.000Z',
    note: null,
    createdAt: '2026-11-24T13:03:00.000Z',
    ...overrides,
  });
}

export function payoutFixture(overrides: Partial<Payout> = {}): Payout {
  return apiFixture(payoutSchema, {
    id: 'payout-1',
    status: 'PENDING',
    paidKobo: 48_375_000,
    commissionBasisPoints: 500,
    commissionKobo: 2_250_000,
    netKobo: 46_125_000,
    reference: null,
    paidOutAt: null,
    ...overrides,
  });
}

export function invoiceDetailFixture(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return apiFixture(invoiceDetailSchema, {
    ...invoiceFixture(),
    customer: {
      name: 'Okafor Imports Ltd',
      address: '12 Creek Road, Apapa, Lagos',
      email: 'accounts@okafor-imports.ng',
    },
    transporter: { name: 'Kano Haulage Ltd', address: '3 Wharf Road, Apapa, Lagos', email: null },
    cargoType: 'IMPORT_LINER_OWNED',
    pickupDate: '2026-11-23',
    pickup: 'APM Terminals, Apapa',
    recipient: 'Okafor warehouse, Ikeja',
    cargo: ['MSKU1234565 · 40 ft'],
    vatBasisPoints: 750,
    subtotalKobo: 45_000_000,
    charges: [],
    payments: [],
    payout: null,
    actions: [],
    ...overrides,
  });
}
