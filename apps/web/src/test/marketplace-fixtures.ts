import {
  linerSchema,
  orderItemSchema,
  terminalSchema,
  tripSummarySchema,
  type Liner,
  type OrderItem,
  type Page,
  type Terminal,
  type TripSummary,
} from '@freightlane/domain';
import { apiFixture } from './api-fixture';

/** API answers shared by the orders, bids, trips and admin tests, parsed with the domain's response schemas. */

export const APAPA_TERMINAL: Terminal = apiFixture(terminalSchema, {
  id: '0b6c3c1e-5f0a-4a57-9d7e-0f4f5b1f2a01',
  code: 'APMT',
  name: 'APM Terminals Apapa',
  operator: 'APM Terminals',
  kind: 'PORT_TERMINAL',
  port: 'Apapa',
  city: 'Apapa',
  lga: 'Apapa',
  state: 'Lagos',
});

export const MAERSK: Liner = apiFixture(linerSchema, {
  id: '6f1d3a0e-1c2b-4b8d-9a55-7d2e1c3b4a02',
  code: 'MAEU',
  name: 'Maersk',
});

/** What an order item or a trip's consignment says of a 40 ft Maersk container besides its number. */
const FORTY_FOOT_LOAD = {
  containerSize: 'FTS_40',
  liner: MAERSK,
  deliveryOrderValidityDate: '2026-12-01',
  description: null,
  quantity: null,
  weightTonnes: null,
  truckType: null,
} as const;

/** A 40 ft container of an order, not yet awarded. */
export function containerItem(
  position: number,
  containerNumber: string,
  overrides: Partial<OrderItem> = {},
): OrderItem {
  return apiFixture(orderItemSchema, {
    id: `item-${position}`,
    position,
    containerNumber,
    ...FORTY_FOOT_LOAD,
    awardedBidId: null,
    tripId: null,
    tripNumber: null,
    ...overrides,
  });
}

/** The API's zero-based page envelope around `content`. */
export function pageOf<T>(
  content: T[],
  {
    number = 0,
    size = 20,
    totalElements = content.length,
    totalPages = Math.ceil(totalElements / size),
  }: Partial<Omit<Page<T>, 'content'>> = {},
): Page<T> {
  return { content, totalElements, totalPages, number, size };
}

/** A loaded trip of one 40 ft container from Apapa to a factory in Ikeja, as the trips list shows it. */
export function tripSummary(overrides: Partial<TripSummary> = {}): TripSummary {
  return apiFixture(tripSummarySchema, {
    id: 'trip-1',
    tripNumber: 'TRP-2026-000123',
    trackingId: 'track-1',
    orderId: 'order-1',
    orderNumber: 'ORD-2026-000042',
    cargoType: 'IMPORT_LINER_OWNED',
    clientName: 'Dangote Cement',
    reference: 'BL-4471',
    customerName: 'Okafor Imports Ltd',
    transporterName: 'Kano Haulage Ltd',
    pickup: { terminal: APAPA_TERMINAL, address: null },
    recipient: {
      terminal: null,
      address: { street: '1 Factory Road', neighborhood: '', lga: 'Ikeja', city: 'Ikeja', state: 'Lagos' },
    },
    pickupDate: '2026-11-25',
    amountKobo: 45_000_000,
    consignment: { id: 'c1', containerNumber: 'MSKU1234565', ...FORTY_FOOT_LOAD },
    latestTripStatus: { tripStatus: 'LOADED', timeStamp: '2026-11-25T10:00:00.000Z' },
    completed: false,
    cancelled: false,
    hasOpenIssue: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  });
}
