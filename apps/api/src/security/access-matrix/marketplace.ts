import { sideOf } from '../../test/access-world';
import { uploadQuoteDocument } from '../../test/marketplace';
import {
  anySignedIn,
  listsOnlyOwn,
  namesNothingOfOtherSide,
  onlyRoles,
  own,
  type Cell,
  type Expected,
  type MatrixRow,
} from './row';

/**
 * Orders, bids, preferred partners, the transporter search and the dashboards. An order belongs to its
 * customer; open orders are visible to every verified transporter (decision 007), so transporters get
 * 200 on either side's open order, while a bid, a watch and a preferred partner belong to one company and
 * another company's answers 404 as if it did not exist.
 */

const customerOnly = onlyRoles;
const transporterSide = (outcome: number | { own: number; other: number }) =>
  onlyRoles({ transporter: outcome, fleetManager: outcome });

/** The open order of the owner's side, or a new one when the cell changes it. */
const openOrderOf = async ({ world, owner, side, fresh }: Cell) =>
  fresh ? await world.freshOpenOrder(owner) : side.openOrder;

/** The active bid of the owner's transporter, or a new one when the cell changes it. */
const bidOf = async ({ world, owner, side, fresh }: Cell) =>
  fresh ? (await world.freshBid(owner)).bid : side.bid;

/**
 * Who reads a company's scorecard and profile across the market: a transporter's by every customer, itself
 * and the back office; a customer's by every transporter side, itself and the back office.
 */
const transporterCardReaders: Expected = {
  anonymous: 401,
  customer: 200,
  transporter: own(200, 404),
  fleetManager: own(200, 404),
  admin: 200,
};
const customerCardReaders: Expected = {
  anonymous: 401,
  customer: own(200, 404),
  transporter: 200,
  fleetManager: 200,
  admin: 200,
};

const bidRow = async ({ world, side }: Cell) => world.stored('bids', { id: side.bid.id });
const orderRow = async ({ world, side }: Cell) => world.stored('orders', { id: side.openOrder.id });

