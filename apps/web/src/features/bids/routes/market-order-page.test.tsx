import { screen, waitFor, within } from '@testing-library/react';
import type { MyBid } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { BID_ID, makeBid, makeMarketOrderDetail, ORDER_ID } from '../test-fixtures';

const DETAIL = `GET /api/v1/bids/open-orders/${ORDER_ID}`;
const PATH = `/bids/orders/${ORDER_ID}`;

function bidPanel() {
  return screen.getByRole('region', { name: 'Your bid' });
}

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('market order page', () => {
  it('shows the order in full: summary, containers and quote document', async () => {
    pretendDesktop();
    seedSession('role_transporter');
    mockApi({ [DETAIL]: { body: makeMarketOrderDetail() } });
    renderRoute(PATH);
    // The first test of the file also waits for the page's chunk.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ORD-2026-000042' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(document.title).toBe('Order ORD-2026-000042 · Freightlane');
    const table = screen.getByRole('table', { name: 'Containers' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('MSKU1234565')).toBeVisible();
    expect(within(table).getAllByText('40 FT')).toHaveLength(3);
    expect(within(table).getAllByText('Maersk')).toHaveLength(3);
    expect(within(table).getAllByText('1 Dec 2026')).toHaveLength(3);
    expect(screen.getByText('quote-ord-42.pdf')).toBeVisible();
    expect(screen.getByText('PO-7781')).toBeVisible();
  });

  it('lists truck loads for general cargo, a card each on a phone', async () => {
    seedSession('role_transporter');
    mockApi({
      [DETAIL]: {
        body: makeMarketOrderDetail({
          cargoType: 'GENERAL_CARGO',
          itemCount: 1,
          quoteDocument: null,
          items: [
            {
              id: 'g1',
              position: 1,
              containerNumber: null,
              containerSize: null,
              liner: null,
              deliveryOrderValidityDate: null,
              description: 'Bagged cement',
              quantity: 600,
              weightTonnes: 30.5,
              truckType: 'FLATBED',
              awardedBidId: null,
              tripId: null,
              tripNumber: null,
            },
          ],
        }),
      },
    });
    renderRoute(PATH);
    const list = await screen.findByRole('list', { name: 'Truck loads' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('Bagged cement')).toBeVisible();
    expect(card).toHaveTextContent('Quantity600');
    expect(card).toHaveTextContent('Weight (t)30.5');
    expect(card).toHaveTextContent('Truck typeFlatbed');
    expect(screen.getByLabelText(/Price per truck load/)).toBeVisible();
    expect(screen.getByText('The customer did not attach a quote document.')).toBeVisible();
  });

  it('places a bid: naira typed, kobo sent, with the trucks and the note', { timeout: 15_000 }, async () => {
    seedSession('role_transporter');
    let bid: MyBid | null = null;
    const api = mockApi({
      [DETAIL]: () => ({ body: makeMarketOrderDetail({ myBid: bid }) }),
      'POST /api/v1/bids': (request) => {
        bid = makeBid(request.body as object);
        return { status: 201, body: bid };
      },
      'GET /api/v1/dashboard/transporter': { body: {} },
    });
    const { user } = renderRoute(PATH);
    const amount = await screen.findByLabelText(/Price per container/);

    await user.type(amount, 'about 400k');
    await user.tab();
    expect(await screen.findByText('Enter an amount in naira, e.g. 450000')).toBeVisible();

    await user.clear(amount);
    await user.type(amount, '450,000');
    const trucks = screen.getByLabelText(/Trucks you can commit/);
    expect(trucks).toHaveValue('3');
    await user.clear(trucks);
    await user.type(trucks, '2');
    await user.click(screen.getByLabelText(/Note/));
    await user.paste('Two trucks ready at Apapa.');
    await user.click(screen.getByRole('button', { name: 'Place bid' }));

    expect(await screen.findByText('Your bid is placed.')).toBeVisible();
    expect(api.calls('POST /api/v1/bids')[0]?.body).toEqual({
      orderId: ORDER_ID,
      amountKobo: 45_000_000,
      trucksAvailable: 2,
      note: 'Two trucks ready at Apapa.',
    });
    expect(await within(bidPanel()).findByRole('button', { name: 'Revise bid' })).toBeVisible();
    expect(within(bidPanel()).getByText('₦450,000.00')).toBeVisible();
  });

  it('asks for the trucks it can commit', async () => {
    seedSession('role_transporter');
    const api = mockApi({ [DETAIL]: { body: makeMarketOrderDetail() } });
    const { user } = renderRoute(PATH);
    await user.type(await screen.findByLabelText(/Price per container/), '450000');
    await user.clear(screen.getByLabelText(/Trucks you can commit/));
    await user.click(screen.getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText('Enter how many trucks you can commit')).toBeVisible();
    expect(api.calls('POST /api/v1/bids')).toHaveLength(0);
  });

  it('shows a 409 message as a toast', async () => {
    seedSession('role_transporter');
    mockApi({
      [DETAIL]: { body: makeMarketOrderDetail() },
      'POST /api/v1/bids': {
        status: 409,
        body: { message: 'Bidding on this order has closed.', code: 'CONFLICT' },
      },
    });
    const { user } = renderRoute(PATH);
    await user.type(await screen.findByLabelText(/Price per container/), '450000');
    await user.click(screen.getByRole('button', { name: 'Place bid' }));
    expect(await screen.findByText('Bidding on this order has closed.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Place bid' })).toBeEnabled();
  });

  it("shows the spec's unverified-account dialog on 403 COMPANY_NOT_VERIFIED", async () => {
    seedSession('role_transporter');
    mockApi({
      [DETAIL]: { body: makeMarketOrderDetail() },
      'POST /api/v1/bids': {
        status: 403,
        body: { message: 'You cannot bid yet', code: 'COMPANY_NOT_VERIFIED' },
      },
    });
    const { user } = renderRoute(PATH);
    await user.type(await screen.findByLabelText(/Price per container/), '450000');
    await user.click(screen.getByRole('button', { name: 'Place bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account not verified' });
    expect(dialog).toHaveTextContent(
      'You cannot bid yet. Your account has not been verified, update your company details HERE to have your account verified.',
    );
    expect(within(dialog).getByRole('link', { name: 'HERE' })).toHaveAttribute('href', '/company');
  });

  it('revises an active bid from a form filled with it', { timeout: 15_000 }, async () => {
    seedSession('role_transporter');
    let bid = makeBid();
    const api = mockApi({
      [DETAIL]: () => ({ body: makeMarketOrderDetail({ myBid: bid }) }),
      [`PATCH /api/v1/bids/${BID_ID}`]: (request) => {
        bid = makeBid(request.body as object);
        return { body: bid };
      },
      'GET /api/v1/dashboard/transporter': { body: {} },
    });
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Revise bid' }));
    const amount = screen.getByLabelText(/Price per container/);
    expect(amount).toHaveValue('450000.00');
    expect(screen.getByLabelText(/Trucks you can commit/)).toHaveValue('3');
    expect(screen.getByLabelText(/Note/)).toHaveValue('Trucks are at the Apapa holding bay.');

    await user.clear(amount);
    await user.type(amount, '430000.50');
    await user.click(screen.getByRole('button', { name: 'Save revised bid' }));
    expect(await screen.findByText('Your bid is revised.')).toBeVisible();
    expect(api.calls(`PATCH /api/v1/bids/${BID_ID}`)[0]?.body).toEqual({
      amountKobo: 43_000_050,
      trucksAvailable: 3,
      note: 'Trucks are at the Apapa holding bay.',
    });
    expect(await within(bidPanel()).findByText('₦430,000.50')).toBeVisible();
  });

  it('withdraws a bid only after the confirmation', async () => {
    seedSession('role_transporter');
    let bid = makeBid();
    const api = mockApi({
      [DETAIL]: () => ({ body: makeMarketOrderDetail({ myBid: bid }) }),
      [`POST /api/v1/bids/${BID_ID}/withdraw`]: () => {
        bid = makeBid({ status: 'WITHDRAWN' });
        return { body: bid };
      },
      'GET /api/v1/dashboard/transporter': { body: {} },
    });
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Withdraw bid' }));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw bid' });
    expect(dialog).toHaveTextContent('Withdraw your bid? You can bid again until bidding closes.');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(`POST /api/v1/bids/${BID_ID}/withdraw`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Withdraw bid' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw bid' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Your bid is withdrawn.')).toBeVisible();
    expect(api.calls(`POST /api/v1/bids/${BID_ID}/withdraw`)).toHaveLength(1);
    expect(
      await screen.findByText('You withdrew your bid. You can bid again until bidding closes.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Place bid' })).toBeVisible();
  });

  it('is read-only once bidding has closed', async () => {
    seedSession('role_transporter');
    mockApi({
      [DETAIL]: {
        body: makeMarketOrderDetail({
          biddingOpen: false,
          biddingClosesAt: '2026-11-21T13:05:00.000Z',
          myBid: makeBid(),
        }),
      },
    });
    renderRoute(PATH);
    expect(await screen.findByText(/Bidding closed on 21 Nov 2026, 14:05\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Revise bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place bid' })).not.toBeInTheDocument();
  });

  it('points a winner to Bids won', async () => {
    seedSession('role_transporter');
    mockApi({
      [DETAIL]: {
        body: makeMarketOrderDetail({
          status: 'AWARDED',
          biddingOpen: false,
          myBid: makeBid({ status: 'WON', awardedItemCount: 3 }),
        }),
      },
    });
    renderRoute(PATH);
    const line = await screen.findByText(/You won this order — see/);
    expect(line).toHaveTextContent('You won this order — see Bids won');
    expect(within(line).getByRole('link', { name: 'Bids won' })).toHaveAttribute('href', '/bids/won');
    expect(screen.queryByRole('button', { name: 'Revise bid' })).not.toBeInTheDocument();
  });

  it('watches the order from its page', async () => {
    seedSession('role_transporter');
    const api = mockApi({
      [DETAIL]: { body: makeMarketOrderDetail({ watched: true }) },
      [`DELETE /api/v1/bids/monitored/${ORDER_ID}`]: { status: 204 },
    });
    const { user } = renderRoute(PATH);
    const toggle = await screen.findByRole('button', { name: 'Watching' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    await waitFor(() => expect(api.calls(`DELETE /api/v1/bids/monitored/${ORDER_ID}`)).toHaveLength(1));
  });

  it('downloads the quote document with the bearer token', async () => {
    seedSession('role_transporter');
    const api = mockApi({
      [DETAIL]: { body: makeMarketOrderDetail() },
      [`GET /api/v1/orders/${ORDER_ID}/quote-document`]: { body: 'pdf' },
    });
    const createObjectURL = vi.fn(() => 'blob:quote');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = api.calls(`GET /api/v1/orders/${ORDER_ID}/quote-document`)[0];
    expect(request?.headers.authorization).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('quote-ord-42.pdf');
  });

  it("shows the server's message for an order it may not see", async () => {
    seedSession('role_transporter');
    mockApi({ [DETAIL]: { status: 404, body: { message: 'Order not found' } } });
    renderRoute(PATH);
    expect(await screen.findByText('Order not found')).toBeVisible();
  });
});
