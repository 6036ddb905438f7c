import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/api-mock';
import { renderRoute, seedSession } from '../../../../test/render';
import { startedTrip, TRACKING_ID, TRIP_DETAIL, TRIP_ID } from '../../test-fixtures';

const URL_OF_TRIP = `${window.location.origin}/tripprogress/${TRACKING_ID}`;

describe('the printable QR code of a tracking link', () => {
  it('shows the trip, a QR code of its tracking link as SVG, and prints', async () => {
    mockApi({ [TRIP_DETAIL]: { body: startedTrip() } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    seedSession('role_customer');
    const { user, unmount } = renderRoute(`/trips/${TRIP_ID}/tracking-qr`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(document.title).toBe('QR code · Trip TRP-2026-000123 · Freightlane');
    const sheet = screen.getByRole('article', { name: 'Trip TRP-2026-000123' });
    expect(within(sheet).getByText('Freightlane')).toBeVisible();
    expect(within(sheet).getByText('Import LOC')).toBeVisible();
    expect(within(sheet).getByText('MSKU1234565')).toBeVisible();
    expect(within(sheet).getByText(URL_OF_TRIP)).toBeVisible();
    expect(within(sheet).getByText('Never expires')).toBeVisible();

    const qr = await within(sheet).findByRole('img', { name: `QR code of the tracking link ${URL_OF_TRIP}` });
    const svg = qr.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg!.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(svg!.querySelectorAll('path').length).toBeGreaterThan(0);

    // Printing leaves out the app shell while this page is shown, and only then.
    expect(document.documentElement).toHaveAttribute('data-print-bare');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(
      within(screen.getByRole('link', { name: 'Back to the trip' })).getByText('Back to the trip'),
    ).toBeVisible();
    unmount();
    expect(document.documentElement).not.toHaveAttribute('data-print-bare');
  });

  it('draws a different code for a different link', async () => {
    const { toString } = await import('qrcode');
    const first = await toString(URL_OF_TRIP, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const second = await toString(`${URL_OF_TRIP}x`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    expect(first).not.toBe(second);

    mockApi({ [TRIP_DETAIL]: { body: startedTrip() } });
    seedSession('role_transporter');
    renderRoute(`/trips/${TRIP_ID}/tracking-qr`);
    const qr = await screen.findByRole('img', { name: /QR code of the tracking link/ });
    const drawn = qr.querySelector('svg path:last-of-type')?.getAttribute('d');
    expect(first).toContain(`d="${drawn}"`);
  });

  it('warns on screen when the link has expired', async () => {
    mockApi({ [TRIP_DETAIL]: { body: startedTrip({ trackingExpiresAt: '2026-01-10T08:30:00.000Z' }) } });
    seedSession('role_customer');
    renderRoute(`/trips/${TRIP_ID}/tracking-qr`);
    expect(await screen.findByText('This link has expired')).toBeVisible();
    expect(screen.getByRole('article')).toHaveTextContent('Expired 10 Jan 2026, 09:30');
  });

  it('says when the trip is not one of the company’s', async () => {
    mockApi({ [TRIP_DETAIL]: { status: 404, body: { message: 'Trip not found', code: 'NOT_FOUND' } } });
    seedSession('role_customer');
    renderRoute(`/trips/${TRIP_ID}/tracking-qr`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip not found' })).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
