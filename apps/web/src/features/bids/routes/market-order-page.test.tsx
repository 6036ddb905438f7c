import { screen, waitFor, within } from '@testing-library/react';
import { rateGuidanceSchema, type MyBid, type RateGuidance } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { APAPA_TERMINAL, containerItem } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { customerCard } from '../../../test/scorecard-fixtures';
import { BID_ID, CUSTOMER_COMPANY_ID, makeBid, makeMarketOrderDetail, ORDER_ID } from '../test-fixtures';

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
    expect(await screen.findByRole('heading', { level: 1, name: 'ORD-2026-000042' })).toBeVisible();
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

  it('places a bid: naira typed, kobo sent, with the trucks and the note', async () => {
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

  it('revises an active bid from a form filled with it', async () => {
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

const RATE_GUIDANCE = 'GET /api/v1/rate-guidance';

/** The lane's band: 12 awards, the middle half ₦380,000.00 to ₦460,000.00, typically ₦420,000.00. */
function laneGuidance(overrides: Partial<RateGuidance> = {}): RateGuidance {
  return apiFixture(rateGuidanceSchema, {
    awards: 12,
    band: { p25Kobo: 38_000_000, p50Kobo: 42_000_000, p75Kobo: 46_000_000 },
    windowDays: 90,
    minimumAwards: 5,
    computedAt: '2026-11-28T10:00:00.000Z',
    diesel: { koboPerLitre: 125_050, asOf: '2026-11-28' },
    ...overrides,
  });
}

function ratesCard() {
  return screen.findByRole('region', { name: 'Rates on this lane' });
}

describe('rates on the market order page', () => {
  it('shows the lane’s band by the bid form and places the amount being typed against it', async () => {
    seedSession('role_transporter');
    const api = mockApi({
      [DETAIL]: { body: makeMarketOrderDetail() },
      [RATE_GUIDANCE]: { body: laneGuidance() },
    });
    const { user } = renderRoute(PATH);
    const card = await ratesCard();
    // Apapa terminal to an Ikeja address, three 40 ft containers: one lane, one size, one call.
    expect(api.calls(RATE_GUIDANCE)).toHaveLength(1);
    expect(api.calls(RATE_GUIDANCE)[0]!.url).toBe(
      `/api/v1/rate-guidance?pickupTerminalId=${APAPA_TERMINAL.id}&deliveryState=Lagos&cargoType=IMPORT_LINER_OWNED&containerSize=FTS_40`,
    );
    const band = within(card).getByRole('region', { name: 'Per container, 40 FT' });
    expect(band).toHaveTextContent(
      'Trucks on this lane were awarded ₦380,000.00 – ₦460,000.00 (middle half), typically ₦420,000.00',
    );
    expect(band).toHaveTextContent('from 12 awards in the last 90 days');
    expect(band).toHaveTextContent('Diesel ₦1,250.50 a litre (as of 28 Nov 2026)');
    expect(band).not.toHaveTextContent('Your bid');

    const amount = screen.getByLabelText(/Price per container/);
    await user.type(amount, '300,000');
    expect(within(band).getByText('Your bid of ₦300,000.00 is below the usual range.')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '500000');
    expect(within(band).getByText('Your bid of ₦500,000.00 is above the usual range.')).toBeVisible();
  });

  it('places the active bid against the band when nothing is typed', async () => {
    seedSession('role_transporter');
    mockApi({
      [DETAIL]: { body: makeMarketOrderDetail({ myBid: makeBid({ amountKobo: 44_000_000 }) }) },
      [RATE_GUIDANCE]: { body: laneGuidance() },
    });
    renderRoute(PATH);
    const card = await ratesCard();
    expect(within(card).getByText('Your bid of ₦440,000.00 is within the usual range.')).toBeVisible();
  });

  it('shows a band per container size, and says the lane has too few awards where it has', async () => {
    seedSession('role_transporter');
    const api = mockApi({
      [DETAIL]: {
        body: makeMarketOrderDetail({
          items: [
            containerItem(1, 'MSKU1234565'),
            containerItem(2, 'MSKU7654321', { containerSize: 'FTS_20' }),
            containerItem(3, 'TGHU0000017'),
          ],
        }),
      },
      [RATE_GUIDANCE]: (request) => ({
        body: request.url.includes('FTS_20') ? laneGuidance({ awards: 2, band: null }) : laneGuidance(),
      }),
    });
    const { user } = renderRoute(PATH);
    const card = await ratesCard();
    await waitFor(() => expect(within(card).getAllByRole('region')).toHaveLength(2));
    expect(api.calls(RATE_GUIDANCE)).toHaveLength(2);
    expect(within(card).getByRole('region', { name: 'Per container, 40 FT' })).toHaveTextContent(
      'typically ₦420,000.00',
    );
    expect(within(card).getByRole('region', { name: 'Per container, 20 FT' })).toHaveTextContent(
      'Not enough awards on this lane yet (2 of 5)',
    );
    // The diesel price and how it is worked out are said once, under both.
    expect(within(card).getAllByText('Diesel ₦1,250.50 a litre (as of 28 Nov 2026)')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'How is this worked out?' }));
    expect(within(card).getByText(/The figures are worked out again every hour\./)).toBeVisible();
  });

  it('shows no band and no error when the figures cannot be had', async () => {
    seedSession('role_transporter');
    const api = mockApi({
      [DETAIL]: { body: makeMarketOrderDetail() },
      [RATE_GUIDANCE]: { status: 500, body: { message: 'Something broke' } },
    });
    renderRoute(PATH);
    expect(await screen.findByLabelText(/Price per container/)).toBeVisible();
    await waitFor(() => expect(api.calls(RATE_GUIDANCE)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Rates on this lane' })).toBeNull();
    expect(screen.queryByText('Something broke')).toBeNull();
  });
});

describe('the payer’s score on the market order page', () => {
  it('shows the customer’s score, trips, rating and invoices paid on time, and opens its card', async () => {
    seedSession('role_transporter');
    mockApi({
      [DETAIL]: { body: makeMarketOrderDetail() },
      [RATE_GUIDANCE]: { body: laneGuidance() },
      [`GET /api/v1/companies/${CUSTOMER_COMPANY_ID}/scorecard`]: {
        body: customerCard({ companyId: CUSTOMER_COMPANY_ID }),
      },
    });
    const { user } = renderRoute(PATH);
    const payer = await screen.findByRole('region', { name: "Payer's score" });
    expect(payer).toHaveTextContent('Score 92/100');
    expect(payer).toHaveTextContent('14 trips');
    expect(payer).toHaveTextContent('4.2 out of 5 (5 ratings)');
    expect(payer).toHaveTextContent('Pays on time 90%');
    await user.click(within(payer).getByRole('button', { name: 'Lekki Importers Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scorecard: Lekki Importers Ltd' });
    expect(await within(dialog).findByText('9 of 10 invoices due, last 12 months')).toBeVisible();
  });

  it('says a customer with fewer than 5 trips is new on Freightlane', async () => {
    seedSession('role_transporter');
    mockApi({
      [DETAIL]: {
        body: makeMarketOrderDetail({
          payerScore: { score: null, trips: 2, rating: { average: null, count: 0 }, headlinePercent: null },
        }),
      },
      [RATE_GUIDANCE]: { body: laneGuidance() },
    });
    renderRoute(PATH);
    const payer = await screen.findByRole('region', { name: "Payer's score" });
    expect(within(payer).getByText('New on Freightlane')).toBeVisible();
    expect(payer).toHaveTextContent('2 trips');
    expect(within(payer).getByText('No rating yet')).toBeVisible();
    expect(payer).not.toHaveTextContent('Pays on time');
  });
});
