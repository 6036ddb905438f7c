import {
  addDays,
  bidHistoryItemSchema,
  locationView,
  marketOrderDetailSchema,
  marketOrderSchema,
  myBidSchema,
  wonTripSchema,
  type LocationView,
  type MarketOrder,
  type MarketOrderDetail,
  type MyBid,
  type WonTrip,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';
import { APAPA_TERMINAL, containerItem } from '../../test/marketplace-fixtures';
import type { BidHistoryItem } from './api/bids-api';

export const ORDER_ID = '0b7c3c8e-2f7e-4f7a-9a51-3d2b6f1f0a01';
export const BID_ID = '5d1f8a2e-9c4b-4e3a-8f6d-7a2b1c0d9e02';

export const APAPA: LocationView = apiFixture(locationView, { terminal: APAPA_TERMINAL, address: null });

export const IKEJA: LocationView = apiFixture(locationView, {
  terminal: null,
  address: { street: '12 Oba Akran Avenue', neighborhood: '', lga: 'Ikeja', city: 'Ikeja', state: 'Lagos' },
});

export const CUSTOMER_COMPANY_ID = 'b7c1d2e3-0000-4000-8000-0000000000c1';

/** Bidding closes two days after the real clock, so the order is open whatever day the test runs. */
const closesAt = () => addDays(new Date(), 2).toISOString();

export function makeMarketOrder(overrides: Partial<MarketOrder> = {}): MarketOrder {
  return apiFixture(marketOrderSchema, {
    id: ORDER_ID,
    orderNumber: 'ORD-2026-000042',
    cargoType: 'IMPORT_LINER_OWNED',
    status: 'OPEN',
    biddingOpen: true,
    clientName: 'Dangote Sugar',
    reference: 'PO-7781',
    customerName: 'Lekki Importers Ltd',
    pickup: APAPA,
    recipient: IKEJA,
    pickupDate: '2026-11-25',
    biddingClosesAt: closesAt(),
    targetAmountKobo: 42_000_000,
    preferredPartnersOnly: false,
    returnLoadsWelcome: false,
    itemCount: 3,
    bidCount: 2,
    createdAt: '2026-11-20T09:00:00.000Z',
    watched: false,
    myBid: null,
    customerCompanyId: CUSTOMER_COMPANY_ID,
    // A payer with a counted card: 92 out of 100, 9 of 10 invoices paid by their due date.
    payerScore: { score: 92, trips: 14, rating: { average: 4.2, count: 5 }, headlinePercent: 90 },
    ...overrides,
  });
}

export function makeBid(overrides: Partial<MyBid> = {}): MyBid {
  return apiFixture(myBidSchema, {
    id: BID_ID,
    orderId: ORDER_ID,
    amountKobo: 45_000_000,
    trucksAvailable: 3,
    note: 'Trucks are at the Apapa holding bay.',
    status: 'ACTIVE',
    awardedItemCount: 0,
    createdAt: '2026-11-21T08:00:00.000Z',
    updatedAt: '2026-11-21T08:00:00.000Z',
    ...overrides,
  });
}

export function makeMarketOrderDetail(overrides: Partial<MarketOrderDetail> = {}): MarketOrderDetail {
  return apiFixture(marketOrderDetailSchema, {
    ...makeMarketOrder(),
    items: [
      containerItem(1, 'MSKU1234565'),
      containerItem(2, 'MSKU7654321'),
      containerItem(3, 'TGHU0000017'),
    ],
    quoteDocument: { id: 'd1', fileName: 'quote-ord-42.pdf', sizeBytes: 48_000 },
    ...overrides,
  });
}

export function makeWonTrip(overrides: Partial<WonTrip> = {}): WonTrip {
  return apiFixture(wonTripSchema, {
    tripId: 'trip-1',
    tripNumber: 'TRP-2026-000123',
    trackingId: 'trk-abc',
    orderId: ORDER_ID,
    orderNumber: 'ORD-2026-000042',
    cargoType: 'IMPORT_LINER_OWNED',
    clientName: 'Dangote Sugar',
    reference: 'PO-7781',
    customerName: 'Lekki Importers Ltd',
    containerNumber: 'MSKU1234565',
    cargoDescription: null,
    pickup: APAPA,
    recipient: IKEJA,
    pickupDate: '2026-11-25',
    amountKobo: 45_000_000,
    awardedAt: '2026-11-21T10:00:00.000Z',
    needsResources: true,
    ...overrides,
  });
}

export function makeHistoryItem(overrides: Partial<BidHistoryItem> = {}): BidHistoryItem {
  const {
    watched: _watched,
    myBid: _myBid,
    customerCompanyId: _customer,
    payerScore: _payer,
    ...order
  } = makeMarketOrder();
  return apiFixture(bidHistoryItemSchema, { ...makeBid(), order, ...overrides });
}
