import { screen, waitFor, within } from '@testing-library/react';
import {
  pageOf,
  trackingCompanySchema,
  trackingCredentialSchema,
  trackingDeviceSchema,
  truckSchema,
  TRACKING_SETTINGS_DEFAULTS,
  trackingSettingsSchema,
  type TrackingCredential,
  type TrackingSettings,
} from '@freightlane/domain';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { truck, TRUCK_ID } from '../test-fixtures';
import { accountRequest } from '../components/telematics-account-dialog';

const TRACCAR_ID = '0b5e8f7a-1c2d-4e3f-8a9b-0c1d2e3f4a51';
const PHONE_ID = '0b5e8f7a-1c2d-4e3f-8a9b-0c1d2e3f4a52';
const ACCOUNT_ID = '0b5e8f7a-1c2d-4e3f-8a9b-0c1d2e3f4a53';
const DEVICE_ID = '0b5e8f7a-1c2d-4e3f-8a9b-0c1d2e3f4a54';

const companies = apiFixture(z.array(trackingCompanySchema), [
  {
    id: PHONE_ID,
    name: 'Driver phone',
    kind: 'DRIVER_PHONE',
    description: 'No tracker needed.',
    needsCredential: false,
  },
  {
    id: TRACCAR_ID,
    name: 'Traccar',
    kind: 'TRACCAR',
    description: 'Any Traccar server.',
    needsCredential: true,
  },
]);

function account(overrides: Partial<TrackingCredential> = {}): TrackingCredential {
  return apiFixture(trackingCredentialSchema, {
    id: ACCOUNT_ID,
    trackingCompany: { id: TRACCAR_ID, name: 'Traccar', kind: 'TRACCAR' },
    label: 'Our GPS',
    baseUrl: 'https://gps.eko-haulage.ng',
    authMethod: 'PASSWORD',
    username: 'ops@eko-haulage.ng',
    hasSecret: true,
    status: 'CONNECTED',
    lastPolledAt: '2026-11-24T09:00:00.000Z',
    lastError: null,
    deviceCount: 1,
    linkedDeviceCount: 0,
    createdAt: '2026-11-24T08:00:00.000Z',
    updatedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  });
}

const devices = (truckLinked: boolean) =>
  apiFixture(pageOf(trackingDeviceSchema), {
    content: [
      {
        id: DEVICE_ID,
        externalId: '7',
        name: 'Tracker 7',
        uniqueId: '356307042441013',
        lastPositionAt: null,
        truck: truckLinked ? { id: TRUCK_ID, registrationNumber: 'LSR 123 XY' } : null,
      },
    ],
    totalElements: 1,
    totalPages: 1,
    number: 0,
    size: 20,
  });

