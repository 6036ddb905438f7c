import { screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { transporterCard } from '../../../test/scorecard-fixtures';
import { BID_A, BID_B, ORDER_ID, orderDetail } from '../order-fixtures';

const DETAIL = `GET /api/v1/orders/${ORDER_ID}`;
const AWARD = `POST /api/v1/orders/${ORDER_ID}/award`;
const CANCEL = `POST /api/v1/orders/${ORDER_ID}/cancel`;

function awarded(allocations: { bidId: string; itemIds: string[] }[]): OrderDetail {
  const order = orderDetail();
  const bidOf = new Map(allocations.flatMap((a) => a.itemIds.map((itemId) => [itemId, a.bidId] as const)));
  const bids = [BID_A, BID_B];
  return {
    ...order,
    status: 'AWARDED',
    biddingOpen: false,
    awardedAt: '2026-11-22T10:00:00.000Z',
    bids: bids.map((bid) => ({ ...bid, status: [...bidOf.values()].includes(bid.id) ? 'WON' : 'LOST' })),
    items: order.items.map((item, i) => ({
      ...item,
      awardedBidId: bidOf.get(item.id) ?? null,
      tripId: `trip-${i + 1}`,
      tripNumber: `TRP-2026-00012${i + 3}`,
    })),
    trips: order.items.map((item, i) => {
      const bid = bids.find((b) => b.id === bidOf.get(item.id))!;
      return {
        id: `trip-${i + 1}`,
        tripNumber: `TRP-2026-00012${i + 3}`,
        trackingId: `track-${i + 1}`,
        orderItemId: item.id,
        transporterName: bid.transporterName,
        amountKobo: bid.amountKobo,
      };
    }),
  };
}

/** The detail answers the open order until an award, then the awarded one. */
function mockOrderApi(extra: Parameters<typeof mockApi>[0] = {}) {
  let current = orderDetail();
  const api = mockApi({
    [DETAIL]: () => ({ body: current }),
    [AWARD]: (request) => {
      current = awarded(
        (request.body as { allocations: { bidId: string; itemIds: string[] }[] }).allocations,
      );
      return { body: current };
    },
    ...extra,
  });
  return api;
}

describe('the order detail', () => {
  it('shows the summary, the containers and the bids received', async () => {
    mockOrderApi();
    seedSession('role_customer');
    renderRoute(`/orders/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order ORD-2026-000042' })).toBeVisible();
    expect(document.title).toBe('Order ORD-2026-000042 · Freightlane');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Open for bids')).toBeVisible();
    expect(within(summary).getByText('Import LOC')).toBeVisible();
    expect(within(summary).getByText('APM Terminals Apapa (Port terminal)')).toBeVisible();
    expect(within(summary).getByText('₦450,000.50')).toBeVisible();
    expect(within(summary).getByText('25 Nov 2026')).toBeVisible();
    expect(within(summary).getByText('24 Nov 2026, 17:30')).toBeVisible();
    expect(within(summary).getByText('Every verified transporter')).toBeVisible();

    const items = screen.getByRole('region', { name: 'Containers (2)' });
    expect(within(items).getByText('MSKU1234565')).toBeVisible();
    expect(within(items).getByText('40 FT')).toBeVisible();

    const bids = screen.getByRole('region', { name: 'Bids received (2)' });
    const cards = within(bids).getAllByRole('listitem');
    // The cheapest active bid first.
    expect(cards[0]).toHaveTextContent('Onne Express Logistics');
    expect(cards[0]).toHaveTextContent('4.5 out of 5');
    expect(cards[0]).toHaveTextContent('₦425,000.00');
    expect(cards[0]).toHaveTextContent('Trucks offered: 1');
    expect(cards[1]).toHaveTextContent('Kano Haulage Ltd');
    expect(within(cards[1]!).getByText('Preferred')).toBeVisible();
    expect(within(cards[1]!).getByText('No rating yet')).toBeVisible();
    expect(cards[1]).toHaveTextContent('Note: Trucks are at Apapa already.');
    expect(cards[1]).toHaveTextContent('per container');
  });

  it('awards the whole order to one bid after asking, then shows the trips', async () => {
    const api = mockOrderApi();
    seedSession('role_customer');
    const { user } = renderRoute(`/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Award whole order to Kano Haulage Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award the order?' });
    expect(dialog).toHaveTextContent('Award all 2 containers to Kano Haulage Ltd for ₦450,000.00 each?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    const trips = await screen.findByRole('region', { name: 'Trips (2)' });
    expect(within(trips).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );
    expect(within(trips).getByRole('link', { name: 'Tracking link of TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/tripprogress/track-1',
    );
    expect(within(trips).getByText('TRP-2026-000124')).toBeVisible();
    expect(within(trips).getAllByText('Kano Haulage Ltd')).toHaveLength(2);
    expect(within(trips).getAllByText('₦450,000.00')).toHaveLength(2);
    expect(await screen.findByText('2 trips were created.')).toBeVisible();
    expect(screen.getByText('Awarded', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Award whole order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(api.calls(AWARD)[0]?.body).toEqual({
      allocations: [
        {
          bidId: BID_A.id,
          itemIds: ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'],
        },
      ],
    });
  });

  it('splits the containers across bids and awards them together', async () => {
    const api = mockOrderApi();
    seedSession('role_customer');
    const { user } = renderRoute(`/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Split across bids' }));
    const split = screen.getByRole('region', { name: 'Split across bids' });
    const award = within(split).getByRole('button', { name: 'Award' });
    expect(award).toBeDisabled();

    await user.click(within(split).getByLabelText('Bid for MSKU1234565', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Kano Haulage Ltd · ₦450,000.00' }));
    expect(award).toBeDisabled();
    await user.click(within(split).getByLabelText('Bid for TGHU7654320', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Onne Express Logistics · ₦425,000.00' }));
    expect(within(split).getByText(/Kano Haulage Ltd: 1 container × ₦450,000.00/)).toBeVisible();
    expect(within(split).getByText(/Onne Express Logistics: 1 container × ₦425,000.00/)).toBeVisible();
    expect(within(split).getByText('₦875,000.00')).toBeVisible();
    expect(award).toBeEnabled();

    await user.click(award);
    const dialog = await screen.findByRole('dialog', { name: 'Award the order?' });
    expect(dialog).toHaveTextContent('Award 2 containers across 2 transporters for ₦875,000.00 in total?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await screen.findByRole('region', { name: 'Trips (2)' });
    const { allocations } = api.calls(AWARD)[0]?.body as { allocations: unknown[] };
    expect(allocations).toHaveLength(2);
    expect(allocations).toEqual(
      expect.arrayContaining([
        { bidId: BID_A.id, itemIds: ['c0000000-0000-4000-8000-000000000001'] },
        { bidId: BID_B.id, itemIds: ['c0000000-0000-4000-8000-000000000002'] },
      ]),
    );
  });

  it('shows an awarded order on a phone: a card per trip and per container, each value with it', async () => {
    mockApi({
      [DETAIL]: {
        body: awarded([
          { bidId: BID_A.id, itemIds: ['c0000000-0000-4000-8000-000000000001'] },
          { bidId: BID_B.id, itemIds: ['c0000000-0000-4000-8000-000000000002'] },
        ]),
      },
    });
    seedSession('role_customer');
    renderRoute(`/orders/${ORDER_ID}`);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Awarded', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();

    const trips = within(screen.getByRole('region', { name: 'Trips (2)' })).getByRole('list', {
      name: 'Trips',
    });
    const [kano, onne] = within(trips).getAllByRole('listitem');
    expect(within(kano!).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );
    expect(kano).toHaveTextContent('ContainerMSKU1234565');
    expect(kano).toHaveTextContent('TransporterKano Haulage Ltd');
    expect(kano).toHaveTextContent('Amount₦450,000.00');
    expect(within(kano!).getByRole('link', { name: 'Tracking link of TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/tripprogress/track-1',
    );
    expect(onne).toHaveTextContent('TransporterOnne Express Logistics');
    expect(onne).toHaveTextContent('Amount₦425,000.00');

    const items = within(screen.getByRole('region', { name: 'Containers (2)' })).getByRole('list', {
      name: 'Containers',
    });
    const [first, second] = within(items).getAllByRole('listitem');
    expect(first).toHaveTextContent('MSKU1234565');
    expect(first).toHaveTextContent('Size40 FT');
    expect(first).toHaveTextContent('TripTRP-2026-000123');
    expect(second).toHaveTextContent('Size20 FT');
    expect(second).toHaveTextContent('TripTRP-2026-000124');
  });

  it('shows the unverified-account dialog when an award is refused for that', async () => {
    mockOrderApi({
      [AWARD]: {
        status: 403,
        body: { message: 'Verify your company before you award orders', code: 'COMPANY_NOT_VERIFIED' },
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute(`/orders/${ORDER_ID}`);
    await user.click(
      await screen.findByRole('button', { name: 'Award whole order to Onne Express Logistics' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Award the order?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Account not verified' });
    expect(dialog).toHaveTextContent(
      'Verify your company before you award orders. Your account has not been verified, update your company details HERE to have your account verified.',
    );
  });

  it('cancels an open order with a reason', async () => {
    let cancelled = false;
    const api = mockOrderApi({
      [DETAIL]: () => ({
        body: cancelled
          ? orderDetail({
              status: 'CANCELLED',
              biddingOpen: false,
              cancellationReason: 'Client moved the shipment',
            })
          : orderDetail(),
      }),
      [CANCEL]: () => {
        cancelled = true;
        return {
          body: orderDetail({
            status: 'CANCELLED',
            biddingOpen: false,
            cancellationReason: 'Client moved the shipment',
          }),
        };
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute(`/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('Give a reason')).toBeVisible();
    expect(api.calls(CANCEL)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Client moved the shipment');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This order is cancelled')).toBeVisible();
    expect(screen.getByText('Reason: Client moved the shipment')).toBeVisible();
    expect(api.calls(CANCEL)[0]?.body).toEqual({ reason: 'Client moved the shipment' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: /Award whole order/ })).toBeNull();
  });

  it('shows the server message for an order that cannot be found', async () => {
    mockApi({ [DETAIL]: { status: 404, body: { message: 'Order not found' } } });
    seedSession('role_customer');
    renderRoute(`/orders/${ORDER_ID}`);
    expect(await screen.findByText('Order not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders');
  });
});

describe('scores beside the bids', () => {
  // Onne: ₦425,000 at 82; Lagos: ₦440,000 at 95; Kano: ₦450,000, new. Best value weighs each price by
  // its score's shortfall from 100 (new counts 70): Lagos ₦451,000, Onne ₦463,250, Kano ₦517,500.
  const LAGOS = {
    ...BID_B,
    id: 'a1b2c3d4-0000-4000-8000-00000000000c',
    transporterCompanyId: 'company-lagos',
    transporterName: 'Lagos Express Haulage',
    amountKobo: 44_000_000,
    transporterScore: { score: 95, trips: 40, rating: { average: 4.8, count: 12 }, headlinePercent: 93 },
  };
  const names = (region: HTMLElement) =>
    within(region)
      .getAllByRole('listitem')
      .map((card) => within(card).getAllByRole('button')[0]!.textContent);

  it('shows each transporter’s score, marks the cheapest and the most reliable, and sorts', async () => {
    mockOrderApi({ [DETAIL]: { body: orderDetail({ bids: [BID_A, BID_B, LAGOS] }) } });
    seedSession('role_customer');
    const { user } = renderRoute(`/orders/${ORDER_ID}`);
    const bids = await screen.findByRole('region', { name: 'Bids received (3)' });
    const [onne, lagos, kano] = within(bids).getAllByRole('listitem');
    expect(onne).toHaveTextContent('Score 82/100');
    expect(onne).toHaveTextContent('20 trips');
    expect(onne).toHaveTextContent('4.5 out of 5 (6 ratings)');
    expect(onne).toHaveTextContent('On-time delivery 75%');
    expect(within(onne!).getByText('Cheapest')).toBeVisible();
    expect(within(lagos!).getByText('Most reliable')).toBeVisible();
    expect(within(bids).getAllByText('Cheapest')).toHaveLength(1);
    expect(within(bids).getAllByText('Most reliable')).toHaveLength(1);
    // A transporter without five completed trips yet.
    expect(within(kano!).getByText('New on Freightlane')).toBeVisible();
    expect(kano).toHaveTextContent('0 trips');
    expect(within(kano!).getByText('No rating yet')).toBeVisible();
    expect(kano).not.toHaveTextContent('On-time delivery');

    expect(names(bids)).toEqual(['Onne Express Logistics', 'Lagos Express Haulage', 'Kano Haulage Ltd']);
    await user.click(within(bids).getByRole('radio', { name: 'Score' }));
    expect(names(bids)).toEqual(['Lagos Express Haulage', 'Onne Express Logistics', 'Kano Haulage Ltd']);
    await user.click(within(bids).getByRole('radio', { name: 'Best value' }));
    expect(names(bids)).toEqual(['Lagos Express Haulage', 'Onne Express Logistics', 'Kano Haulage Ltd']);
    await user.click(within(bids).getByRole('radio', { name: 'Price' }));
    expect(names(bids)[0]).toBe('Onne Express Logistics');
  });

  it('marks nobody most reliable when no bidder has a score yet', async () => {
    const NEW = BID_A.transporterScore;
    mockOrderApi({ [DETAIL]: { body: orderDetail({ bids: [BID_A, { ...BID_B, transporterScore: NEW }] }) } });
    seedSession('role_customer');
    renderRoute(`/orders/${ORDER_ID}`);
    const bids = await screen.findByRole('region', { name: 'Bids received (2)' });
    expect(within(bids).getAllByText('New on Freightlane')).toHaveLength(2);
    expect(within(bids).getByText('Cheapest')).toBeVisible();
    expect(within(bids).queryByText('Most reliable')).toBeNull();
  });

  it('opens a transporter’s scorecard from its name', async () => {
    mockOrderApi({
      [`GET /api/v1/companies/${BID_B.transporterCompanyId}/scorecard`]: {
        body: transporterCard({
          companyId: BID_B.transporterCompanyId,
          companyName: BID_B.transporterName,
        }),
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute(`/orders/${ORDER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Onne Express Logistics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scorecard: Onne Express Logistics' });
    expect(
      await within(dialog).findByText('15 of 20 delivered trips with an expected date, last 12 months'),
    ).toBeVisible();
  });
});
