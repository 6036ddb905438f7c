import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  lagosDateInDays,
  containerCheckDigit,
  type BidStatus,
  type CreateOrderInput,
  type OrderDetail,
} from '@freightlane/domain';
import type { CompanySeed } from '../db/seed/factories';
import { bids, shippingLines, terminals } from '../db/schema';
import { signedInAccount } from './accounts';
import { multipartBody } from './multipart';
import { call, type TestApp } from './test-app';

/**
 * A container number with a correct ISO 6346 check digit. The same seed always gives the same
 * number; different seeds (0…999999) give different numbers for one owner code.
 */
export function validContainerNumber(seed: number = randomInt(0, 1_000_000), ownerCode = 'MSCU'): string {
  const firstTen = `${ownerCode}${String(Math.abs(Math.trunc(seed)) % 1_000_000).padStart(6, '0')}`;
  const digit = containerCheckDigit(firstTen);
  if (digit === null) throw new Error(`Not a container owner code: ${ownerCode}`);
  return `${firstTen}${digit}`;
}

/** Lagos calendar date, `days` from today, as YYYY-MM-DD. */
export const lagosDate = (days = 0, now = new Date()): string => lagosDateInDays(days, now);

export interface ReferenceIds {
  terminalId: string;
  linerId: string;
}

/** A seeded terminal and shipping line (APM Terminals Apapa and MSC unless codes are given). */
export async function referenceIds(t: TestApp, codes: { terminal?: string; liner?: string } = {}) {
  const [terminal] = await t.ctx.db
    .select()
    .from(terminals)
    .where(eq(terminals.code, codes.terminal ?? 'APMT-APAPA'));
  const [liner] = await t.ctx.db
    .select()
    .from(shippingLines)
    .where(eq(shippingLines.code, codes.liner ?? 'MSC'));
  if (!terminal || !liner) throw new Error('Reference data is not seeded');
  return { terminalId: terminal.id, linerId: liner.id, terminal, liner };
}

/** `count` containers with distinct valid numbers, all with one liner. */
export function containerRows(count: number, linerId: string, sizes: string[] = ['FTS_20']) {
  const start = randomInt(0, 1_000_000 - count);
  return Array.from({ length: count }, (_, i) => ({
    containerNumber: validContainerNumber(start + i),
    containerSize: sizes[i % sizes.length]!,
    linerId,
    deliveryOrderValidityDate: lagosDate(10),
  }));
}

export const LAGOS_ADDRESS = {
  street: '12 Oba Akran Avenue',
  neighborhood: 'Ikeja Industrial Estate',
  lga: 'Ikeja',
  city: 'Ikeja',
  state: 'Lagos',
} as const;

/**
 * A valid create-order body: an Import LOC order of one container from a terminal to a Lagos
 * address, picked up in 3 days, bidding closing in 1 day. Overrides replace whole top-level fields.
 */
export function orderBody(
  overrides: Record<string, unknown> = {},
  refs: ReferenceIds,
): CreateOrderInput & Record<string, unknown> {
  return {
    cargoType: 'IMPORT_LINER_OWNED',
    clientName: 'Dangote Foods Ltd',
    reference: 'PO-7781',
    containers: containerRows(1, refs.linerId),
    generalCargos: [],
    pickup: { kind: 'TERMINAL', terminalId: refs.terminalId },
    recipient: { kind: 'ADDRESS', address: { ...LAGOS_ADDRESS } },
    bidDetails: {
      pickupDate: lagosDate(3),
      biddingClosesAt: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      targetAmountKobo: 45_000_000,
    },
    preferredPartnersOnly: false,
    quoteDocumentId: null,
    ...overrides,
  } as CreateOrderInput & Record<string, unknown>;
}

/** One general-cargo truck load. */
export function generalCargoRow(overrides: Record<string, unknown> = {}) {
  return {
    description: 'Bagged cement, 600 bags',
    quantity: 600,
    weightTonnes: 30,
    truckType: 'FLATBED',
    ...overrides,
  };
}

export async function createVerifiedCustomer(t: TestApp, company: Partial<CompanySeed> = {}) {
  return signedInAccount(t, 'CUSTOMER', {
    verificationStatus: 'VERIFIED',
    name: `Customer ${randomInt(0, 1_000_000)} Ltd`,
    ...company,
  });
}

export async function createVerifiedTransporter(t: TestApp, company: Partial<CompanySeed> = {}) {
  return signedInAccount(t, 'TRANSPORTER', {
    verificationStatus: 'VERIFIED',
    name: `Haulage ${randomInt(0, 1_000_000)} Ltd`,
    address: {
      street: '3 Trailer Park Road',
      neighborhood: 'Orile',
      lga: 'Ajeromi-Ifelodun',
      city: 'Lagos',
      state: 'Lagos',
    },
    ...company,
  });
}

/** Places an order through the API and returns its detail; fails the test on any non-201. */
export async function placeOrderViaApi(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const refs = await referenceIds(t);
  const res = await call(t.app, 'POST', '/api/v1/orders', orderBody(overrides, refs), { token });
  if (res.status !== 201)
    throw new Error(`placing an order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as OrderDetail;
}

/** A bid written straight to the database (no bidding rules applied). */
export async function insertBid(
  t: TestApp,
  orderId: string,
  transporterCompanyId: string,
  amountKobo: number,
  extra: { trucksAvailable?: number; note?: string; status?: BidStatus } = {},
) {
  const [row] = await t.ctx.db
    .insert(bids)
    .values({
      orderId,
      transporterCompanyId,
      amountKobo,
      trucksAvailable: extra.trucksAvailable ?? 2,
      note: extra.note ?? '',
      status: extra.status ?? 'ACTIVE',
      withdrawnAt: extra.status === 'WITHDRAWN' ? new Date() : null,
    })
    .returning();
  return row!;
}

/** The smallest file the upload sniffing accepts as a PDF. */
export function samplePdf(text = 'Quote'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** Uploads a quote document as the customer; returns the raw answer (status and JSON body). */
export async function uploadQuoteDocument(
  t: TestApp,
  token: string,
  content: Buffer = samplePdf(),
  fileName = 'quote.pdf',
) {
  const { payload, headers } = multipartBody({}, { fileName, content, contentType: 'application/pdf' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders/quote-documents',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> };
}
