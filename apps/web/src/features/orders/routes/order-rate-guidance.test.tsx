import { screen, waitFor, within } from '@testing-library/react';
import { lagosDateInDays, rateGuidanceSchema, type RateGuidance } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { LINERS, TERMINALS } from '../order-fixtures';
import { emptyOrderDraft, orderDraftKey, saveOrderDraft, type OrderDraftValues } from '../order-draft';

// The page's code is loaded lazily, which takes a moment on a cold start.

const RATE_GUIDANCE = 'GET /api/v1/rate-guidance';
const LONG = 30_000;

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

function mockWizardApi(guidance: MockReply | ((request: RecordedRequest) => MockReply)) {
  return mockApi({
    'GET /api/v1/lookups/terminals': { body: TERMINALS },
    'GET /api/v1/lookups/liners': { body: LINERS },
    'GET /api/v1/preferred-partners': { body: [] },
    [RATE_GUIDANCE]: guidance,
  });
}

/** A draft up to the delivery step: two 40 ft containers and a 20 ft, picked up at APM Terminals Apapa. */
function draftAtDelivery(recipientTerminalId = ''): OrderDraftValues {
  const container = (containerNumber: string, containerSize: 'FTS_20' | 'FTS_40') => ({
    containerNumber,
    containerSize,
    linerId: LINERS[0]!.id,
    deliveryOrderValidityDate: lagosDateInDays(10),
  });
  return {
    ...emptyOrderDraft(),
    cargoType: 'IMPORT_LINER_OWNED',
    clientName: 'Dangote Cement',
    containers: [
      container('MSKU1234565', 'FTS_40'),
      container('MSKU7654321', 'FTS_20'),
      container('TGHU0000017', 'FTS_40'),
    ],
    pickup: { ...emptyOrderDraft().pickup, terminalId: TERMINALS[0]!.id },
    recipient: { ...emptyOrderDraft().recipient, terminalId: recipientTerminalId },
    bidDetails: {
      pickupDate: lagosDateInDays(5),
      closingDate: lagosDateInDays(2),
      closingTime: '17:30',
      targetPrice: '',
    },
  };
}

function resumeAt(step: number, values: OrderDraftValues) {
  const session = seedSession('role_customer');
  saveOrderDraft(window.localStorage, orderDraftKey(session.accessToken)!, { step, values });
  return renderRoute('/orders/new');
}

describe('the expected cost in the order wizard', () => {
  it(
    'shows a band per container size once the delivery is chosen, beside the target price and on the review',
    async () => {
      const api = mockWizardApi((request) => ({
        body: request.url.includes('FTS_20') ? laneGuidance({ awards: 4, band: null }) : laneGuidance(),
      }));
      const { user } = resumeAt(3, draftAtDelivery());
      await user.click(await screen.findByRole('button', { name: 'Resume' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Delivery location' })).toBeVisible();
      // No delivery yet: no lane, nothing asked.
      expect(api.calls(RATE_GUIDANCE)).toHaveLength(0);
      expect(screen.queryByRole('region', { name: 'Expected cost' })).toBeNull();

      await user.click(screen.getByLabelText('Delivery terminal', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: /West Africa Container Terminal/ }));
      const expected = await screen.findByRole('region', { name: 'Expected cost' });
      await waitFor(() => expect(within(expected).getAllByRole('region')).toHaveLength(2));
      const urls = api.calls(RATE_GUIDANCE).map((call) => call.url);
      expect(urls).toEqual([
        `/api/v1/rate-guidance?pickupTerminalId=${TERMINALS[0]!.id}&deliveryTerminalId=${TERMINALS[2]!.id}&cargoType=IMPORT_LINER_OWNED&containerSize=FTS_40`,
        `/api/v1/rate-guidance?pickupTerminalId=${TERMINALS[0]!.id}&deliveryTerminalId=${TERMINALS[2]!.id}&cargoType=IMPORT_LINER_OWNED&containerSize=FTS_20`,
      ]);
      const forty = within(expected).getByRole('region', { name: 'Per container, 40 FT' });
      expect(forty).toHaveTextContent(
        'Trucks on this lane were awarded ₦380,000.00 – ₦460,000.00 (middle half), typically ₦420,000.00',
      );
      expect(within(expected).getByRole('region', { name: 'Per container, 20 FT' })).toHaveTextContent(
        'Not enough awards on this lane yet (4 of 5)',
      );

      await user.type(screen.getByLabelText('Target price per container (optional)'), '300,000');
      expect(
        within(forty).getByText('Your target price of ₦300,000.00 is below the usual range.'),
      ).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Save and continue' }));
      const review = await screen.findByRole('region', { name: 'Review your order' });
      const onReview = within(review).getByRole('region', { name: 'Expected cost' });
      expect(
        within(onReview).getByText('Your target price of ₦300,000.00 is below the usual range.'),
      ).toBeVisible();
      expect(within(onReview).getByText('Diesel ₦1,250.50 a litre (as of 28 Nov 2026)')).toBeVisible();
    },
    LONG,
  );

  it(
    'asks by the pickup address’s state and LGA and the delivery state for general cargo',
    async () => {
      const api = mockWizardApi({ body: laneGuidance() });
      const values: OrderDraftValues = {
        ...draftAtDelivery(),
        cargoType: 'GENERAL_CARGO',
        containers: [],
        generalCargos: [
          { description: 'Bagged flour', quantity: '600', weightTonnes: '30', truckType: 'FLATBED' },
          { description: 'Bagged flour', quantity: '600', weightTonnes: '30', truckType: 'FLATBED' },
        ],
        pickup: {
          kind: 'ADDRESS',
          terminalId: '',
          address: {
            street: '12 Oba Akran Avenue',
            neighborhood: '',
            lga: 'Ikeja',
            city: 'Ikeja',
            state: 'Lagos',
          },
        },
        recipient: {
          kind: 'ADDRESS',
          terminalId: '',
          address: {
            street: '4 Bompai Road',
            neighborhood: '',
            lga: 'Nassarawa',
            city: 'Kano',
            state: 'Kano',
          },
        },
      };
      const { user } = resumeAt(4, values);
      await user.click(await screen.findByRole('button', { name: 'Resume' }));
      const review = await screen.findByRole('region', { name: 'Review your order' });
      const expected = await within(review).findByRole('region', { name: 'Expected cost' });
      expect(within(expected).getByRole('region', { name: 'Per truck load, Flatbed' })).toBeVisible();
      expect(api.calls(RATE_GUIDANCE).map((call) => call.url)).toEqual([
        '/api/v1/rate-guidance?pickupState=Lagos&pickupLga=Ikeja&deliveryState=Kano&cargoType=GENERAL_CARGO&truckType=FLATBED',
      ]);
    },
    LONG,
  );

  it(
    'shows nothing, and no error, when the figures cannot be had, and the order goes on',
    async () => {
      const api = mockWizardApi({ status: 500, body: { message: 'Something broke' } });
      const { user } = resumeAt(3, draftAtDelivery(TERMINALS[2]!.id));
      await user.click(await screen.findByRole('button', { name: 'Resume' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Delivery location' })).toBeVisible();
      await waitFor(() => expect(api.calls(RATE_GUIDANCE)).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region', { name: 'Expected cost' })).toBeNull();
      expect(screen.queryByText('Something broke')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Save and continue' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Review your order' })).toBeVisible();
      expect(screen.queryByRole('region', { name: 'Expected cost' })).toBeNull();
    },
    LONG,
  );
});
