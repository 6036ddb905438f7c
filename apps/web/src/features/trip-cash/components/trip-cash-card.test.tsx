import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tripMoneySchema, type TripExpense, type TripMoney } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi, type RecordedRequest } from '../../../test/api-mock';
import { createTestStore, seedSession, TestProviders } from '../../../test/render';
import { TripCashCard } from './trip-cash-card';

const TRIP_ID = 'b1111111-1111-4111-8111-111111111111';
const MONEY = `GET /api/v1/trips/${TRIP_ID}/money`;
const DRIVER = { id: 'd1111111-1111-4111-8111-111111111111', name: 'Musa Bello' };

function expense(overrides: Partial<TripExpense> = {}): TripExpense {
  return {
    id: 'e1111111-1111-4111-8111-111111111111',
    kind: 'DIESEL',
    amountKobo: 18_750_000,
    litres: 150,
    pricePerLitreKobo: 125_000,
    note: null,
    place: 'Near Mile 2, Amuwo-Odofin, Lagos',
    spentAt: '2026-12-01T09:00:00.000Z',
    status: 'PENDING',
    reviewNote: null,
    reviewedBy: null,
    reviewedAt: null,
    driverReply: null,
    recordedBy: 'Musa Bello',
    fromDriver: true,
    driver: DRIVER,
    receipt: {
      fileName: 'receipt.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 20_000,
      sha256: 'ab'.repeat(32),
    },
    recordedAt: '2026-12-01T09:00:00.000Z',
    ...overrides,
  };
}

function money(overrides: Partial<TripMoney> = {}): TripMoney {
  return apiFixture(tripMoneySchema, {
    trip: { id: TRIP_ID, tripNumber: 'TRP-2026-000123', latestTripStatus: 'LOADED', cancelled: false },
    driver: DRIVER,
    advances: [
      {
        id: 'a1111111-1111-4111-8111-111111111111',
        method: 'CASH',
        amountKobo: 10_000_000,
        reference: null,
        givenAt: '2026-12-01T07:00:00.000Z',
        givenBy: 'Ada Okafor',
        driver: DRIVER,
      },
    ],
    expenses: [expense()],
    totals: {
      advancesKobo: 10_000_000,
      approvedKobo: 0,
      waitingKobo: 18_750_000,
      rejectedKobo: 0,
      balanceKobo: -10_000_000,
    },
    settlement: null,
    profit: {
      haulageKobo: 50_000_000,
      commissionBasisPoints: 500,
      commissionKobo: 2_500_000,
      commissionSettled: false,
      approvedExpensesKobo: 0,
      profitKobo: 47_500_000,
    },
    diesel: {
      litres: 150,
      distanceKm: null,
      litresPer100Km: null,
      truckMedianPer100Km: 30,
      truckTrips: 6,
      flagged: false,
    },
    closedBecause: null,
    settleBlockedBecause: 'A trip is settled once it is delivered or cancelled',
    ...overrides,
  });
}

function renderCard(
  initial: TripMoney,
  extra: Record<string, (r: RecordedRequest) => { status?: number; body: unknown }> = {},
  locale: 'en-NG' | 'pcm' = 'en-NG',
) {
  const api = mockApi({ [MONEY]: { body: initial }, ...extra });
  seedSession('role_transporter');
  const store = createTestStore();
  store.start();
  const user = userEvent.setup();
  render(
    <TestProviders store={store}>
      <AppLanguageProvider initialLocale={locale}>
        <TripCashCard tripId={TRIP_ID} />
      </AppLanguageProvider>
    </TestProviders>,
  );
  return { api, user };
}

async function card(name = 'Trip cash') {
  const region = within(await screen.findByRole('region', { name }));
  await waitFor(() => expect(screen.queryByRole('status', { name: /Loading the trip/ })).toBeNull());
  return region;
}

