import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockReply } from '../../../../test/api-mock';
import type { TestRole } from '../../../../test/fakes';
import { pageOf, tripSummary } from '../../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../../test/render';

const ONGOING_LINK = 'GET /api/v1/trips/ongoing-link';
const ROTATE_ONGOING_LINK = 'POST /api/v1/trips/ongoing-link/rotate';
const SHARE_ID = 'T2thZm9ySW1wb3J0c0x0ZDE';
const NEW_SHARE_ID = 'TmV3T2thZm9ySW1wb3J0czI';
const urlOf = (shareId: string) => `${window.location.origin}/ongoingtripprogress/${shareId}`;

function openTripsPage(role: TestRole, extra: Record<string, MockReply> = {}) {
  const api = mockApi({
    'GET /api/v1/trips': { body: pageOf([tripSummary()]) },
    [ONGOING_LINK]: { body: { shareId: SHARE_ID } },
    ...extra,
  });
  seedSession(role);
  return { api, ...renderRoute('/trips') };
}

describe('sharing the ongoing trips', () => {
  it('gives a customer the link with the ways to share it and what it shows', async () => {
    const { api, user } = openTripsPage('role_customer');
    await user.click(await screen.findByRole('button', { name: 'Share ongoing trips' }));

    const dialog = await screen.findByRole('dialog', { name: 'Share your ongoing trips' });
    expect(dialog).toHaveTextContent(
      'Anyone with this link sees your ongoing trips: containers, places and status, never prices or phone numbers.',
    );
    expect(await within(dialog).findByText(urlOf(SHARE_ID))).toBeVisible();
    expect(within(dialog).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Follow our ongoing trips on Freightlane: ${urlOf(SHARE_ID)}`)}`,
    );
    expect(within(dialog).getByRole('link', { name: /Open link/ })).toHaveAttribute('href', urlOf(SHARE_ID));
    expect(within(dialog).queryByRole('link', { name: 'Print QR code' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe(urlOf(SHARE_ID));

    await user.click(within(dialog).getByRole('button', { name: 'QR code' }));
    const qr = await within(dialog).findByRole('img', {
      name: `QR code of the ongoing trips link ${urlOf(SHARE_ID)}`,
    });
    expect(qr.querySelector('svg')).not.toBeNull();
    expect(api.calls(ONGOING_LINK)).toHaveLength(1);
  });

  it.each<TestRole>(['role_transporter', 'role_fleet_manager'])('is not offered to a %s', async (role) => {
    const { api } = openTripsPage(role);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trips' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Schedule' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Share ongoing trips' })).toBeNull();
    expect(api.calls(ONGOING_LINK)).toHaveLength(0);
  });

  it('makes a new link only after confirmation, then shows it', async () => {
    const { api, user } = openTripsPage('role_customer', {
      [ROTATE_ONGOING_LINK]: { body: { shareId: NEW_SHARE_ID } },
    });
    await user.click(await screen.findByRole('button', { name: 'Share ongoing trips' }));
    let dialog = await screen.findByRole('dialog', { name: 'Share your ongoing trips' });
    await user.click(await within(dialog).findByRole('button', { name: 'Make a new link' }));

    let confirm = await screen.findByRole('dialog', { name: 'Make a new link?' });
    expect(confirm).toHaveTextContent('The current link stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    dialog = await screen.findByRole('dialog', { name: 'Share your ongoing trips' });
    expect(within(dialog).getByText(urlOf(SHARE_ID))).toBeVisible();
    expect(api.calls(ROTATE_ONGOING_LINK)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    confirm = await screen.findByRole('dialog', { name: 'Make a new link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));

    dialog = await screen.findByRole('dialog', { name: 'Share your ongoing trips' });
    expect(await within(dialog).findByText(urlOf(NEW_SHARE_ID))).toBeVisible();
    expect(within(dialog).queryByText(urlOf(SHARE_ID))).toBeNull();
    expect(await screen.findByText('A new link is made. The old one no longer works.')).toBeVisible();
    expect(api.calls(ROTATE_ONGOING_LINK)).toHaveLength(1);
  });

  it('shows the server’s message when the link cannot be loaded, and tries again', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/v1/trips': { body: pageOf([tripSummary()]) },
      [ONGOING_LINK]: () =>
        fail
          ? { status: 503, body: { message: 'The service is busy. Try again shortly.' } }
          : { body: { shareId: SHARE_ID } },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/trips');
    await user.click(await screen.findByRole('button', { name: 'Share ongoing trips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share your ongoing trips' });

    expect(await within(dialog).findByText('The service is busy. Try again shortly.')).toBeVisible();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(urlOf(SHARE_ID))).toBeVisible();
    await waitFor(() => expect(api.calls(ONGOING_LINK)).toHaveLength(2));
  });
});
