import {
  linerListResponse,
  orderDetailSchema,
  receivedBidSchema,
  terminalListResponse,
  type Liner,
  type OrderDetail,
  type ReceivedBid,
  type ScoreSummary,
  type Terminal,
} from '@freightlane/domain';
import { apiFixture } from '../../test/api-fixture';
import { APAPA_TERMINAL, MAERSK, containerItem } from '../../test/marketplace-fixtures';

/** API answers for the orders tests, parsed with the domain's response schemas. */

export const TERMINALS: Terminal[] = apiFixture(terminalListResponse, [
  APAPA_TERMINAL,
  {
    id: '0b6c3c1e-5f0a-4a57-9d7e-0f4f5b1f2a02',
    code: 'OCHB',
    name: 'Ojota Container Holding Bay',
    operator: 'Ojota Logistics',
    kind: 'HOLDING_BAY',
    port: 'Apapa',
    city: 'Ojota',
    lga: 'Kosofe',
    state: 'Lagos',
  },
  {
    id: '0b6c3c1e-5f0a-4a57-9d7e-0f4f5b1f2a03',
    code: 'WACT',
    name: 'West Africa Container Terminal',
    operator: 'WACT',
    kind: 'PORT_TERMINAL',
    port: 'Onne',
    city: 'Onne',
    lga: 'Eleme',
    state: 'Rivers',
  },
]);

export const LINERS: Liner[] = apiFixture(linerListResponse, [
  MAERSK,
  { id: '6f1d3a0e-1c2b-4b8d-9a55-7d2e1c3b4a03', code: 'MSCU', name: 'MSC' },
]);

export const ORDER_ID = '3f0c2b1a-9d8e-4f7a-8b6c-5d4e3f2a1b0c';

/** A transporter with no card counted yet: new on Freightlane. */
export const NEW_SCORE: ScoreSummary = {
  score: null,
  trips: 0,
  rating: { average: null, count: 0 },
  headlinePercent: null,
};

function bid(overrides: Partial<ReceivedBid> & Pick<ReceivedBid, 'id' | 'transporterName'>): ReceivedBid {
  return apiFixture(receivedBidSchema, {
    transporterCompanyId: `company-${overrides.id}`,
    transporterScore: NEW_SCORE,
    preferredPartner: false,
    amountKobo: 45_000_000,
    trucksAvailable: 3,
    note: '',
    status: 'ACTIVE',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  });
}

export const BID_A = bid({
  id: 'a1b2c3d4-0000-4000-8000-00000000000a',
  transporterName: 'Kano Haulage Ltd',
  amountKobo: 45_000_000,
  preferredPartner: true,
  note: 'Trucks are at Apapa already.',
});
export const BID_B = bid({
  id: 'a1b2c3d4-0000-4000-8000-00000000000b',
  transporterName: 'Onne Express Logistics',
  amountKobo: 42_500_000,
  transporterScore: { score: 82, trips: 20, rating: { average: 4.5, count: 6 }, headlinePercent: 75 },
  trucksAvailable: 1,
});

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return apiFixture(orderDetailSchema, {
    id: ORDER_ID,
    orderNumber: 'ORD-2026-000042',
    cargoType: 'IMPORT_LINER_OWNED',
    status: 'OPEN',
    biddingOpen: true,
    clientName: 'Dangote Cement',
    reference: 'BL-4471',
    customerName: 'Okafor Imports Ltd',
    pickup: { terminal: TERMINALS[0]!, address: null },
    recipient: {
      terminal: null,
      address: { street: '4 Creek Road', neighborhood: '', lga: 'Apapa', city: 'Apapa', state: 'Lagos' },
    },
    pickupDate: '2026-11-25',
    biddingClosesAt: '2026-11-24T16:30:00.000Z',
    targetAmountKobo: 45_000_050,
    preferredPartnersOnly: false,
    returnLoadsWelcome: false,
    itemCount: 2,
    bidCount: 2,
    createdAt: '2026-11-21T09:00:00.000Z',
    items: [
      containerItem(1, 'MSKU1234565', { id: 'c0000000-0000-4000-8000-000000000001' }),
      containerItem(2, 'TGHU7654320', {
        id: 'c0000000-0000-4000-8000-000000000002',
        containerSize: 'FTS_20',
      }),
    ],
    quoteDocument: null,
    cancellationReason: null,
    awardedAt: null,
    bids: [BID_A, BID_B],
    trips: [],
    ...overrides,
  });
}
