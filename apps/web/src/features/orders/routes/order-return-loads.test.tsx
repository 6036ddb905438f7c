import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { ORDER_ID, orderDetail } from '../order-fixtures';

const DETAIL = `GET /api/v1/orders/${ORDER_ID}`;
const TRUCKS_NEAR = `GET /api/v1/orders/${ORDER_ID}/trucks-near-pickup`;
const WELCOME = `PUT /api/v1/orders/${ORDER_ID}/return-loads-welcome`;

/** The order as the API holds it, changed by the welcome box. */
function mockOrderApi(count: number) {
  let current = orderDetail();
  return mockApi({
    [DETAIL]: () => ({ body: current }),
    [TRUCKS_NEAR]: { body: { count } },
    [WELCOME]: (request) => {
      current = { ...current, ...(request.body as { returnLoadsWelcome: boolean }) };
      return { body: current };
    },
  });
}

describe('an order’s return loads', () => {
  it('counts the trucks expected near the pickup, and marks and unmarks the order welcoming them', async () => {
    const api = mockOrderApi(3);
    seedSession('role_customer');
    const { user } = renderRoute(`/orders/${ORDER_ID}`);
    // The first test of the file also waits for the page's chunk.
    const card = await screen.findByRole('region', { name: 'Return loads' });
    expect(
      await within(card).findByText('3 trucks expected near the pickup before 25 Nov 2026'),
    ).toBeVisible();
    expect(
      within(card).getByText(
        'Trucks on other trips that will be free near your pickup. Only the number is shown, never whose they are.',
      ),
    ).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).queryByText('Return loads welcome')).toBeNull();

    const welcome = within(card).getByRole('checkbox', { name: 'Return loads welcome' });
    expect(welcome).not.toBeChecked();
    await user.click(welcome);
    await waitFor(() => expect(welcome).toBeChecked());
    expect(api.calls(WELCOME)[0]?.body).toEqual({ returnLoadsWelcome: true });
    expect(await screen.findByText('Order ORD-2026-000042 now welcomes return loads.')).toBeVisible();
    expect(within(summary).getByText('Return loads welcome')).toBeVisible();

    await user.click(welcome);
    await waitFor(() => expect(welcome).not.toBeChecked());
    expect(api.calls(WELCOME)[1]?.body).toEqual({ returnLoadsWelcome: false });
    expect(within(summary).queryByText('Return loads welcome')).toBeNull();
    expect(api.calls(TRUCKS_NEAR)).toHaveLength(1);
  });

  it('says when no truck is expected near the pickup yet', async () => {
    mockOrderApi(0);
    seedSession('role_customer');
    renderRoute(`/orders/${ORDER_ID}`);
    expect(await screen.findByText('No trucks expected near the pickup yet')).toBeVisible();
  });

  it('shows the API’s refusal as a toast and leaves the box as it was', async () => {
    mockApi({
      [DETAIL]: { body: orderDetail() },
      [TRUCKS_NEAR]: { body: { count: 1 } },
      [WELCOME]: { status: 400, body: { message: 'Only an open order can welcome return loads' } },
    });
    seedSession('role_customer');
    const { user } = renderRoute(`/orders/${ORDER_ID}`);
    expect(await screen.findByText('1 truck expected near the pickup before 25 Nov 2026')).toBeVisible();
    const welcome = screen.getByRole('checkbox', { name: 'Return loads welcome' });
    await user.click(welcome);
    expect(await screen.findByText('Only an open order can welcome return loads')).toBeVisible();
    expect(welcome).not.toBeChecked();
  });

  it('keeps the badge on an awarded order, without the count or the box', async () => {
    const api = mockApi({
      [DETAIL]: {
        body: orderDetail({
          status: 'AWARDED',
          biddingOpen: false,
          awardedAt: '2026-11-22T10:00:00.000Z',
          returnLoadsWelcome: true,
        }),
      },
      [TRUCKS_NEAR]: { body: { count: 2 } },
    });
    seedSession('role_customer');
    renderRoute(`/orders/${ORDER_ID}`);
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Return loads welcome')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Return loads' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Return loads welcome' })).toBeNull();
    expect(api.calls(TRUCKS_NEAR)).toHaveLength(0);
  });

  it('speaks Pidgin', async () => {
    mockOrderApi(2);
    seedSession('role_customer');
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute(`/orders/${ORDER_ID}`);
    expect(await screen.findByText('2 trucks dey expected near di pickup before 25 Nov 2026')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Return loads dey welcome' })).toBeVisible();
  });
});
