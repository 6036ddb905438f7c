import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { typedDayFirst } from '../../../test/typed-date';
import { daysFromToday, truck, TRUCK_ID } from '../test-fixtures';
import { choose, next, stageHeading, type User } from '../wizard-test-kit';

const CREATE = 'POST /api/v1/fleet/trucks';

function mockTruckApi(reply: MockReply) {
  return mockApi({
    [CREATE]: reply,
    [`GET /api/v1/fleet/trucks/${TRUCK_ID}`]: { body: truck() },
  });
}

async function fillDetails(user: User) {
  await user.type(screen.getByLabelText(/^Registration number/), 'lsr-123xy');
  await user.type(screen.getByLabelText(/^Make/), 'MAN');
  await user.type(screen.getByLabelText(/^Model/), 'TGS 33.400');
  await user.type(screen.getByLabelText(/^Year of manufacture/), '2019');
  await choose(user, /^Truck type/, 'Container chassis 40 FT');
  await user.type(screen.getByLabelText(/^Capacity \(tonnes\)/), '30.5');
}

/** From the filled Details stage: on to Documents, and add the truck without any. */
async function submitFromDetails(user: User) {
  await next(user);
  await stageHeading('Documents');
  await user.click(screen.getByRole('button', { name: 'Add truck' }));
}

describe('the truck wizard', () => {
  it('checks each stage before moving on, keeps entries on Back, then posts the whole truck', async () => {
    const api = mockTruckApi({ status: 201, body: truck() });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/fleet/trucks/new');

    expect(await stageHeading('Details')).toBeVisible();
    expect(document.title).toBe('Add a truck · Freightlane');
    expect(screen.getByRole('heading', { level: 1, name: 'Add a truck' })).toBeVisible();
    expect(screen.getByText('Step 1 of 2')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Make is required')).toBeVisible();
    expect(screen.getByText('Enter the year of manufacture')).toBeVisible();
    expect(screen.getByText('Choose the truck type')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();

    await fillDetails(user);
    await user.clear(screen.getByLabelText(/^Year of manufacture/));
    await user.type(screen.getByLabelText(/^Year of manufacture/), '1960');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Year must be 1970 or later')).toBeVisible();
    await user.clear(screen.getByLabelText(/^Year of manufacture/));
    await user.type(screen.getByLabelText(/^Year of manufacture/), '2019');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await stageHeading('Documents')).toBeVisible();
    expect(screen.getByText('Step 2 of 2')).toBeVisible();
    await user.type(screen.getByLabelText('Insurance number (optional)'), 'INS-7788');

    // Back keeps both what was saved and what was typed on the stage left.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stageHeading('Details')).toBeVisible();
    expect(screen.getByLabelText(/^Registration number/)).toHaveValue('lsr-123xy');
    expect(screen.getByRole('textbox', { name: /^Truck type/ })).toHaveValue('Container chassis 40 FT');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await stageHeading('Documents')).toBeVisible();
    expect(screen.getByLabelText('Insurance number (optional)')).toHaveValue('INS-7788');

    // A document number without its expiry date is not enough.
    await user.click(screen.getByRole('button', { name: 'Add truck' }));
    expect(await screen.findByText('Enter the date as day, month and year, e.g. 1 Dec 2026')).toBeVisible();
    expect(api.calls(CREATE)).toHaveLength(0);

    const insuranceExpiry = daysFromToday(300);
    const licenceExpiry = daysFromToday(200);
    await user.type(screen.getByLabelText('Insurance expires on'), typedDayFirst(insuranceExpiry));
    await user.type(screen.getByLabelText('Vehicle licence expires on'), typedDayFirst(licenceExpiry));
    await user.click(screen.getByRole('button', { name: 'Add truck' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/fleet/trucks/${TRUCK_ID}`));
    expect(api.calls(CREATE)).toHaveLength(1);
    expect(api.calls(CREATE)[0]!.body).toEqual({
      registrationNumber: 'LSR 123 XY',
      make: 'MAN',
      model: 'TGS 33.400',
      year: 2019,
      type: 'CONTAINER_CHASSIS_40',
      capacityTonnes: 30.5,
      documents: {
        vehicleLicence: { expiresOn: licenceExpiry },
        insurance: { number: 'INS-7788', expiresOn: insuranceExpiry },
      },
    });
    expect(await screen.findByText('LSR 123 XY is in your fleet.')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'LSR 123 XY' })).toBeVisible();
  });

  it('goes back to the stage of a field the server refuses and shows its message there', async () => {
    const api = mockTruckApi({
      status: 400,
      body: {
        message: 'Check the highlighted fields',
        code: 'BAD_REQUEST',
        errors: [{ field: 'capacityTonnes', message: 'A 40 FT chassis carries at least 20 tonnes' }],
      },
    });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/fleet/trucks/new');
    await stageHeading('Details');
    await fillDetails(user);
    await submitFromDetails(user);

    expect(await stageHeading('Details')).toBeVisible();
    const capacity = screen.getByLabelText(/^Capacity \(tonnes\)/);
    await waitFor(() =>
      expect(capacity).toHaveAccessibleDescription(/A 40 FT chassis carries at least 20 tonnes/),
    );
    expect(capacity).toHaveFocus();
    expect(screen.getByText('Check the highlighted fields')).toBeVisible();
    expect(router.state.location.pathname).toBe('/fleet/trucks/new');

    // Fixing it and going through the stages again sends the corrected truck.
    api.requests.length = 0;
    await user.clear(screen.getByLabelText(/^Capacity \(tonnes\)/));
    await user.type(screen.getByLabelText(/^Capacity \(tonnes\)/), '30');
    await submitFromDetails(user);
    await waitFor(() => expect(api.calls(CREATE)[0]?.body).toMatchObject({ capacityTonnes: 30 }));
  });

  it('shows a duplicate plate on the registration number', async () => {
    const message = 'A truck with this registration number is already in your fleet.';
    mockTruckApi({
      status: 409,
      body: { message, code: 'CONFLICT', errors: [{ field: 'registrationNumber', message }] },
    });
    seedSession('role_fleet_manager');
    const { user } = renderRoute('/fleet/trucks/new');
    await stageHeading('Details');
    await fillDetails(user);
    await submitFromDetails(user);

    expect(await stageHeading('Details')).toBeVisible();
    const plate = screen.getByLabelText(/^Registration number/);
    await waitFor(() => expect(plate).toHaveAccessibleDescription(new RegExp(message)));
    expect(plate).toHaveAttribute('aria-invalid', 'true');
  });
});
