import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { fleetManager, MANAGER_ID, motorBoy, MOTOR_BOY_ID } from '../test-fixtures';
import { fillAddress, next, stageHeading, type User } from '../wizard-test-kit';

const ADDRESS = { street: '4 Creek Road', neighborhood: '', lga: 'Apapa', city: 'Apapa', state: 'Lagos' };

async function fillNextOfKinAndGuarantor(user: User, submit: string) {
  expect(await stageHeading('Next of kin')).toBeVisible();
  await user.type(screen.getByLabelText(/^Next of kin name/), 'Bola Bello');
  await user.type(screen.getByLabelText(/^Relationship/), 'Mother');
  await user.type(screen.getByLabelText(/^Next of kin phone number/), '08051112222');
  await next(user);
  expect(await stageHeading('Guarantor')).toBeVisible();
  await user.type(screen.getByLabelText(/^Guarantor name/), 'Alhaji Sani');
  await user.type(screen.getByLabelText(/^Guarantor phone number/), '8063334444');
  await fillAddress(user, ADDRESS);
  await user.click(screen.getByRole('button', { name: submit }));
}

const NEXT_OF_KIN_AND_GUARANTOR = {
  nextOfKin: { name: 'Bola Bello', relationship: 'Mother', phoneNumber: '+2348051112222' },
  guarantor: { name: 'Alhaji Sani', phoneNumber: '+2348063334444', address: ADDRESS },
};

describe('the motor boy and fleet manager wizards', { timeout: 60_000 }, () => {
  it('adds a motor boy in three stages', async () => {
    const api = mockApi({
      'POST /api/v1/fleet/motor-boys': { status: 201, body: motorBoy() },
      [`GET /api/v1/fleet/motor-boys/${MOTOR_BOY_ID}`]: { body: motorBoy() },
    });
    seedSession('role_fleet_manager');
    const { user, router } = renderRoute('/fleet/motor-boys/new');
    expect(await stageHeading('Details')).toBeVisible();
    expect(screen.getByText('Step 1 of 3')).toBeVisible();
    await user.type(screen.getByLabelText(/^First name/), 'Tunde');
    await user.type(screen.getByLabelText(/^Last name/), 'Bello');
    await user.type(screen.getByLabelText(/^Phone number/), '8031234567');
    await fillAddress(user, ADDRESS);
    await next(user);
    await fillNextOfKinAndGuarantor(user, 'Add motor boy');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/fleet/motor-boys/${MOTOR_BOY_ID}`));
    expect(api.calls('POST /api/v1/fleet/motor-boys')[0]!.body).toEqual({
      firstName: 'Tunde',
      lastName: 'Bello',
      phoneNumber: '+2348031234567',
      address: ADDRESS,
      ...NEXT_OF_KIN_AND_GUARANTOR,
    });
    expect(await screen.findByText('Tunde Bello is in your fleet.')).toBeVisible();
  });

  it('invites a fleet manager and says the invitation e-mail was sent', async () => {
    const api = mockApi({
      'POST /api/v1/fleet/managers': { status: 201, body: fleetManager() },
      [`GET /api/v1/fleet/managers/${MANAGER_ID}`]: { body: fleetManager() },
    });
    seedSession('role_transporter');
    const { user, router } = renderRoute('/fleet/managers/new');
    expect(await stageHeading('Details')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Invite a fleet manager' })).toBeVisible();
    await user.type(screen.getByLabelText(/^First name/), 'Ngozi');
    await user.type(screen.getByLabelText(/^Last name/), 'Eze');
    await user.type(screen.getByLabelText(/^Phone number/), '8031234567');
    await user.type(screen.getByLabelText(/^Email/), 'ngozi@');
    await fillAddress(user, ADDRESS);
    await next(user);
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    await user.type(screen.getByLabelText(/^Email/), 'Kano-Haulage.ng');
    await next(user);
    await fillNextOfKinAndGuarantor(user, 'Send invitation');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/fleet/managers/${MANAGER_ID}`));
    expect(api.calls('POST /api/v1/fleet/managers')[0]!.body).toEqual({
      firstName: 'Ngozi',
      lastName: 'Eze',
      phoneNumber: '+2348031234567',
      email: 'ngozi@kano-haulage.ng',
      address: ADDRESS,
      ...NEXT_OF_KIN_AND_GUARANTOR,
    });
    expect(await screen.findByText(/We sent an invitation e-mail to ngozi@kano-haulage.ng/)).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ngozi Eze' })).toBeVisible();
  });

  it('keeps fleet managers from inviting other fleet managers', async () => {
    mockApi({ 'GET /api/v1/fleet/managers': { body: pageOf([fleetManager()]) } });
    seedSession('role_fleet_manager');
    const { router } = renderRoute('/fleet/managers/new');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fleet/managers'));
    expect(await screen.findByRole('link', { name: 'Ngozi Eze' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Invite a fleet manager' })).toBeNull();
  });
});