export const rows: MatrixRow[] = [
  {
    op: 'POST /api/v1/orders/quote-documents',
    owned: false,
    expect: customerOnly({ customer: 201 }),
    request: ({ world }) => ({
      url: '/api/v1/orders/quote-documents',
      multipart: { fields: {}, file: world.files.pdf('quote.pdf') },
    }),
  },
  {
    op: 'POST /api/v1/orders',
    owned: false,
    expect: customerOnly({ customer: 201 }),
    request: ({ world }) => ({ url: '/api/v1/orders', body: world.orderBody() }),
  },
  {
    op: 'POST /api/v1/orders',
    variant: "another customer's quote document",
    expect: customerOnly({ customer: own(201, 400) }),
    note: "A quote document uploaded by another customer answers as an unknown one: 'Upload the quote document again'.",
    request: async ({ world, side }) => {
      const quote = await uploadQuoteDocument(world.t, side.customer.accessToken);
      return { url: '/api/v1/orders', body: world.orderBody({ quoteDocumentId: quote.body.id }) };
    },
  },
  {
    op: 'GET /api/v1/orders',
    expect: customerOnly({ customer: 200 }),
    request: ({ side }) => ({ url: `/api/v1/orders?q=${side.openOrder.orderNumber}` }),
    check: listsOnlyOwn((s) => s.openOrder.id),
  },
  {
    op: 'GET /api/v1/orders/{id}',
    expect: customerOnly({ customer: own(200, 404) }),
    request: ({ side }) => ({ url: `/api/v1/orders/${side.openOrder.id}` }),
  },
  {
    op: 'GET /api/v1/orders/{id}/quote-document',
    expect: { ...onlyRoles({ customer: own(200, 404) }), transporter: 200, fleetManager: 200 },
    note: 'Every verified transporter may read an open order, its quote included (decision 007).',
    request: ({ side }) => ({ url: `/api/v1/orders/${side.openOrder.id}/quote-document` }),
  },
  {
    op: 'GET /api/v1/orders/{id}/quote-document',
    variant: 'partners-only order',
    expect: onlyRoles({ customer: own(200, 404), transporter: own(200, 404), fleetManager: own(200, 404) }),
    note: "Only the customer's preferred partners may see such an order (side A's partner is transporter A).",
    request: ({ side }) => ({ url: `/api/v1/orders/${side.partnersOnlyOrder.id}/quote-document` }),
  },
  {
    op: 'POST /api/v1/orders/{id}/cancel',
    expect: customerOnly({ customer: own(200, 404) }),
    request: async (cell) => ({
      url: `/api/v1/orders/${(await openOrderOf(cell)).id}/cancel`,
      body: { reason: 'The client withdrew the job' },
    }),
    snapshot: orderRow,
  },
  {
    op: 'POST /api/v1/orders/{id}/award',
    expect: customerOnly({ customer: own(200, 404) }),
    request: async ({ world, owner, side, fresh }) => {
      const { order, bid } = fresh ? await world.freshBid(owner) : { order: side.openOrder, bid: side.bid };
      return {
        url: `/api/v1/orders/${order.id}/award`,
        body: { allocations: [{ bidId: bid.id, itemIds: order.items.map((i) => i.id) }] },
      };
    },
    snapshot: orderRow,
  },
  {
    op: 'POST /api/v1/orders/{id}/award',
    variant: "the other side's bid",
    expect: customerOnly({ customer: 404 }),
    note: 'A bid on another order is not a bid of this order, whoever owns the order.',
    request: ({ world, owner, side }) => ({
      url: `/api/v1/orders/${side.openOrder.id}/award`,
      body: {
        allocations: [
          {
            bidId: world.sides[owner === 'A' ? 'B' : 'A'].bid.id,
            itemIds: side.openOrder.items.map((i) => i.id),
          },
        ],
      },
    }),
    snapshot: orderRow,
  },
  {
    op: 'GET /api/v1/preferred-partners',
    owned: false,
    expect: customerOnly({ customer: 200 }),
    request: () => ({ url: '/api/v1/preferred-partners' }),
    check: namesNothingOfOtherSide((s) => [s.transporterCompanyId]),
  },
  {
    op: 'POST /api/v1/preferred-partners',
    owned: false,
    expect: customerOnly({ customer: 201 }),
    // Any verified transporter may be chosen; a new one each time, as choosing one twice is a conflict.
    request: async ({ world }) => ({
      url: '/api/v1/preferred-partners',
      body: { transporterCompanyId: (await world.freshCompanyAccount('TRANSPORTER')).companyId },
    }),
  },
  {
    op: 'POST /api/v1/preferred-partners',
    variant: 'a customer company',
    expect: customerOnly({ customer: 404 }),
    note: 'Only a verified transporter can be chosen; any other company answers as if it did not exist.',
    request: ({ side }) => ({
      url: '/api/v1/preferred-partners',
      body: { transporterCompanyId: side.customerCompanyId },
    }),
    snapshot: ({ world, side }) =>
      world.stored('preferredPartners', { customerCompanyId: side.customerCompanyId }),
  },
  {
    op: 'DELETE /api/v1/preferred-partners/{transporterCompanyId}',
    expect: customerOnly({ customer: own(204, 404) }),
    note: "Another customer's partner is not in the caller's list: 404, and the owner's list keeps it.",
    request: async ({ world, side, fresh }) => {
      if (!fresh) return { url: `/api/v1/preferred-partners/${side.transporterCompanyId}` };
      const partner = await world.freshCompanyAccount('TRANSPORTER');
      await world.send('POST', '/api/v1/preferred-partners', side.customer.accessToken, {
        transporterCompanyId: partner.companyId,
      });
      return { url: `/api/v1/preferred-partners/${partner.companyId}` };
    },
    snapshot: ({ world, side }) =>
      world.stored('preferredPartners', { customerCompanyId: side.customerCompanyId }),
  },
  {
    op: 'GET /api/v1/transporters',
    owned: false,
    expect: customerOnly({ customer: 200 }),
    request: () => ({ url: '/api/v1/transporters?q=Transporter' }),
  },
  {
    op: 'GET /api/v1/bids/open-orders',
    owned: false,
    expect: transporterSide(200),
    request: () => ({ url: '/api/v1/bids/open-orders?size=100' }),
    check: namesNothingOfOtherSide((s) => [s.bid.id]),
  },
  {
    op: 'GET /api/v1/bids/open-orders/{orderId}',
    expect: transporterSide(200),
    note: "Open to every verified transporter; the other transporter's bid on it is not shown (API3).",
    request: ({ side }) => ({ url: `/api/v1/bids/open-orders/${side.openOrder.id}` }),
    check: namesNothingOfOtherSide((s) => [s.bid.id]),
  },
  {
    op: 'GET /api/v1/bids/open-orders',
    variant: 'partners-only orders',
    expect: transporterSide(200),
    request: () => ({ url: '/api/v1/bids/open-orders?cargoType=GENERAL_CARGO&size=100' }),
    check: listsOnlyOwn((s) => s.partnersOnlyOrder.id),
  },
  {
    op: 'GET /api/v1/bids/open-orders/{orderId}',
    variant: 'partners-only order',
    expect: transporterSide(own(200, 404)),
    request: ({ side }) => ({ url: `/api/v1/bids/open-orders/${side.partnersOnlyOrder.id}` }),
  },
  {
    op: 'GET /api/v1/bids/open-orders/{orderId}',
    variant: 'awarded order',
    expect: transporterSide(own(200, 404)),
    note: 'Once awarded, an order stays visible only to the transporters that bid on it.',
    request: ({ side }) => ({ url: `/api/v1/bids/open-orders/${side.awardedOrder.id}` }),
    check: namesNothingOfOtherSide((s) => [s.bid.id]),
  },
  {
    op: 'GET /api/v1/bids/monitored',
    expect: transporterSide(200),
    request: () => ({ url: '/api/v1/bids/monitored?size=100' }),
    check: listsOnlyOwn((s) => s.openOrder.id),
  },
  {
    op: 'PUT /api/v1/bids/monitored/{orderId}',
    expect: transporterSide(204),
    request: async (cell) => ({ url: `/api/v1/bids/monitored/${(await openOrderOf(cell)).id}` }),
  },
  {
    op: 'PUT /api/v1/bids/monitored/{orderId}',
    variant: 'partners-only order',
    expect: transporterSide(own(204, 404)),
    request: async ({ world, owner, side, fresh }) => ({
      url: `/api/v1/bids/monitored/${(fresh ? await world.freshPartnersOnlyOrder(owner) : side.partnersOnlyOrder).id}`,
    }),
    snapshot: ({ world, side }) => world.stored('orderWatches', { orderId: side.partnersOnlyOrder.id }),
  },
  {
    op: 'DELETE /api/v1/bids/monitored/{orderId}',
    expect: transporterSide(own(204, 404)),
    note: "The other company's watch is not the caller's: 404, and that company keeps watching.",
    request: async ({ world, owner, side, fresh, caller }) => {
      if (!fresh) return { url: `/api/v1/bids/monitored/${side.openOrder.id}` };
      const order = await world.freshOpenOrder(owner);
      await world.send('PUT', `/api/v1/bids/monitored/${order.id}`, caller!.accessToken);
      return { url: `/api/v1/bids/monitored/${order.id}` };
    },
    snapshot: ({ world, side }) => world.stored('orderWatches', { orderId: side.openOrder.id }),
  },
  {
    op: 'POST /api/v1/bids',
    expect: transporterSide(201),
    request: async (cell) => ({
      url: '/api/v1/bids',
      body: { orderId: (await openOrderOf(cell)).id, amountKobo: 41_000_000, trucksAvailable: 2 },
    }),
  },
  {
    op: 'POST /api/v1/bids',
    variant: 'partners-only order',
    expect: transporterSide(own(201, 404)),
    request: async ({ world, owner, side, fresh }) => ({
      url: '/api/v1/bids',
      body: {
        orderId: (fresh ? await world.freshPartnersOnlyOrder(owner) : side.partnersOnlyOrder).id,
        amountKobo: 41_000_000,
        trucksAvailable: 1,
      },
    }),
    snapshot: ({ world, side }) => world.stored('bids', { orderId: side.partnersOnlyOrder.id }),
  },
  {
    op: 'GET /api/v1/bids',
    expect: transporterSide(200),
    request: () => ({ url: '/api/v1/bids?status=ACTIVE&size=100' }),
    check: listsOnlyOwn((s) => s.bid.id),
  },
  {
    op: 'GET /api/v1/bids/won',
    expect: transporterSide(200),
    request: ({ side }) => ({ url: `/api/v1/bids/won?q=${side.trip.tripNumber}` }),
    check: listsOnlyOwn((s) => s.trip.id),
  },
  {
    op: 'PATCH /api/v1/bids/{id}',
    expect: transporterSide(own(200, 404)),
    request: async (cell) => ({
      url: `/api/v1/bids/${(await bidOf(cell)).id}`,
      body: { amountKobo: 40_000_000, trucksAvailable: 3 },
    }),
    snapshot: bidRow,
  },
  {
    op: 'POST /api/v1/bids/{id}/withdraw',
    expect: transporterSide(own(200, 404)),
    request: async (cell) => ({ url: `/api/v1/bids/${(await bidOf(cell)).id}/withdraw` }),
    snapshot: bidRow,
  },
  {
    op: 'GET /api/v1/dashboard/customer',
    owned: false,
    expect: customerOnly({ customer: 200 }),
    request: () => ({ url: '/api/v1/dashboard/customer' }),
    check: namesNothingOfOtherSide((s) => [s.openOrder.id, s.awardedOrder.id, s.trip.id]),
  },
  {
    op: 'GET /api/v1/dashboard/transporter',
    owned: false,
    expect: transporterSide(200),
    request: () => ({ url: '/api/v1/dashboard/transporter' }),
    check: namesNothingOfOtherSide((s) => [s.trip.id, s.bid.id, s.truck.id]),
  },

  // Rate guidance: the market's bands, the same for every signed-in caller (no company's own figures).
  {
    op: 'GET /api/v1/rate-guidance',
    owned: false,
    expect: anySignedIn(200),
    request: ({ world }) => ({
      url: `/api/v1/rate-guidance?${new URLSearchParams({
        pickupTerminalId: world.refs.terminalId,
        deliveryState: 'Lagos',
        cargoType: 'IMPORT_LINER_OWNED',
        containerSize: 'FTS_20',
      })}`,
    }),
  },
  {
    op: 'GET /api/v1/rate-guidance/lanes',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/rate-guidance/lanes' }),
  },

  // Scorecards: customers read transporters' cards and transporters customers', never a competitor's.
  {
    op: 'GET /api/v1/companies/{companyId}/scorecard',
    expect: transporterCardReaders,
    request: ({ side }) => ({ url: `/api/v1/companies/${side.transporterCompanyId}/scorecard` }),
  },
  {
    op: 'GET /api/v1/companies/{companyId}/scorecard',
    variant: "a customer's card",
    expect: customerCardReaders,
    request: ({ side }) => ({ url: `/api/v1/companies/${side.customerCompanyId}/scorecard` }),
  },

  // Company profiles follow the scorecard's rule; the directory lists the same companies to every customer.
  {
    op: 'GET /api/v1/companies/{companyId}/profile',
    expect: transporterCardReaders,
    request: ({ side }) => ({ url: `/api/v1/companies/${side.transporterCompanyId}/profile` }),
    check: (answer, cell) => {
      // Whether the transporter is a preferred partner is the calling customer's own, never another's.
      if (answer.status !== 200 || !cell.principal.startsWith('customer')) return;
      const ownPartner = sideOf(cell.principal) === cell.owner;
      if (answer.body.isPreferredPartner !== ownPartner)
        throw new Error(`isPreferredPartner is ${answer.body.isPreferredPartner} (API3)`);
    },
  },
  {
    op: 'GET /api/v1/companies/{companyId}/profile',
    variant: "a customer's profile",
    expect: customerCardReaders,
    request: ({ side }) => ({ url: `/api/v1/companies/${side.customerCompanyId}/profile` }),
  },
  {
    op: 'GET /api/v1/transporter-directory',
    owned: false,
    expect: customerOnly({ customer: 200 }),
    note: "Each side's customer has its side's transporter as its one preferred partner.",
    request: () => ({ url: '/api/v1/transporter-directory?sort=name&size=100' }),
    check: (answer, cell) => {
      const callerSide = sideOf(cell.principal);
      if (answer.status !== 200 || callerSide === null) return;
      const rows = answer.body.content as { companyId: string; isPreferredPartner: boolean }[];
      for (const side of ['A', 'B'] as const) {
        const row = rows.find((r) => r.companyId === cell.world.sides[side].transporterCompanyId);
        if (!row) throw new Error(`transporter ${side} is not in the directory`);
        if (row.isPreferredPartner !== (side === callerSide))
          throw new Error(`transporter ${side} is flagged ${row.isPreferredPartner} (API3)`);
      }
    },
  },
];