describe('the trip cash card', () => {
  it('shows the advances, the expense waiting for review, who holds the cash, and the profit', async () => {
    renderCard(money());
    const c = await card();
    expect(
      c.getByText('What Musa Bello was given and spent on this trip. Only your company sees it.'),
    ).toBeVisible();
    expect(c.getByText('The driver holds ₦100,000.00')).toBeVisible();
    expect(c.getByText('Cash ₦100,000.00')).toBeVisible();
    const item = within(c.getByRole('listitem', { name: 'Diesel: ₦187,500.00' }));
    expect(item.getByText('150 litres at ₦1,250.00 a litre')).toBeVisible();
    expect(item.getByText('Waiting for review')).toBeVisible();
    expect(item.getByRole('button', { name: 'Download the receipt of Diesel, ₦187,500.00' })).toBeVisible();
    const profit = within(c.getByRole('region', { name: 'Profit' }));
    expect(
      profit.getByText("Platform commission (5%, today's rate until the invoice is paid)"),
    ).toBeVisible();
    expect(profit.getByText('₦475,000.00')).toBeVisible();
    // Not delivered yet: settling waits, and says why.
    expect(c.getByRole('button', { name: 'Settle' })).toBeDisabled();
    expect(c.getByText('Settle: A trip is settled once it is delivered or cancelled')).toBeVisible();
    // On the road: the litres so far, the distance once the trip ends.
    const diesel = within(c.getByRole('region', { name: 'Diesel' }));
    expect(diesel.getByText('Litres per 100 km once the trip ends and its route is kept.')).toBeVisible();
  });

  it('approves an expense and shows the account the server answers', async () => {
    const approved = money({
      expenses: [
        expense({ status: 'APPROVED', reviewedBy: 'Ada Okafor', reviewedAt: '2026-12-01T10:00:00.000Z' }),
      ],
      totals: {
        advancesKobo: 10_000_000,
        approvedKobo: 18_750_000,
        waitingKobo: 0,
        rejectedKobo: 0,
        balanceKobo: 8_750_000,
      },
      profit: { ...money().profit, approvedExpensesKobo: 18_750_000, profitKobo: 28_750_000 },
    });
    const review = `POST /api/v1/trips/${TRIP_ID}/expenses/${expense().id}/review`;
    const { api, user } = renderCard(money(), { [review]: () => ({ body: approved }) });
    const c = await card();
    await user.click(c.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(c.getByText('You owe the driver ₦87,500.00')).toBeVisible());
    expect(api.calls(review)[0]!.body).toEqual({ decision: 'APPROVE' });
    expect(within(c.getByRole('region', { name: 'Profit' })).getByText('₦287,500.00')).toBeVisible();
    expect(c.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('asks the question of a query before sending it', async () => {
    const review = `POST /api/v1/trips/${TRIP_ID}/expenses/${expense().id}/review`;
    const { api, user } = renderCard(money(), {
      [review]: () => ({
        body: money({ expenses: [expense({ status: 'QUERIED', reviewNote: 'Which station?' })] }),
      }),
    });
    const c = await card();
    await user.click(c.getByRole('button', { name: 'Query' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Query this expense' }));
    await user.click(dialog.getByRole('button', { name: 'Send question' }));
    expect(await dialog.findByText('Write the question or the reason')).toBeVisible();
    expect(api.calls(review)).toHaveLength(0);
    await user.type(dialog.getByLabelText(/Question for the driver/), 'Which station?');
    await user.click(dialog.getByRole('button', { name: 'Send question' }));
    await waitFor(() => expect(api.calls(review)).toHaveLength(1));
    expect(api.calls(review)[0]!.body).toEqual({ decision: 'QUERY', note: 'Which station?' });
    expect(await c.findByText('Question: Which station?')).toBeVisible();
  });

  it('says a settled trip’s payment and what carried, with no more buttons', async () => {
    renderCard(
      money({
        settlement: {
          balanceKobo: -10_000_000,
          paidKobo: -6_000_000,
          carriedKobo: -4_000_000,
          method: 'CASH',
          reference: null,
          note: null,
          settledAt: '2026-12-02T10:00:00.000Z',
          settledBy: 'Ada Okafor',
          driver: DRIVER,
        },
        closedBecause: "This trip's cash account is settled; it takes no further change",
        settleBlockedBecause: 'The trip is settled',
      }),
    );
    const c = await card();
    expect(c.getByText(/Musa Bello returned ₦60,000.00 \(Cash\) to Ada Okafor/)).toBeVisible();
    expect(c.getByText(/Musa Bello still holds ₦40,000.00, carried to the running balance/)).toBeVisible();
    expect(c.queryByRole('button', { name: 'Give advance' })).toBeNull();
    expect(c.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows the diesel against the distance once the route is kept, and a flag above the truck’s usual', async () => {
    renderCard(
      money({
        diesel: {
          litres: 180,
          distanceKm: 400,
          litresPer100Km: 45,
          truckMedianPer100Km: 30,
          truckTrips: 6,
          flagged: true,
        },
      }),
    );
    const c = within((await card()).getByRole('region', { name: 'Diesel' }));
    expect(c.getByText('180 litres bought')).toBeVisible();
    expect(c.getByText('400 km driven · 45 litres per 100 km')).toBeVisible();
    expect(c.getByText('The truck’s usual: 30 litres per 100 km over its last 6 trips.')).toBeVisible();
    expect(c.getByText(/More than 25% above the truck’s usual/)).toBeVisible();
  });

  it('speaks Pidgin', async () => {
    renderCard(money(), {}, 'pcm');
    const c = await card('Trip money');
    expect(c.getByText('Di driver still hold ₦100,000.00')).toBeVisible();
    expect(c.getByRole('button', { name: 'Give advance' })).toBeVisible();
  });
});
