import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DAY_MS, lagosDateTimeInput } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply, type RecordedRequest } from '../../../../test/api-mock';
import type { TestRole } from '../../../../test/fakes';
import { renderRoute, seedSession } from '../../../../test/render';
import { shownDayFirst, typedDayFirst } from '../../../../test/typed-date';
import { startedTrip, TRACKING_ID, TRIP_DETAIL, TRIP_ID } from '../../test-fixtures';

// Each test renders the whole trip page, which takes seconds under jsdom.

const SET_EXPIRY = `PUT /api/v1/trips/${TRIP_ID}/tracking-link`;
const REVOKE = `POST /api/v1/trips/${TRIP_ID}/tracking-link/revoke`;
const URL_OF_TRIP = `${window.location.origin}/tripprogress/${TRACKING_ID}`;

function openTripPage(
  role: TestRole,
  trip = startedTrip(),
  extra: Record<string, MockReply | ((request: RecordedRequest) => MockReply)> = {},
) {
  const api = mockApi({ [TRIP_DETAIL]: { body: trip }, ...extra });
  seedSession(role);
  const view = renderRoute(`/trips/${TRIP_ID}`);
  return { api, ...view };
}

async function findCard() {
  return screen.findByRole('region', { name: 'Tracking link' });
}

describe('the tracking link card', () => {
  it('shows the customer the link, the ways to share it and that it never expires', async () => {
    openTripPage('role_customer');
    const card = await findCard();

    expect(within(card).getByText(URL_OF_TRIP)).toBeVisible();
    expect(card).toHaveTextContent('Never expires');
    const whatsApp = within(card).getByRole('link', { name: /WhatsApp/ });
    expect(whatsApp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Follow trip TRP-2026-000123 on Freightlane: ${URL_OF_TRIP}`)}`,
    );
    expect(whatsApp.getAttribute('href')).toContain('Follow%20trip%20TRP-2026-000123%20on%20Freightlane');
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp.getAttribute('rel')).toContain('noopener');
    // The public page is not part of this app: a full URL, loaded afresh.
    expect(within(card).getByRole('link', { name: /Open link/ })).toHaveAttribute('href', URL_OF_TRIP);
    expect(within(card).getByRole('link', { name: 'Print QR code' })).toHaveAttribute(
      'href',
      `/trips/${TRIP_ID}/tracking-qr`,
    );
  });

  it('shows when the link expires, in Lagos time', async () => {
    openTripPage('role_transporter', startedTrip({ trackingExpiresAt: '2099-11-21T13:05:00.000Z' }));
    expect(await findCard()).toHaveTextContent('Expires 21 Nov 2099, 14:05');
  });

  it('shows Expired in red once the expiry has passed, to a fleet manager too', async () => {
    openTripPage('role_fleet_manager', startedTrip({ trackingExpiresAt: '2026-01-10T08:30:00.000Z' }));
    const card = await findCard();
    expect(card).toHaveTextContent('Expired 10 Jan 2026, 09:30');
    expect(within(card).getByText('Expired')).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(card).toHaveTextContent('Set a new expiry to open it again.');
  });

  it('copies the link and says so', async () => {
    const { user } = openTripPage('role_customer');
    const card = await findCard();

    await user.click(within(card).getByRole('button', { name: 'Copy link' }));

    expect(await within(card).findByRole('button', { name: 'Copied' })).toBeVisible();
    expect(within(card).getByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(URL_OF_TRIP);
  });

  it('sets the expiry in Lagos time, and shows the server’s refusal under the field', async () => {
    const inThreeDays = lagosDateTimeInput(new Date(Date.now() + 3 * DAY_MS));
    const savedAt = new Date(Date.parse(`${inThreeDays}:00+01:00`)).toISOString();
    let refuse = true;
    const { api, user } = openTripPage('role_customer', startedTrip(), {
      [SET_EXPIRY]: () =>
        refuse
          ? {
              status: 400,
              body: {
                message: 'Invalid request. expiresAt: The expiry can be at most 90 days away',
                code: 'BAD_REQUEST',
                errors: [{ field: 'expiresAt', message: 'The expiry can be at most 90 days away' }],
              },
            }
          : { body: { trackingId: TRACKING_ID, expiresAt: savedAt } },
    });
    const card = await findCard();

    await user.click(within(card).getByRole('button', { name: 'Set expiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tracking link expiry' });
    const input = within(dialog).getByLabelText('Link works until');
    const time = within(dialog).getByLabelText('Link works until: time');
    // A week ahead to start with, the day written as a Nigerian reads it.
    expect(input).toHaveValue(
      shownDayFirst(lagosDateTimeInput(new Date(Date.now() + 7 * DAY_MS)).slice(0, 10)),
    );

    // A time already past is caught before anything is sent.
    await user.clear(input);
    await user.type(input, '1/5/2020');
    fireEvent.change(time, { target: { value: '10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The expiry must be in the future')).toBeVisible();
    expect(api.calls(SET_EXPIRY)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, typedDayFirst(inThreeDays.slice(0, 10)));
    fireEvent.change(time, { target: { value: inThreeDays.slice(11, 16) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The expiry can be at most 90 days away')).toBeVisible();
    expect(api.calls(SET_EXPIRY)[0]?.body).toEqual({ expiresAt: `${inThreeDays}:00+01:00` });
    expect(input).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tracking link expiry' })).toBeNull());
    const day = inThreeDays.slice(8, 10).replace(/^0/, '');
    expect(card).toHaveTextContent(new RegExp(`Expires ${day} \\w{3} \\d{4}, ${inThreeDays.slice(11, 16)}`));
    expect(api.calls(SET_EXPIRY)).toHaveLength(2);
  });

  it('makes the link never expire', async () => {
    const { api, user } = openTripPage(
      'role_transporter',
      startedTrip({ trackingExpiresAt: '2099-11-21T13:05:00.000Z' }),
      { [SET_EXPIRY]: { body: { trackingId: TRACKING_ID, expiresAt: null } } },
    );
    const card = await findCard();

    await user.click(within(card).getByRole('button', { name: 'Set expiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tracking link expiry' });
    // The form starts from the link's own expiry.
    expect(within(dialog).getByLabelText('Link works until')).toHaveValue('21 Nov 2099');
    expect(within(dialog).getByLabelText('Link works until: time')).toHaveValue('14:05');
    await user.click(within(dialog).getByRole('button', { name: 'Never expires' }));

    await waitFor(() => expect(card).toHaveTextContent('Never expires'));
    expect(api.calls(SET_EXPIRY)[0]?.body).toEqual({ expiresAt: null });
  });

  it('revokes the link only after confirmation, then shows the new one', async () => {
    const newId = 'TmV3VHJhY2tpbmdMaW5rMTI';
    const { api, user } = openTripPage('role_customer', startedTrip(), {
      [REVOKE]: { body: { trackingId: newId, expiresAt: null } },
    });
    const card = await findCard();

    await user.click(within(card).getByRole('button', { name: 'Revoke link' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke the tracking link?' });
    expect(dialog).toHaveTextContent('The current link stops working at once');
    expect(dialog).toHaveTextContent('A new link is made for this trip');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(REVOKE)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Revoke link' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke the tracking link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    const newUrl = `${window.location.origin}/tripprogress/${newId}`;
    expect(await within(card).findByText(newUrl)).toBeVisible();
    expect(within(card).queryByText(URL_OF_TRIP)).toBeNull();
    expect(within(card).getByRole('link', { name: /Open link/ })).toHaveAttribute('href', newUrl);
    expect(await screen.findByText('The old link no longer works. Share the new one.')).toBeVisible();
    expect(api.calls(REVOKE)).toHaveLength(1);
  });

  it('shows the server’s message when revoking fails, and keeps the link', async () => {
    const { user } = openTripPage('role_admin', startedTrip(), {
      [REVOKE]: { status: 404, body: { message: 'Trip not found', code: 'NOT_FOUND' } },
    });
    const card = await findCard();

    await user.click(within(card).getByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the tracking link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Trip not found')).toBeVisible();
    expect(within(card).getByText(URL_OF_TRIP)).toBeVisible();
  });
});
