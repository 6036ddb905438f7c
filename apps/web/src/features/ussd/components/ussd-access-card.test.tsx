import { screen, waitFor, within } from '@testing-library/react';
import { driverSchema, ussdAccessSchema, ussdPinIssuedSchema, type UssdAccess } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../i18n/app-language';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';

const DRIVER_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c12';
const DRIVER = `/api/v1/fleet/drivers/${DRIVER_ID}`;
const LAGOS = {
  street: '12 Oba Akran Avenue',
  neighborhood: 'Ikeja GRA',
  lga: 'Ikeja',
  city: 'Ikeja',
  state: 'Lagos',
} as const;

/** The driver page's record, as GET /api/v1/fleet/drivers/{id} answers it. */
const driver = () =>
  apiFixture(driverSchema, {
    id: DRIVER_ID,
    firstName: 'Musa',
    lastName: 'Ibrahim',
    phoneNumber: '+2348031234567',
    address: LAGOS,
    nextOfKin: { name: 'Adaeze Okafor', phoneNumber: '+2348051112222', relationship: 'Sister' },
    guarantor: { name: 'Chief Emeka Nwosu', phoneNumber: '+2348063334444', address: LAGOS },
    licenceNumber: 'LAG12345AA01',
    licenceExpiresOn: '2028-01-31',
    hasPhoto: false,
    active: true,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
  });
const PIN = `/api/v1/fleet/drivers/${DRIVER_ID}/ussd-pin`;

const accessWith = (overrides: Partial<UssdAccess> = {}) =>
  apiFixture(ussdAccessSchema, {
    serviceCode: '*384*1234#',
    pinSetAt: null,
    failedTries: 0,
    lockedUntil: null,
    phoneVerified: false,
    ...overrides,
  });

async function openCard() {
  seedSession('role_transporter');
  const rendered = renderRoute(`/fleet/drivers/${DRIVER_ID}`);
  const card = within(await screen.findByRole('region', { name: 'USSD access' }));
  return { ...rendered, card };
}

describe('a driver’s USSD access', () => {
  it('gives a first PIN, shows it once to copy, and asks before replacing it', async () => {
    let access = accessWith();
    let given = 0;
    const api = mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`GET ${PIN}`]: () => ({ body: access }),
      [`POST ${PIN}`]: () => {
        given += 1;
        const pinSetAt = `2026-11-24T0${given + 8}:00:00.000Z`;
        access = accessWith({ pinSetAt });
        return {
          status: 201,
          body: apiFixture(ussdPinIssuedSchema, {
            pin: given === 1 ? '4821' : '0937',
            pinSetAt,
            sentBySms: false,
          }),
        };
      },
    });
    const { user, card } = await openCard();
    expect(await card.findByText(/dials/)).toHaveTextContent(
      'Musa dials *384*1234# on any phone, even without data, to see the trip, record the next step and report a problem',
    );
    expect(card.getByText('No PIN yet: Musa cannot use the menu until you give one.')).toBeVisible();
    // The number is not verified: the PIN cannot go by SMS.
    expect(card.getByRole('checkbox', { name: 'Also send the PIN to Musa by SMS' })).toBeDisabled();
    expect(card.getByText(/Verify the driver’s phone number first/)).toBeVisible();

    await user.click(card.getByRole('button', { name: 'Give a new PIN' }));
    expect(await card.findByDisplayValue('4821')).toBeVisible();
    expect(card.getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(card.getByText('Tell Musa this PIN. It is shown only now.')).toBeVisible();
    expect(await card.findByText('PIN given 24 Nov 2026, 10:00.')).toBeVisible();
    expect(api.calls(`POST ${PIN}`)[0]!.body).toEqual({ sendBySms: false });

    await user.click(card.getByRole('button', { name: 'Give a new PIN' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Give a new PIN?' }));
    expect(dialog.getByText('The PIN Musa has now stops working. Give Musa the new one.')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Okay' }));
    expect(await card.findByDisplayValue('0937')).toBeVisible();
    expect(card.queryByDisplayValue('4821')).toBeNull();
    await waitFor(() => expect(api.calls(`POST ${PIN}`)).toHaveLength(2));
  });

  it('sends the PIN by SMS to a verified number when asked', async () => {
    const api = mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`GET ${PIN}`]: { body: accessWith({ phoneVerified: true }) },
      [`POST ${PIN}`]: {
        status: 201,
        body: apiFixture(ussdPinIssuedSchema, {
          pin: '5512',
          pinSetAt: '2026-11-24T09:00:00.000Z',
          sentBySms: true,
        }),
      },
    });
    const { user, card } = await openCard();
    await user.click(await card.findByRole('checkbox', { name: 'Also send the PIN to Musa by SMS' }));
    await user.click(card.getByRole('button', { name: 'Give a new PIN' }));
    expect(await card.findByText('Sent to Musa by SMS too. It is shown only now.')).toBeVisible();
    expect(api.calls(`POST ${PIN}`)[0]!.body).toEqual({ sendBySms: true });
  });

  it('shows the lock after wrong PINs', async () => {
    mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`GET ${PIN}`]: {
        body: accessWith({
          pinSetAt: '2026-11-20T09:00:00.000Z',
          failedTries: 5,
          lockedUntil: '2026-11-24T13:35:00.000Z',
        }),
      },
    });
    const { card } = await openCard();
    expect(await card.findByText('Menu locked')).toBeVisible();
    expect(
      card.getByText(
        'Locked after 5 wrong PINs in a row, until 24 Nov 2026, 14:35. A new PIN unlocks it now.',
      ),
    ).toBeVisible();
  });

  it('says when the USSD menu is not turned on', async () => {
    mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`GET ${PIN}`]: { body: accessWith({ serviceCode: null }) },
    });
    const { card } = await openCard();
    expect(await card.findByText('The USSD menu is not turned on for this platform.')).toBeVisible();
    expect(card.queryByRole('button', { name: 'Give a new PIN' })).toBeNull();
  });

  it('speaks Pidgin to a transporter who chose it', async () => {
    mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`GET ${PIN}`]: { body: accessWith({ failedTries: 1 }) },
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profileFixture({ language: 'pcm' }) } },
    });
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    seedSession('role_transporter');
    renderRoute(`/fleet/drivers/${DRIVER_ID}`);
    const card = within(await screen.findByRole('region', { name: 'USSD access' }));
    expect(await card.findByText(/go dial/)).toHaveTextContent(
      'Musa go dial *384*1234# for any phone, even without data',
    );
    expect(card.getByText('No PIN yet: Musa no fit use the menu until you give am one.')).toBeVisible();
    expect(card.getByText(/^1 wrong PIN since the last correct one/)).toBeVisible();
    expect(card.getByRole('button', { name: 'Give new PIN' })).toBeVisible();
  });
});
