import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { SetActiveButton } from './set-active-button';

const TRUCK_ID = 'b7e2c1d0-0000-4000-8000-000000000804';
const ACTIVE = `PATCH /api/v1/fleet/trucks/${TRUCK_ID}/active`;
const ON_TRIPS = 'LSR 804 TR is on TRP-2026-000040 and TRP-2026-000041. Replace it on those trips first.';

function renderButton() {
  seedSession('role_transporter');
  return renderRoute('/', {
    routes: [
      { path: '/', element: <SetActiveButton kind="trucks" id={TRUCK_ID} active name="LSR 804 TR" /> },
    ],
  });
}

describe('the deactivate button', () => {
  it("shows the server's refusal, naming the trips the truck is on", async () => {
    const api = mockApi({ [ACTIVE]: { status: 409, body: { message: ON_TRIPS } } });
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Deactivate LSR 804 TR' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate LSR 804 TR?' });
    expect(dialog).toHaveTextContent('On a trip that is not finished, replace it first.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(ON_TRIPS)).toBeVisible();
    expect(screen.getByText('LSR 804 TR not deactivated')).toBeVisible();
    expect(screen.queryByText('LSR 804 TR is deactivated.')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(ACTIVE)[0]?.body).toEqual({ active: false });
  });
});
