import { screen, waitFor, within } from '@testing-library/react';
import { lagosToday } from '@freightlane/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { driver, DRIVER_ID } from '../test-fixtures';

const DRIVER = `/api/v1/fleet/drivers/${DRIVER_ID}`;
const ERASE = `POST ${DRIVER}/location-history/erasure`;

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.restoreAllMocks();
});

async function openCard(role: 'role_transporter' | 'role_fleet_manager') {
  const api = mockApi({
    [`GET ${DRIVER}`]: { body: driver() },
    [`GET ${DRIVER}/data`]: { body: { exportedAt: '2026-12-03T10:00:00.000Z' } },
    [ERASE]: {
      body: {
        status: 'Successful',
        message: 'erased',
        trips: 4,
        positions: 1234,
      },
    },
  });
  seedSession(role);
  const view = renderRoute(`/fleet/drivers/${DRIVER_ID}`);
  const card = within(await screen.findByRole('region', { name: 'Driver’s data' }));
  return { api, card, ...view };
}

describe('a driver’s data on the driver page', () => {
  it('downloads the driver’s file with the bearer token, named after them and the Lagos date', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:driver-data'), revokeObjectURL: vi.fn() });
    let savedAs = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    const { api, card, user } = await openCard('role_fleet_manager');
    expect(card.getByText(/When Musa Ibrahim asks what Freightlane holds about them/)).toBeVisible();
    await user.click(card.getByRole('button', { name: 'Download driver’s data' }));
    await waitFor(() => expect(savedAs).toBe(`freightlane-driver-data-ibrahim-${lagosToday()}.json`));
    expect(api.calls(`GET ${DRIVER}/data`)[0]!.headers.authorization).toMatch(/^Bearer /);
    // A fleet manager copies the data but does not erase it.
    expect(card.queryByRole('button', { name: 'Erase location history' })).toBeNull();
  });

  it('erases the location history after the owner confirms, and says how much went', async () => {
    const { api, card, user } = await openCard('role_transporter');
    await user.click(card.getByRole('button', { name: 'Erase location history' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Erase Musa Ibrahim’s location history?' }),
    );
    expect(dialog.getByText(/every trip Musa drove are deleted for good/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.calls(ERASE)).toHaveLength(0);

    await user.click(card.getByRole('button', { name: 'Erase location history' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Erase Musa Ibrahim’s location history?' })).getByRole(
        'button',
        { name: 'Okay' },
      ),
    );
    await waitFor(() => expect(api.calls(ERASE)).toHaveLength(1));
    expect(
      await screen.findByText(
        'Musa Ibrahim’s location history is erased: 1,234 positions and the routes of 4 trips.',
      ),
    ).toBeVisible();
  });
});