describe('the tracking accounts page', () => {
  it('connects a Traccar account, showing the provider’s refusal under the password first', async () => {
    let saved: TrackingCredential[] = [];
    let tries = 0;
    const api = mockApi({
      'GET /api/v1/tracking-companies': { body: companies },
      'GET /api/v1/tracking-credentials': () => ({ body: saved }),
      'POST /api/v1/tracking-credentials': () => {
        tries += 1;
        if (tries === 1) {
          const message = 'The tracking server refused this e-mail and password.';
          return { status: 400, body: { message, errors: [{ field: 'password', message }] } };
        }
        saved = [account()];
        return { status: 201, body: saved[0] };
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute('/fleet/tracking');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tracking' })).toBeVisible();
    expect(await screen.findByText(/No tracking account yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tracking' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Add tracking account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a tracking account' }));
    await user.click(dialog.getByRole('textbox', { name: 'Tracking company' }));
    await user.click(await screen.findByRole('option', { name: 'Traccar' }));
    await user.type(dialog.getByLabelText(/Name of this account/), 'Our GPS');
    await user.type(dialog.getByLabelText(/Server address/), 'https://gps.eko-haulage.ng');
    await user.type(dialog.getByLabelText(/E-mail or user name/), 'ops@eko-haulage.ng');
    await user.type(dialog.getByLabelText(/^Password/), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    expect(await dialog.findByText('The tracking server refused this e-mail and password.')).toBeVisible();

    await user.clear(dialog.getByLabelText(/^Password/));
    await user.type(dialog.getByLabelText(/^Password/), 'right-one');
    await user.click(dialog.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(api.calls('POST /api/v1/tracking-credentials')).toHaveLength(2));
    expect(api.calls('POST /api/v1/tracking-credentials')[1]!.body).toEqual({
      trackingCompanyId: TRACCAR_ID,
      label: 'Our GPS',
      baseUrl: 'https://gps.eko-haulage.ng',
      authMethod: 'PASSWORD',
      username: 'ops@eko-haulage.ng',
      password: 'right-one',
    });
    const card = within(await screen.findByRole('region', { name: 'Our GPS' }));
    expect(card.getByText('Connected')).toBeVisible();
    expect(card.getByText(/0 of 1 device linked to a truck/)).toBeVisible();
  });

  it('says when an account fails, and links a device to a truck', async () => {
    let linked = false;
    const api = mockApi({
      'GET /api/v1/tracking-companies': { body: companies },
      'GET /api/v1/tracking-credentials': {
        body: [account({ status: 'FAILING', lastError: 'The tracking server answered 503.' })],
      },
      [`GET /api/v1/tracking-credentials/trucks/${ACCOUNT_ID}`]: () => ({ body: devices(linked) }),
      [`POST /api/v1/tracking-credentials/trucks/${ACCOUNT_ID}`]: () => {
        linked = true;
        return { body: devices(true) };
      },
      'GET /api/v1/fleet/trucks': {
        body: apiFixture(pageOf(truckSchema), {
          content: [truck()],
          totalElements: 1,
          totalPages: 1,
          number: 0,
          size: 100,
        }),
      },
    });
    seedSession('role_fleet_manager');
    const { user } = renderRoute('/fleet/tracking');
    const card = within(await screen.findByRole('region', { name: 'Our GPS' }));
    expect(card.getByText('Not answering')).toBeVisible();
    expect(card.getByText(/The tracking server answered 503\. We keep trying/)).toBeVisible();

    await user.click(card.getByRole('button', { name: 'Devices and trucks' }));
    expect(await card.findByRole('list', { name: 'Devices' })).toBeVisible();
    const select = await card.findByRole('textbox', { name: 'Truck followed by Tracker 7' });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'LSR 123 XY' }));
    await waitFor(() =>
      expect(api.calls(`POST /api/v1/tracking-credentials/trucks/${ACCOUNT_ID}`)).toHaveLength(1),
    );
    expect(api.calls(`POST /api/v1/tracking-credentials/trucks/${ACCOUNT_ID}`)[0]!.body).toEqual({
      links: [{ deviceId: DEVICE_ID, truckId: TRUCK_ID }],
    });
    expect(await screen.findByText('Tracker 7 now follows LSR 123 XY.')).toBeVisible();
  });

  it('sends only what changed when an account is edited, and a secret only when typed', () => {
    const editing = account();
    const values = {
      trackingCompanyId: TRACCAR_ID,
      label: 'Main GPS',
      baseUrl: 'https://gps.eko-haulage.ng',
      authMethod: 'PASSWORD' as const,
      username: 'ops@eko-haulage.ng',
      password: '',
      token: '',
    };
    expect(accountRequest(values, 'TRACCAR', editing)).toEqual({
      id: ACCOUNT_ID,
      body: { label: 'Main GPS' },
    });
    expect(accountRequest({ ...values, authMethod: 'TOKEN', token: ' tok ' }, 'TRACCAR', editing)).toEqual({
      id: ACCOUNT_ID,
      body: { label: 'Main GPS', authMethod: 'TOKEN', token: 'tok' },
    });
    expect(accountRequest({ ...values, trackingCompanyId: 'sim' }, 'SIMULATOR', null)).toEqual({
      id: null,
      body: { trackingCompanyId: 'sim', label: 'Main GPS' },
    });
  });
});

describe('the arrivals and alarms settings', () => {
  it('start at the company’s settings, save every setting, and put a refusal under its field', async () => {
    let current: TrackingSettings = apiFixture(trackingSettingsSchema, TRACKING_SETTINGS_DEFAULTS);
    let puts = 0;
    const api = mockApi({
      'GET /api/v1/tracking-companies': { body: companies },
      'GET /api/v1/tracking-credentials': { body: [] },
      'GET /api/v1/tracking-settings': () => ({ body: current }),
      'PUT /api/v1/tracking-settings': (request) => {
        puts += 1;
        if (puts === 1) {
          const message = 'The longest silence is at most 1440 minutes';
          return { status: 400, body: { message, errors: [{ field: 'silenceMinutes', message }] } };
        }
        current = apiFixture(trackingSettingsSchema, request.body as TrackingSettings);
        return { body: current };
      },
    });
    seedSession('role_fleet_manager');
    const { user } = renderRoute('/fleet/tracking');
    const card = within(await screen.findByRole('region', { name: 'Arrivals and alarms' }));
    expect(await card.findByRole('radio', { name: 'Record the arrival by itself' })).toBeChecked();
    const stop = card.getByRole('textbox', { name: 'Longest stop' });
    expect(stop).toHaveValue('120 min');
    expect(card.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await user.click(card.getByRole('radio', { name: 'Propose the arrival for us to record' }));
    await user.clear(stop);
    await user.click(card.getByRole('button', { name: 'Save settings' }));
    // Refused in the page by the shared schema, before anything is sent.
    expect(await card.findByText('Enter the longest stop as a number')).toBeVisible();
    expect(api.calls('PUT /api/v1/tracking-settings')).toHaveLength(0);

    await user.clear(stop);
    await user.type(stop, '90');
    await user.click(card.getByRole('switch', { name: /Moving at night/ }));
    expect(card.queryByRole('textbox', { name: 'Night starts at' })).toBeNull();
    await user.click(card.getByRole('button', { name: 'Save settings' }));
    expect(await card.findByText('The longest silence is at most 1440 minutes')).toBeVisible();

    await user.click(card.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.calls('PUT /api/v1/tracking-settings')).toHaveLength(2));
    expect(api.calls('PUT /api/v1/tracking-settings')[1]!.body).toEqual({
      ...TRACKING_SETTINGS_DEFAULTS,
      arrivalMode: 'PROPOSE',
      stopMinutes: 90,
      nightAlerts: false,
    });
    await waitFor(() => expect(card.getByRole('button', { name: 'Save settings' })).toBeDisabled());
  });
});
